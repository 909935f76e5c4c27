import type { SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { widgets } from '../../../src/core/schema/walk.ts';
import { conditionFields } from './condition.ts';

/*
 * What the loader checks of the declarations that make records readable and sensible: a field's
 * labelFrom and a search select's dictByField must name table dictionaries some document offers
 * (entity.dictSource), and each
 * rules.checks rule must compare fields of its own document, with exactly one of other / value.
 */
export function readableProblems(doc: SchemaDocument, docs: Iterable<SchemaDocument>): string[] {
  const problems: string[] = [];
  const own = new Set(doc.entity.fields.map((f) => f.name));
  const byTable = new Map([...docs].map((d) => [d.entity.table, d]));
  const offered = (spec: string) => {
    const [table, text, code] = spec.split(',');
    const source = byTable.get(table)?.entity.dictSource;
    return !!source && source.text.includes(text) && source.code.includes(code);
  };
  for (const f of doc.entity.fields) {
    if (f.labelFrom && f.labelFrom !== 'region' && f.labelFrom !== 'table' && !offered(f.labelFrom))
      problems.push(`字段 ${f.name} 的 labelFrom ${f.labelFrom} 不是某个文档 dictSource 提供的表字典`);
  }
  // A search select whose dictionary follows another field (跳转类型 → articles or activities).
  for (const item of widgets(doc.form?.list)) {
    const by = item.options?.dictByField;
    if (!by) continue;
    if (!own.has(by.field)) problems.push(`控件 ${item.key} 的 dictByField 引用了未知字段 ${by.field}`);
    for (const spec of Object.values(by.dicts))
      if (!offered(spec)) problems.push(`控件 ${item.key} 的 dictByField 字典 ${spec} 不是某个文档 dictSource 提供的表字典`);
  }
  for (const rule of doc.entity.rules?.checks ?? []) {
    if ((rule.other === undefined) === (rule.value === undefined)) problems.push(`rules.checks 的规则 ${rule.field} 需要 other 或 value 之一`);
    for (const name of [rule.field, ...(rule.other ? [rule.other] : []), ...(rule.when ? conditionFields(rule.when) : [])])
      if (!own.has(name)) problems.push(`rules.checks 引用了未知字段 ${name}`);
  }
  return problems;
}
