/* Fixed answers for the picker stories (Storybook has no server): a small foundation with five departments and its staff. */

const leaf = (id: string, title: string, orgCode: string) => ({ id, key: id, value: id, title, orgCode, parentId: 'd0', isLeaf: true });

export const STORY_DEPARTS = [
  {
    id: 'd0',
    key: 'd0',
    value: 'd0',
    title: '希望工程基金会',
    orgCode: 'A01',
    parentId: null,
    isLeaf: false,
    children: [
      leaf('d1', '办公室', 'A01A01'),
      leaf('d2', '募捐部', 'A01A02'),
      leaf('d3', '项目部', 'A01A03'),
      leaf('d4', '财务部', 'A01A04'),
      leaf('d5', '资助部', 'A01A05'),
    ],
  },
];

export const STORY_USERS = [
  { id: 'u1', username: 'admin', realname: '管理员', sex: 1, phone: '13800000001', orgCodeTxt: '希望工程基金会,办公室', departs: ['d0', 'd1'] },
  { id: 'u2', username: 'zhangwei', realname: '张伟', sex: 1, phone: '13800000002', orgCodeTxt: '募捐部', departs: ['d2'] },
  { id: 'u3', username: 'lina', realname: '李娜', sex: 2, phone: '13800000003', orgCodeTxt: '项目部', departs: ['d3'] },
  { id: 'u4', username: 'wangfang', realname: '王芳', sex: 2, phone: '13800000004', orgCodeTxt: '财务部,资助部', departs: ['d4', 'd5'] },
];

const contains = (url: URL) => (url.searchParams.get('username') ?? '').replace(/\*/g, '');

export const PICKER_ROUTES = {
  '/sys/sysDepart/queryTreeList': () => STORY_DEPARTS,
  '/sys/sysDepart/searchBy': (url: URL) => STORY_DEPARTS[0].children.filter((d) => d.title.includes(url.searchParams.get('keyWord') ?? '')),
  '/sys/user/queryUserComponentData': (url: URL) => {
    const named = url.searchParams.get('usernames');
    if (named !== null) return STORY_USERS.filter((u) => named.split(',').includes(u.username));
    const records = STORY_USERS.filter((u) => u.username.includes(contains(url)));
    return { records, total: records.length, size: 10, current: 1, pages: 1 };
  },
  '/sys/user/queryUserByDepId': (url: URL) =>
    STORY_USERS.filter((u) => u.departs.includes(url.searchParams.get('id') ?? '') && u.username.includes(contains(url))),
};
