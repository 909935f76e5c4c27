import type { WidgetItem, WidgetOptions } from '../../core/schema/types.generated.ts';
import { isDataWidget } from '../state/items.ts';
import { normalizeBound, normalizePrecision, normalizeScrollY, setIntegerOnly } from '../state/limits.ts';

/*
 * The item property panel as data (spec section 3, "Widget options by type"): each option names the
 * widget types it applies to, the editor that edits it, what is shown while it is unset, and how an
 * edited value is stored (the limits of spec section 5). OptionEditor renders any of them.
 */
export type EditorKind = 'text' | 'textarea' | 'number' | 'switch' | 'select' | 'tags' | 'formCode' | 'json';

export interface OptionDescriptor {
  key: keyof WidgetOptions;
  label: string;
  editor: EditorKind;
  /** The widget types it applies to, or a test on the type. */
  types: readonly string[] | ((type: string) => boolean);
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

const TEXTUAL = ['input', 'textarea', 'password'];
const NUMERIC = ['number', 'integer'];
const PICKERS = ['date', 'datetime', 'time'];
const CHOICE = ['select', 'radio', 'checkbox'];
const UPLOADS = ['uploadFile', 'uploadImg'];
const TREES = ['treeSelect', 'cascader'];
const PICKER_LIKE = ['selectSearch', ...TREES, 'pca'];
/** A data widget the user can see: everything with a value except the hidden field. */
const visibleData = (type: string) => isDataWidget(type) && type !== 'hidden';

const set = (key: keyof WidgetOptions) => (options: WidgetOptions, value: unknown) => ({ ...options, [key]: value });
const choices = (...pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));
const DATE_FORMATS = choices(['YYYY-MM-DD', 'YYYY-MM-DD'], ['YYYY-MM', 'YYYY-MM（月份）'], ['YYYY', 'YYYY'], ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm:ss'], ['YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm']);

export const OPTION_DESCRIPTORS: OptionDescriptor[] = [
  { key: 'width', label: '宽度', editor: 'text', types: [...TEXTUAL, ...NUMERIC, ...PICKERS, ...UPLOADS, 'select', 'slider', 'batch', 'table', 'card', 'editor'], fallback: '100%' },
  { key: 'placeholder', label: '占位内容', editor: 'text', types: [...TEXTUAL, ...NUMERIC, ...PICKERS, ...PICKER_LIKE, 'select'] },
  { key: 'defaultValue', label: '默认值', editor: 'text', types: [...TEXTUAL, ...PICKERS, 'select', 'radio', 'hidden', 'user', 'dept', 'selectSearch', 'treeSelect', 'pca', 'download', 'editor', 'markdown', ...UPLOADS], placeholder: '可用 ${username} ${realname}' },
  { key: 'defaultValue', label: '默认值', editor: 'number', types: [...NUMERIC, 'rate', 'slider'] },
  { key: 'defaultValue', label: '默认开启', editor: 'switch', types: ['switch'] },
  { key: 'defaultValue', label: '默认选中', editor: 'tags', types: ['checkbox'] },
  { key: 'defaultValue', label: '默认值（JSON）', editor: 'json', types: ['cascader'] },
  { key: 'maxLength', label: '最大长度', editor: 'number', types: ['input', 'textarea'], min: 0, placeholder: '不限' },
  { key: 'minRows', label: '最小行数', editor: 'number', types: ['textarea'], min: 1, fallback: 4 },
  { key: 'maxRows', label: '最大行数', editor: 'number', types: ['textarea'], min: 1, fallback: 6 },
  { key: 'min', label: '最小值', editor: 'number', types: [...NUMERIC, 'slider'], placeholder: '不限', apply: (o, v) => ({ ...o, min: normalizeBound(v) }) },
  { key: 'max', label: '最大值', editor: 'number', types: [...NUMERIC, 'slider', 'rate'], placeholder: '不限', apply: (o, v) => ({ ...o, max: normalizeBound(v) }) },
  { key: 'step', label: '步长', editor: 'number', types: [...NUMERIC, 'slider'], fallback: 1 },
  { key: 'integer', label: '只能输入整数', editor: 'switch', types: ['number'], apply: (o, v: boolean) => setIntegerOnly(o, v) },
  { key: 'precision', label: '数值精度', editor: 'number', types: ['number'], min: 0, placeholder: '0–50，空为不限', apply: (o, v) => ({ ...o, precision: normalizePrecision(v) }), when: (o) => !o.integer },
  { key: 'multiple', label: '多选', editor: 'switch', types: ['select', 'treeSelect'] },
  { key: 'showSearch', label: '可搜索', editor: 'switch', types: ['select', ...TREES] },
  { key: 'format', label: '日期格式', editor: 'select', types: ['date'], fallback: 'YYYY-MM-DD', choices: DATE_FORMATS },
  { key: 'format', label: '日期格式', editor: 'select', types: ['datetime'], fallback: 'YYYY-MM-DD HH:mm:ss', choices: DATE_FORMATS },
  { key: 'format', label: '时间格式', editor: 'select', types: ['time'], fallback: 'HH:mm:ss', choices: choices(['HH:mm:ss', 'HH:mm:ss'], ['HH:mm', 'HH:mm']) },
  { key: 'range', label: '范围选择', editor: 'switch', types: ['date', 'datetime'] },
  { key: 'showTime', label: '显示时间', editor: 'switch', types: ['date'] },
  { key: 'rangeDefaultValue', label: '范围默认值（开始、结束）', editor: 'tags', types: ['date', 'datetime'], max: 2, when: (o) => !!o.range },
  { key: 'rangePlaceholder', label: '范围占位（开始、结束）', editor: 'tags', types: ['date', 'datetime'], max: 2, when: (o) => !!o.range },
  {
    key: 'disabledDate',
    label: '禁用日期',
    editor: 'select',
    types: ['date', 'datetime'],
    fallback: 'none',
    choices: choices(['none', '不禁用'], ['all', '全部禁用'], ['formerly', '今天及以前'], ['custom', '自定义范围之外']),
  },
  { key: 'disabledDateRange', label: '可选范围（开始、结束日期）', editor: 'tags', types: ['date', 'datetime'], max: 2, placeholder: 'YYYY-MM-DD', when: (o) => o.disabledDate === 'custom' },
  { key: 'allowHalf', label: '允许半选', editor: 'switch', types: ['rate'] },
  { key: 'showInput', label: '显示输入框', editor: 'switch', types: ['slider'] },
  { key: 'activeValue', label: '开启时的值', editor: 'text', types: ['switch'], fallback: 'Y' },
  { key: 'inactiveValue', label: '关闭时的值', editor: 'text', types: ['switch'], fallback: 'N' },
  { key: 'limit', label: '最大上传数量', editor: 'number', types: UPLOADS, min: 1, fallback: 3 },
  { key: 'listType', label: '列表样式', editor: 'select', types: ['uploadImg'], fallback: 'picture-card', choices: choices(['text', '文字'], ['picture', '图片'], ['picture-card', '卡片']) },
  { key: 'action', label: '上传地址（空为系统上传）', editor: 'text', types: UPLOADS },
  { key: 'fileName', label: '文件字段名', editor: 'text', types: UPLOADS, fallback: 'file' },
  { key: 'data', label: '附加数据（JSON 字符串）', editor: 'textarea', types: UPLOADS },
  { key: 'headers', label: '请求头（JSON）', editor: 'json', types: UPLOADS },
  { key: 'downloadWay', label: '下载方式', editor: 'select', types: ['uploadFile'], fallback: 'a', choices: choices(['a', '链接'], ['ajax', '请求'], ['dynamic', '自定义']) },
  { key: 'dynamicFun', label: '自定义下载函数名', editor: 'text', types: ['uploadFile'], when: (o) => o.downloadWay === 'dynamic' },
  { key: 'multiple', label: '多个文件', editor: 'switch', types: UPLOADS },
  { key: 'drag', label: '拖拽上传', editor: 'switch', types: ['uploadFile'] },
  { key: 'height', label: '高度', editor: 'number', types: ['editor', 'markdown'], min: 50, fallback: 300 },
  { key: 'chinesization', label: '中文界面', editor: 'switch', types: ['editor'], fallback: true },
  { key: 'dictTable', label: '字典表名', editor: 'text', types: ['selectSearch', 'treeSelect'] },
  { key: 'dictText', label: '文本字段', editor: 'text', types: ['selectSearch', 'treeSelect'] },
  { key: 'dictCode', label: '值字段', editor: 'text', types: ['selectSearch', 'treeSelect'] },
  { key: 'condition', label: '查询条件（JSON 字符串）', editor: 'text', types: ['treeSelect'] },
  { key: 'options', label: '选项（JSON，可含 children）', editor: 'json', types: TREES },
  { key: 'areaType', label: '展示方式', editor: 'select', types: ['pca'], fallback: 'cascader', choices: choices(['cascader', '级联'], ['select', '下拉']) },
  { key: 'width', label: '宽度', editor: 'text', types: ['popup'], fallback: '100%' },
  { key: 'placeholder', label: '占位内容', editor: 'text', types: ['popup', 'linkDown'] },
  { key: 'defaultValue', label: '默认值', editor: 'text', types: ['popup', 'linkDown'] },
  { key: 'popupCode', label: '报表编码', editor: 'text', types: ['popup'] },
  { key: 'orgFields', label: '报表字段（逗号分隔）', editor: 'text', types: ['popup'] },
  { key: 'destFields', label: '表单字段（逗号分隔，与报表字段一一对应）', editor: 'text', types: ['popup'] },
  { key: 'multiple', label: '多选', editor: 'switch', types: ['popup'] },
  { key: 'groupId', label: '缓存分组（同组 30 秒共用报表请求）', editor: 'text', types: ['popup'] },
  { key: 'linkTable', label: '字典表名', editor: 'text', types: ['linkDown'] },
  { key: 'linkTxt', label: '文本字段', editor: 'text', types: ['linkDown'] },
  { key: 'linkKey', label: '存储字段', editor: 'text', types: ['linkDown'] },
  { key: 'linkIdField', label: 'ID 字段', editor: 'text', types: ['linkDown'], fallback: 'id' },
  { key: 'linkPidField', label: '父级字段', editor: 'text', types: ['linkDown'] },
  { key: 'condition', label: '第一级查询条件（JSON 字符串）', editor: 'text', types: ['linkDown'] },
  { key: 'linkFields', label: '联动字段（逗号分隔，依次为下级）', editor: 'text', types: ['linkDown'] },
  { key: 'multiple', label: '多选', editor: 'switch', types: ['user', 'dept', 'categoryTree'] },
  { key: 'placeholder', label: '占位内容', editor: 'text', types: ['user', 'dept', 'categoryTree'] },
  { key: 'defaultValue', label: '默认值', editor: 'text', types: ['categoryTree'] },
  { key: 'pcode', label: '父级分类编码（空为顶级）', editor: 'text', types: ['categoryTree'] },
  { key: 'defaultValue', label: 'HTML 内容', editor: 'textarea', types: ['html'] },
  { key: 'type', label: '按钮类型', editor: 'select', types: ['button'], fallback: 'primary', choices: choices(['primary', '主要'], ['default', '默认'], ['dashed', '虚线'], ['danger', '危险']) },
  { key: 'handle', label: '点击动作', editor: 'select', types: ['button'], fallback: 'submit', choices: choices(['submit', '提交（校验表单）'], ['reset', '重置'], ['dynamic', '自定义函数']) },
  { key: 'dynamicFun', label: '自定义函数名（代码中注册）', editor: 'text', types: ['button'] },
  { key: 'onlineFormCode', label: '子表表单', editor: 'formCode', types: ['batch'] },
  { key: 'scrollY', label: '表格高度（0 为不限）', editor: 'number', types: ['batch'], min: 0, apply: (o, v) => ({ ...o, scrollY: normalizeScrollY(v) }) },
  { key: 'showLabel', label: '显示标签', editor: 'switch', types: ['batch', 'editor'] },
  { key: 'hideSequence', label: '隐藏序号', editor: 'switch', types: ['batch'] },
  { key: 'gutter', label: '栅格间距', editor: 'number', types: ['grid'], min: 0, fallback: 0 },
  { key: 'type', label: '类型', editor: 'select', types: ['alert'], fallback: 'success', choices: choices(['success', '成功'], ['info', '信息'], ['warning', '警告'], ['error', '错误']) },
  { key: 'description', label: '辅助文字', editor: 'textarea', types: ['alert'] },
  { key: 'showIcon', label: '显示图标', editor: 'switch', types: ['alert'] },
  { key: 'banner', label: '顶部公告', editor: 'switch', types: ['alert'] },
  { key: 'closable', label: '可关闭', editor: 'switch', types: ['alert'] },
  { key: 'textAlign', label: '对齐', editor: 'select', types: ['text'], fallback: 'left', choices: choices(['left', '左'], ['center', '中'], ['right', '右']) },
  { key: 'showRequiredMark', label: '显示必填标记', editor: 'switch', types: ['text'] },
  { key: 'orientation', label: '标题位置', editor: 'select', types: ['divider'], fallback: 'left', choices: choices(['left', '左'], ['center', '中'], ['right', '右']) },
  { key: 'bordered', label: '边框', editor: 'switch', types: ['table'], fallback: true },
  { key: 'bright', label: '鼠标悬停高亮', editor: 'switch', types: ['table'] },
  { key: 'small', label: '紧凑', editor: 'switch', types: ['table'], fallback: true },
  { key: 'customStyle', label: '自定义样式', editor: 'text', types: ['table'] },
  { key: 'isCc', label: '作为抄送人', editor: 'switch', types: ['input', 'user'] },
  { key: 'clearable', label: '可清除', editor: 'switch', types: ['input', 'textarea', 'select', ...PICKERS, ...TREES] },
  { key: 'hidden', label: '隐藏', editor: 'switch', types: (t) => visibleData(t) || ['card', 'alert', 'text', 'html', 'button'].includes(t) },
  { key: 'disabled', label: '禁用', editor: 'switch', types: (t) => visibleData(t) || t === 'button' },
];

/** The options shown for one item, in panel order. */
export function descriptorsFor(item: WidgetItem): OptionDescriptor[] {
  const options = item.options ?? {};
  const applies = (d: OptionDescriptor) => (typeof d.types === 'function' ? d.types(item.type) : d.types.includes(item.type));
  return OPTION_DESCRIPTORS.filter((d) => applies(d) && (!d.when || d.when(options)));
}

export function applyOption(options: WidgetOptions | undefined, d: OptionDescriptor, value: unknown): WidgetOptions {
  return (d.apply ?? set(d.key))(options ?? {}, value as never);
}

/** Choice widgets get the options-source editor; data widgets other than batch and hidden get the rules editor. */
export const hasSource = (item: WidgetItem) => CHOICE.includes(item.type);
export const hasRules = (type: string) => visibleData(type) && type !== 'batch';
export const hasModel = isDataWidget;
