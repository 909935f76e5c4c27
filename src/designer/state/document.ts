import { checkDocument } from '../../runtime/schema/check.ts';
import type { FieldDef, FormDef, SchemaDocument, WidgetItem } from '../../runtime/schema/types.generated.ts';
import { isDataWidget } from './items.ts';
import { childSlots } from './tree.ts';
import { saveForm } from './io.ts';
import { checkDocumentSchema } from './validators/index.ts';

/*
 * Export code: the schema document for the designed form, ready to be a file in schemas/. With a base
 * document (the form was opened from one) everything but the form is kept and only fields for new
 * models are added — the same additive rule the server applies to tables.
 */
export const CODE_PATTERN = /^[a-z][a-z0-9_]*\/[a-z][a-z0-9_]*$/;

export interface DocumentMeta {
  code: string;
  title: string;
}

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

/** The fields a form stores in its own table: data widgets outside batch sub-tables (their rows live in another entity). */
export function formFields(def: FormDef): FieldDef[] {
  const out: FieldDef[] = [];
  const visit = (list: WidgetItem[]) => {
    for (const item of list) {
      if (item.type === 'batch') continue;
      if (item.model && isDataWidget(item.type)) out.push(fieldOf(item));
      for (const child of childSlots(item)) visit(child.list);
    }
  };
  visit(def.list);
  return out;
}

export const schemaFilePath = (code: string) => `schemas/${code}.json`;

export function toSchemaDocument(def: FormDef, meta: DocumentMeta, base?: SchemaDocument): SchemaDocument {
  const form = saveForm(def);
  const derived = formFields(form);
  if (base) {
    const declared = new Set(base.entity.fields.map((f) => f.name));
    const added = derived.filter((f) => !declared.has(f.name));
    return { ...structuredClone(base), form, entity: { ...structuredClone(base.entity), fields: [...base.entity.fields, ...added] } };
  }
  const [area, entity] = meta.code.split('/');
  return {
    $schema: '../_meta/document.schema.json',
    version: 1,
    code: meta.code,
    title: meta.title,
    menu: { parent: area ?? 'online', title: meta.title },
    entity: { table: `${area}_${entity}`, fields: derived },
    list: { columns: derived.slice(0, 10).map((f) => ({ dataIndex: f.name, title: f.label, ...(f.dict ? { dict: f.dict } : {}) })) },
    form,
  };
}

/** What would keep the document from loading: the meta-schema first, then the cross-field checks. */
export function documentProblems(doc: SchemaDocument): string[] {
  if (!CODE_PATTERN.test(doc.code)) return ['编码须为 area/entity 形式（小写字母、数字、下划线）'];
  const verdict = checkDocumentSchema(doc);
  return verdict.ok ? checkDocument(verdict.value!) : verdict.errors;
}
