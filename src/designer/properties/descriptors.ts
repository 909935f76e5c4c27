import type { WidgetItem, WidgetOptions } from '../../core/schema/types.generated.ts';
import type { SettingId } from '../../runtime/widgets/contract.ts';
import { widgetOf } from '../../widgets/registry.ts';
import { isDataWidget } from '../state/items.ts';
import { normalizeBound, normalizePrecision, normalizeScrollY, setIntegerOnly } from '../state/limits.ts';

/*
 * The item property panel as data (spec section 3, "Widget options by type"): each row names the option
 * it edits, the editor, what is shown while it is unset, and how an edited value is stored (the limits of
 * spec section 5). A widget's registration lists its rows (`settings`) in panel order; OptionEditor
 * renders any of them.
 */
export type EditorKind = 'text' | 'textarea' | 'number' | 'switch' | 'select' | 'tags' | 'formCode' | 'json';

export interface OptionDescriptor {
  /** The row's id, as registrations name it: the option key, or key:variant. */
  id: SettingId;
  /** The option it edits. */
  key: keyof WidgetOptions;
  label: string;
  editor: EditorKind;
  /** Shown while the option is unset (never written unless edited). */
  fallback?: unknown;
  min?: number;
  max?: number;
  choices?: { value: string; label: string }[];
  placeholder?: string;
  /** Stores an edited value; by default the value is set as is. */
  apply?: (options: WidgetOptions, value: never) => WidgetOptions;
  /** Shown only while this holds. */
  when?: (options: WidgetOptions) => boolean;
}

const CHOICE = ['select', 'radio', 'checkbox'];
/** A data widget the user can see: everything with a value except the hidden field. */
const visibleData = (type: string) => isDataWidget(type) && type !== 'hidden';

const set = (key: keyof WidgetOptions) => (options: WidgetOptions, value: unknown) => ({ ...options, [key]: value });
const choices = (...pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));
const DATE_FORMATS = choices(
  ['YYYY-MM-DD', 'YYYY-MM-DD'],
  ['YYYY-MM', 'YYYY-MM（月份）'],
  ['YYYY', 'YYYY'],
  ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm:ss'],
  ['YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm'],
);
const ALIGN = choices(['left', '左'], ['center', '中'], ['right', '右']);

type Row = Omit<OptionDescriptor, 'id' | 'key'>;

