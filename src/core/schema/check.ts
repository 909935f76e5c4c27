import { AUDIT_PROPERTY_NAMES } from './audit-fields.ts';
import { columnFor, propertyOf } from './field-names.ts';
import type { SchemaDocument } from './types.generated.ts';
import { LAYOUT_TYPES, widgets } from './walk.ts';

/*
 * What JSON Schema cannot say about one document: names must point at declared fields, each field has one
 * name (its property: createTime, not create_time, so that records and documents agree), and no two
 * widgets may share a model. Cross-document checks (refs, dictionaries) are the server's, which sees all.
 */
export function checkDocument(doc: SchemaDocument): string[] {
  const problems: string[] = [];
  const fields = new Set<string>();
  for (const f of doc.entity.fields) {
    if (fields.has(f.name)) problems.push(`entity: 字段重复 ${f.name}`);
    if (AUDIT_PROPERTY_NAMES.has(f.name)) problems.push(`entity: ${f.name} 是系统字段，不能声明`);
    const property = propertyOf(columnFor(f.name));
    if (property !== f.name) problems.push(`entity: 字段 ${f.name} 应写作 ${property}`);
    fields.add(f.name);
  }
  const known = (name: string) => fields.has(name) || AUDIT_PROPERTY_NAMES.has(name);
  for (const c of doc.list?.columns ?? []) if (!known(c.dataIndex)) problems.push(`list.columns: 未知字段 ${c.dataIndex}`);
  for (const q of doc.list?.query ?? []) if (!known(q.field)) problems.push(`list.query: 未知字段 ${q.field}`);
  const models = new Set<string>();
  for (const w of widgets(doc.form?.list)) {
    if (LAYOUT_TYPES.has(w.type)) continue;
    if (!w.model) continue;
    if (models.has(w.model)) problems.push(`form: 数据字段重复 ${w.model}`);
    models.add(w.model);
    if (w.type !== 'batch' && !known(w.model)) problems.push(`form: 控件 ${w.key} 绑定了未知字段 ${w.model}`);
    if (w.type === 'batch' && !w.options?.onlineFormCode) problems.push(`form: 子表 ${w.key} 缺少 onlineFormCode`);
  }
  for (const f of doc.detail?.fields ?? []) if (!known(f)) problems.push(`detail.fields: 未知字段 ${f}`);
  if (doc.detail?.title && !known(doc.detail.title)) problems.push(`detail.title: 未知字段 ${doc.detail.title}`);
  problems.push(...progressProblems(doc));
  if (doc.menu?.screen === 'form' && !doc.form) problems.push('menu.screen: 表单页面需要 form');
  for (const r of doc.entity.rules?.rollups ?? []) if (!fields.has(r.via)) problems.push(`rules.rollups: 未知字段 ${r.via}`);
  const t = doc.entity.rules?.transitions;
  if (t && !fields.has(t.field)) problems.push(`rules.transitions: 未知字段 ${t.field}`);
  return problems;
}

/** detail.progress: a dictionary field of the entity, its steps values of that dictionary when the dictionary is the document's own. */
function progressProblems(doc: SchemaDocument): string[] {
  const progress = doc.detail?.progress;
  if (!progress) return [];
  const field = doc.entity.fields.find((f) => f.name === progress.field);
  if (!field) return [`detail.progress: 未知字段 ${progress.field}`];
  if (!field.dict) return [`detail.progress: 字段 ${progress.field} 没有字典`];
  const own = doc.dictionaries?.find((d) => d.code === field.dict);
  const values = new Set(own?.items.map((i) => i.value));
  return own ? (progress.steps ?? []).filter((v) => !values.has(v)).map((v) => `detail.progress: ${v} 不是字典 ${field.dict} 的值`) : [];
}
