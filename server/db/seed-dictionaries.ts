/** System dictionaries of a new install: [value, text, colour?] per item. Business dictionaries come with their schemas. */
export interface SeedDictionary {
  code: string;
  name: string;
  description?: string;
  items: [string, string, string?][];
}

export const SYSTEM_DICTIONARIES: SeedDictionary[] = [
  {
    code: 'sex',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    items: [
      ['L', '一般', 'blue'],
      ['M', '重要', 'orange'],
      ['H', '紧急', 'red'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    items: [
      ['1', '正常'],
      ['2', '冻结'],
    ],
  },
  {
    code: 'valid_status',
    name: '有效状态',
    items: [
      ['1', '有效'],
      ['0', '无效'],
    ],
  },
  {
    code: 'yn',
    name: '是否',
    items: [
      ['1', '是'],
      ['0', '否'],
    ],
  },
  {
    code: 'send_status',
    name: '发布状态',
    items: [
      ['0', '未发布'],
      ['1', '已发布'],
      ['2', '已撤销'],
    ],
  },
  {
    code: 'msg_category',
    name: '消息类型',
    items: [
      ['1', '通知公告'],
      ['2', '系统消息'],
    ],
  },
  {
    code: 'msg_type',
    name: '通告对象类型',
    items: [
      ['ALL', '全体用户'],
      ['USER', '指定用户'],
    ],
  },
  {
    code: 'open_type',
    name: '打开方式',
    items: [
      ['url', '页面'],
      ['component', '组件'],
    ],
  },
  {
    code: 'menu_type',
    name: '菜单类型',
    items: [
      ['0', '一级菜单'],
      ['1', '子菜单'],
      ['2', '按钮权限'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    items: [
      ['1', '机构'],
      ['2', '部门'],
      ['3', '岗位'],
    ],
  },
  {
    code: 'log_type',
    name: '日志类型',
    items: [
      ['1', '登录日志'],
      ['2', '操作日志'],
    ],
  },
  {
    code: 'operate_type',
    name: '操作类型',
    items: [
      ['1', '查询'],
      ['2', '添加'],
      ['3', '更新'],
      ['4', '删除'],
      ['5', '导入'],
      ['6', '导出'],
    ],
  },
  {
    code: 'del_flag',
    name: '删除状态',
    items: [
      ['0', '正常'],
      ['1', '已删除'],
    ],
  },
];
