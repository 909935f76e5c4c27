import type { DetailDef, FieldDef, FormDef, ListDef, SchemaDocument, WidgetItem } from './schema/types.generated.ts';
import { columnFor } from './schema/field-names.ts';
import { upgradeDocument } from './schema/upgrade.ts';
import { LAYOUT_TYPES } from './schema/walk.ts';

/*
 * From a designed form to schema documents: the entity fields its data widgets need and, for an online
 * form, the documents its publication puts in force (the form's own screen plus one child document per
 * batch sub-table). Pure and free of React and the widget registry: the server publishes with exactly
 * the code the designer's export-code view shows.
 */

/** Holds data (has a model): everything but the layout types of spec section 3. */
const holdsData = (type: string) => !LAYOUT_TYPES.has(type);

const DICT_CODE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

function fieldType(item: WidgetItem): FieldDef['type'] {
  const o = item.options ?? {};
  switch (item.type) {
    case 'textarea':
    case 'editor':
    case 'markdown':
      return 'text';
    case 'integer':
      return 'integer';
    case 'number':
      return o.integer || o.precision === 0 ? 'integer' : 'decimal';
    case 'rate':
      return o.allowHalf ? 'decimal' : 'integer';
    case 'slider':
      return 'decimal';
    case 'date':
      return o.range ? 'json' : o.showTime ? 'datetime' : 'date';
    case 'datetime':
      return o.range ? 'json' : 'datetime';
    case 'cascader':
      return 'json';
    default:
      return o.multiple ? 'json' : 'string';
  }
}

/** The entity field behind one data widget: type, label, required, dictionary, pattern and bounds. */
export function fieldOf(item: WidgetItem): FieldDef {
  const o = item.options ?? {};
  const field: FieldDef = { name: item.model!, label: item.label || item.model!, type: fieldType(item) };
  if (item.rules?.[0]?.required) field.required = true;
  if (o.dynamic === 'dict' && o.dynamicKey && DICT_CODE.test(o.dynamicKey)) field.dict = o.dynamicKey;
  const pattern = item.rules?.find((r) => r.pattern);
  if (pattern?.pattern) {
    field.pattern = pattern.pattern;
    if (pattern.message) field.patternMessage = pattern.message;
  }
  if (field.type === 'string' && typeof o.maxLength === 'number' && o.maxLength > 0) field.length = o.maxLength;
  if ((field.type === 'decimal' || field.type === 'integer') && typeof o.min === 'number') field.min = o.min;
  if ((field.type === 'decimal' || field.type === 'integer') && typeof o.max === 'number') field.max = o.max;
  return field;
}

/** The lists directly inside an item: card/batch list, grid columns, layout-table cells. */
function innerLists(item: WidgetItem): WidgetItem[][] {
  return [...(item.list ? [item.list] : []), ...(item.columns ?? []).map((c) => c.list), ...(item.trs ?? []).flatMap((r) => r.tds.map((td) => td.list))];
}

/** Every item of a form, descending into layouts, calling `batch` for sub-tables instead of entering them. */
function visitItems(list: WidgetItem[], each: (item: WidgetItem) => void, batch: (item: WidgetItem) => void) {
  for (const item of list) {
    if (item.type === 'batch') {
      batch(item);
      continue;
    }
    each(item);
    for (const inner of innerLists(item)) visitItems(inner, each, batch);
  }
}

/** The fields a form stores in its own table: data widgets outside batch sub-tables (their rows live in another entity). */
export function formFields(def: FormDef): FieldDef[] {
  const out: FieldDef[] = [];
  visitItems(
    def.list,
    (item) => item.model && holdsData(item.type) && out.push(fieldOf(item)),
    () => undefined,
  );
  return out;
}

/** The batch sub-tables of a form, outermost first. */
export function batchesOf(def: FormDef): WidgetItem[] {
  const out: WidgetItem[] = [];
  visitItems(
    def.list,
    () => undefined,
    (item) => out.push(item),
  );
  return out;
}

export function listColumns(fields: FieldDef[]): ListDef['columns'] {
  return fields.slice(0, 10).map((f) => ({ dataIndex: f.name, title: f.label, ...(f.dict ? { dict: f.dict } : {}) }));
}

/* ---------------------------------------------------------------- online forms */

/** Published online forms live in this area: menu /online/…, API /online/{desformCode}/…. */
export const ONLINE_AREA = 'online';
export const ONLINE_AREA_TITLE = '在线开发';
export const DESFORM_CODE = /^[a-z][a-z0-9_]{1,39}$/;
export const DESFORM_CODE_MESSAGE = '表单编码以小写字母开头，2 到 40 位，只能包含小写字母、数字和下划线';
/** The column of a sub-table row that holds its main record's id. */
export const PARENT_FIELD = 'parent_id';
const MAX_TABLE = 63;