/** Every row a widget may name, by id: the option it edits is the id up to a colon. */
const ROWS = {
  width: { label: '宽度', editor: 'text', fallback: '100%' },
  placeholder: { label: '占位内容', editor: 'text' },
  defaultValue: { label: '默认值', editor: 'text', placeholder: '可用 ${username} ${realname}' },
  'defaultValue:plain': { label: '默认值', editor: 'text' },
  'defaultValue:number': { label: '默认值', editor: 'number' },
  'defaultValue:switch': { label: '默认开启', editor: 'switch' },
  'defaultValue:tags': { label: '默认选中', editor: 'tags' },
  'defaultValue:json': { label: '默认值（JSON）', editor: 'json' },
  'defaultValue:html': { label: 'HTML 内容', editor: 'textarea' },
  maxLength: { label: '最大长度', editor: 'number', min: 0, placeholder: '不限' },
  minRows: { label: '最小行数', editor: 'number', min: 1, fallback: 4 },
  maxRows: { label: '最大行数', editor: 'number', min: 1, fallback: 6 },
  min: { label: '最小值', editor: 'number', placeholder: '不限', apply: (o, v) => ({ ...o, min: normalizeBound(v) }) },
  max: { label: '最大值', editor: 'number', placeholder: '不限', apply: (o, v) => ({ ...o, max: normalizeBound(v) }) },
  step: { label: '步长', editor: 'number', fallback: 1 },
  integer: { label: '只能输入整数', editor: 'switch', apply: (o, v: boolean) => setIntegerOnly(o, v) },
  precision: {
    label: '数值精度',
    editor: 'number',
    min: 0,
    placeholder: '0–50，空为不限',
    apply: (o, v) => ({ ...o, precision: normalizePrecision(v) }),
    when: (o) => !o.integer,
  },
  multiple: { label: '多选', editor: 'switch' },
  'multiple:files': { label: '多个文件', editor: 'switch' },
  showSearch: { label: '可搜索', editor: 'switch' },
  'format:date': { label: '日期格式', editor: 'select', fallback: 'YYYY-MM-DD', choices: DATE_FORMATS },
  'format:datetime': { label: '日期格式', editor: 'select', fallback: 'YYYY-MM-DD HH:mm:ss', choices: DATE_FORMATS },
  'format:time': { label: '时间格式', editor: 'select', fallback: 'HH:mm:ss', choices: choices(['HH:mm:ss', 'HH:mm:ss'], ['HH:mm', 'HH:mm']) },
  range: { label: '范围选择', editor: 'switch' },
  showTime: { label: '显示时间', editor: 'switch' },
  rangeDefaultValue: { label: '范围默认值（开始、结束）', editor: 'tags', max: 2, when: (o) => !!o.range },
  rangePlaceholder: { label: '范围占位（开始、结束）', editor: 'tags', max: 2, when: (o) => !!o.range },
  disabledDate: {
    label: '禁用日期',
    editor: 'select',
    fallback: 'none',
    choices: choices(['none', '不禁用'], ['all', '全部禁用'], ['formerly', '今天及以前'], ['custom', '自定义范围之外']),
  },
  disabledDateRange: { label: '可选范围（开始、结束日期）', editor: 'tags', max: 2, placeholder: 'YYYY-MM-DD', when: (o) => o.disabledDate === 'custom' },
  allowHalf: { label: '允许半选', editor: 'switch' },
  showInput: { label: '显示输入框', editor: 'switch' },
  activeValue: { label: '开启时的值', editor: 'text', fallback: 'Y' },
  inactiveValue: { label: '关闭时的值', editor: 'text', fallback: 'N' },
  limit: { label: '最大上传数量', editor: 'number', min: 1, fallback: 3 },
  listType: {
    label: '列表样式',
    editor: 'select',
    fallback: 'picture-card',
    choices: choices(['text', '文字'], ['picture', '图片'], ['picture-card', '卡片']),
  },
  action: { label: '上传地址（空为系统上传）', editor: 'text' },
  fileName: { label: '文件字段名', editor: 'text', fallback: 'file' },
  data: { label: '附加数据（JSON 字符串）', editor: 'textarea' },
  headers: { label: '请求头（JSON）', editor: 'json' },
  downloadWay: { label: '下载方式', editor: 'select', fallback: 'a', choices: choices(['a', '链接'], ['ajax', '请求'], ['dynamic', '自定义']) },
  'dynamicFun:download': { label: '自定义下载函数名', editor: 'text', when: (o) => o.downloadWay === 'dynamic' },
  drag: { label: '拖拽上传', editor: 'switch' },
  height: { label: '高度', editor: 'number', min: 50, fallback: 300 },
  chinesization: { label: '中文界面', editor: 'switch', fallback: true },
  dictTable: { label: '字典表名', editor: 'text' },
  dictText: { label: '文本字段', editor: 'text' },
  dictCode: { label: '值字段', editor: 'text' },
  condition: { label: '查询条件（JSON 字符串）', editor: 'text' },
  'condition:linkDown': { label: '第一级查询条件（JSON 字符串）', editor: 'text' },
  options: { label: '选项（JSON，可含 children）', editor: 'json' },
  areaType: { label: '展示方式', editor: 'select', fallback: 'cascader', choices: choices(['cascader', '级联'], ['select', '下拉']) },
  popupCode: { label: '报表编码', editor: 'text' },
  orgFields: { label: '报表字段（逗号分隔）', editor: 'text' },
  destFields: { label: '表单字段（逗号分隔，与报表字段一一对应）', editor: 'text' },
  groupId: { label: '缓存分组（同组 30 秒共用报表请求）', editor: 'text' },
  linkTable: { label: '字典表名', editor: 'text' },
  linkTxt: { label: '文本字段', editor: 'text' },
  linkKey: { label: '存储字段', editor: 'text' },
  linkIdField: { label: 'ID 字段', editor: 'text', fallback: 'id' },
  linkPidField: { label: '父级字段', editor: 'text' },
  linkFields: { label: '联动字段（逗号分隔，依次为下级）', editor: 'text' },
  pcode: { label: '父级分类编码（空为顶级）', editor: 'text' },
  'type:button': {
    label: '按钮类型',
    editor: 'select',
    fallback: 'primary',
    choices: choices(['primary', '主要'], ['default', '默认'], ['dashed', '虚线'], ['danger', '危险']),
  },
  handle: {
    label: '点击动作',
    editor: 'select',
    fallback: 'submit',
    choices: choices(['submit', '提交（校验表单）'], ['reset', '重置'], ['dynamic', '自定义函数']),
  },
  'dynamicFun:button': { label: '自定义函数名（代码中注册）', editor: 'text' },
  onlineFormCode: { label: '子表表单', editor: 'formCode' },
  scrollY: { label: '表格高度（0 为不限）', editor: 'number', min: 0, apply: (o, v) => ({ ...o, scrollY: normalizeScrollY(v) }) },
  showLabel: { label: '显示标签', editor: 'switch' },
  hideSequence: { label: '隐藏序号', editor: 'switch' },
  gutter: { label: '栅格间距', editor: 'number', min: 0, fallback: 0 },
  'type:alert': {
    label: '类型',
    editor: 'select',
    fallback: 'success',
    choices: choices(['success', '成功'], ['info', '信息'], ['warning', '警告'], ['error', '错误']),
  },
  description: { label: '辅助文字', editor: 'textarea' },
  showIcon: { label: '显示图标', editor: 'switch' },
  banner: { label: '顶部公告', editor: 'switch' },
  closable: { label: '可关闭', editor: 'switch' },
  textAlign: { label: '对齐', editor: 'select', fallback: 'left', choices: ALIGN },
  showRequiredMark: { label: '显示必填标记', editor: 'switch' },
  orientation: { label: '标题位置', editor: 'select', fallback: 'left', choices: ALIGN },
  bordered: { label: '边框', editor: 'switch', fallback: true },
  bright: { label: '鼠标悬停高亮', editor: 'switch' },
  small: { label: '紧凑', editor: 'switch', fallback: true },
  customStyle: { label: '自定义样式', editor: 'text' },
  isCc: { label: '作为抄送人', editor: 'switch' },
  clearable: { label: '可清除', editor: 'switch' },
  hidden: { label: '隐藏', editor: 'switch' },
  disabled: { label: '禁用', editor: 'switch' },
} satisfies { [id in SettingId]?: Row };

/** The rows by id (a widget's registration names them in `settings`). */
export const OPTION_DESCRIPTORS: ReadonlyMap<SettingId, OptionDescriptor> = new Map(
  Object.entries(ROWS).map(([id, row]: [string, Row]) => [id as SettingId, { id: id as SettingId, key: id.split(':')[0] as keyof WidgetOptions, ...row }]),
);

/** The options shown for one item, in panel order: the rows its widget's registration names. */
export function descriptorsFor(item: WidgetItem): OptionDescriptor[] {
  const options = item.options ?? {};
  const rows = (widgetOf(item.type)?.settings ?? []).flatMap((id) => OPTION_DESCRIPTORS.get(id) ?? []);
  return rows.filter((d) => !d.when || d.when(options));
}

export function applyOption(options: WidgetOptions | undefined, d: OptionDescriptor, value: unknown): WidgetOptions {
  return (d.apply ?? set(d.key))(options ?? {}, value as never);
}

/** Choice widgets get the options-source editor; data widgets other than batch and hidden get the rules editor. */
export const hasSource = (item: WidgetItem) => CHOICE.includes(item.type);
export const hasRules = (type: string) => visibleData(type) && type !== 'batch';
export const hasModel = isDataWidget;
