import { withoutInternals } from '../../runtime/renderers/form/values.ts';
import type { FormDef, WidgetItem } from '../../core/schema/types.generated.ts';
import { duplicateProblems } from '../../core/publication.ts';
import { isDataWidget, isKnownType } from './items.ts';
import { allItems, childSlots } from './tree.ts';
import { checkFormSchema } from './validators/index.ts';

/*
 * One format: the designer reads and writes exactly FormDef, the `form` part of schema documents. Its
 * working model is that same object (edited immutably), so load and save are copies and any form in
 * schemas/ round-trips unchanged.
 */
export const IMPORT_FAILED = '导入失败，数据格式不对';
export const IMPORT_OK = '导入成功';

export const loadForm = (def: FormDef): FormDef => structuredClone(def);

/** What the designer hands out: plain JSON (options cleared in the property panel vanish rather than stay undefined). */
export const saveForm = (def: FormDef): FormDef => JSON.parse(JSON.stringify(def)) as FormDef;

export const formJson = (def: FormDef) => JSON.stringify(saveForm(def), null, 2);

/** A preview's values as plain JSON, without the row index Formily's array table keeps on each sub-table row. */
export const dataJson = (values: unknown) => JSON.stringify(withoutInternals(values), null, 2);

/** Everything that makes a form unusable: the meta-schema, widget types the registry lacks, and keys or models used twice. */
export function formProblems(def: unknown): string[] {
  const verdict = checkFormSchema(def);
  if (!verdict.ok) return verdict.errors;
  const unknown = Array.from(allItems((def as FormDef).list)).filter((item) => !isKnownType(item.type));
  const problems = unknown.map((item) => `未知控件类型 ${item.type}（${item.key}）`);
  return [...problems, ...duplicateProblems((def as FormDef).list)];
}

export type ImportResult = { ok: true; def: FormDef } | { ok: false; message: string; errors: string[] };

/** Import JSON must parse and carry list and config (spec section 5), and pass the same checks as a save. */
export function parseImport(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: IMPORT_FAILED, errors: [`JSON 解析失败: ${(e as Error).message}`] };
  }
  const shaped =
    !!data &&
    typeof data === 'object' &&
    !Array.isArray(data) &&
    Array.isArray((data as FormDef).list) &&
    !!(data as FormDef).config &&
    typeof (data as FormDef).config === 'object';
  if (!shaped) return { ok: false, message: IMPORT_FAILED, errors: ['需要一个带 list 和 config 的对象'] };
  const errors = formProblems(data);
  return errors.length ? { ok: false, message: IMPORT_FAILED, errors } : { ok: true, def: loadForm(data as FormDef) };
}

/** A field's property (FieldName in schemas/_meta/entity.schema.json): camelCase (donorName), or a designer key with underscores (input_1700000000000). */
const MODEL = /^([a-z][a-zA-Z0-9]{0,62}|[a-z][a-z0-9_]{0,62})$/;

/** What is wrong with a model name for one item: the pattern, or another widget in the same table using it. */
export function modelProblem(def: FormDef, key: string, model: string | undefined): string | null {
  if (!model) return '请填写数据字段';
  if (!MODEL.test(model)) return '以小写字母开头，只能包含字母和数字（如 donorName），或小写字母、数字和下划线';
  let scopeOfKey = '';
  const scopes = new Map<string, string[]>();
  const visit = (list: WidgetItem[], scope: string) => {
    for (const item of list) {
      if (item.key === key) scopeOfKey = scope;
      else if (item.model === model && isDataWidget(item.type)) scopes.set(scope, [...(scopes.get(scope) ?? []), item.key]);
      for (const child of childSlots(item)) visit(child.list, item.type === 'batch' ? item.key : scope);
    }
  };
  visit(def.list, '');
  return scopes.get(scopeOfKey)?.length ? `数据字段 ${model} 已被其他控件使用` : null;
}