export interface PublishMeta {
  desformCode: string;
  desformName: string;
  icon?: string | null;
  /** Role codes granted the new menu and its buttons when it is first created (admin always is). */
  roles?: string[];
}

export interface Publication {
  main: SchemaDocument;
  children: SchemaDocument[];
  /** What keeps the publication from being valid on its own (the server checks the rest). */
  problems: string[];
}

export const onlineDocCode = (desformCode: string) => `${ONLINE_AREA}/${desformCode}`;
export const childDocCode = (desformCode: string, batchModel: string) => `${ONLINE_AREA}/${desformCode}_${batchModel}`;
const tableOf = (code: string) => code.replace('/', '_');

/** A document built in columns' names (a design's models as typed), in the current format: fields named by property. */
type ColumnDocument = Omit<SchemaDocument, 'version'> & { version: 1 };
const current = (doc: ColumnDocument) => upgradeDocument(doc) as SchemaDocument;

/**
 * The documents that publishing an online form puts in force. Each batch sub-table becomes a child
 * document (rows keyed by parent_id, the main form's permissions); a batch that names no sub-form, or
 * one derived from this form, is pointed at its derived child.
 */
export function publicationOf(design: FormDef, meta: PublishMeta): Publication {
  const problems: string[] = [];
  const code = onlineDocCode(meta.desformCode);
  const prefix = code.replace('/', ':');
  const form = JSON.parse(JSON.stringify(design)) as FormDef;
  const children: ColumnDocument[] = [];
  const childDetail: NonNullable<DetailDef['children']> = [];

  for (const batch of batchesOf(form)) {
    if (!batch.model) continue;
    const derived = childDocCode(meta.desformCode, batch.model);
    const options = (batch.options ??= {});
    if (options.onlineFormCode && options.onlineFormCode !== derived && !options.onlineFormCode.startsWith(`${code}_`)) continue;
    options.onlineFormCode = derived;
    const label = batch.label || batch.model;
    const own = formFields({ list: batch.list ?? [], config: form.config });
    if (own.some((f) => columnFor(f.name) === PARENT_FIELD)) problems.push(`子表 ${label} 的数据字段不能叫 ${PARENT_FIELD}（它保存主表记录的 id）`);
    if (!own.length) problems.push(`子表 ${label} 至少需要一个数据字段`);
    if (tableOf(derived).length > MAX_TABLE) problems.push(`子表 ${label} 的表名 ${tableOf(derived)} 超过 ${MAX_TABLE} 个字符，请缩短表单编码或数据字段`);
    const fields: FieldDef[] = [{ name: PARENT_FIELD, label: '主表记录', type: 'string', length: 32, index: true }, ...own];
    children.push({
      version: 1,
      code: derived,
      title: `${meta.desformName}-${label}`,
      permissionPrefix: prefix,
      entity: { table: tableOf(derived), fields, parent: { entity: code, field: PARENT_FIELD } },
      list: { columns: listColumns(own.length ? own : fields) },
      form: { list: batch.list ?? [], config: { layout: 'horizontal', labelCol: { span: 4 }, wrapperCol: { span: 18 } } },
    });
    childDetail.push({ entity: derived, field: PARENT_FIELD, title: label });
  }

  const fields = formFields(form);
  if (!fields.length) problems.push('表单至少需要一个数据字段（动态表格以外的输入控件）');
  const main: ColumnDocument = {
    version: 1,
    code,
    title: meta.desformName,
    menu: {
      parent: ONLINE_AREA,
      parentTitle: ONLINE_AREA_TITLE,
      title: meta.desformName,
      ...(meta.icon ? { icon: meta.icon } : {}),
      ...(meta.roles?.length ? { roles: meta.roles } : {}),
    },
    entity: { table: tableOf(code), fields },
    list: {
      columns: listColumns(fields),
      query: fields
        .filter((f) => f.type === 'string' && !f.dict)
        .slice(0, 2)
        .map((f) => ({ field: f.name, label: f.label, view: 'text' })),
      defaultSort: { column: 'create_time', order: 'desc' },
    },
    form,
    detail: { columns: 2, ...(childDetail.length ? { children: childDetail } : {}) },
  };
  return { main: current(main), children: children.map(current), problems };
}

/**
 * Keys used twice anywhere, and models used twice within one table (batch children are columns of
 * another table, so their models need only be unique within their batch).
 */
export function duplicateProblems(list: WidgetItem[]): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  const models = new Set<string>();
  const visit = (items: WidgetItem[], scope: string) => {
    for (const item of items) {
      if (keys.has(item.key)) problems.push(`控件标识重复 ${item.key}`);
      keys.add(item.key);
      if (item.model && holdsData(item.type)) {
        if (models.has(`${scope}.${item.model}`)) problems.push(`数据字段重复 ${item.model}`);
        models.add(`${scope}.${item.model}`);
      }
      for (const inner of innerLists(item)) visit(inner, item.type === 'batch' ? item.key : scope);
    }
  };
  visit(list, '');
  return problems;
}
