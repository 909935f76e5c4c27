import type { SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { conditionFields } from './condition.ts';

/*
 * What the loader checks of the declarations that make records readable and sensible: a field's
 * labelFrom must name a table dictionary some document offers (entity.dictSource), and each
 * rules.checks rule must compare fields of its own document, with exactly one of other / value.
 */
export function readableProblems(doc: SchemaDocument, docs: Iterable<SchemaDocument>): string[] {
  const problems: string[] = [];
  const own = new Set(doc.entity.fields.map((f) => f.name));
  const byTable = new Map([...docs].map((d) => [d.entity.table, d]));
  for (const f of doc.entity.fields) {
    if (!f.labelFrom || f.labelFrom === 'region') continue;
    const [table, text, code] = f.labelFrom.split(',');
    const source = byTable.get(table)?.entity.dictSource;
    if (!source || !source.text.includes(text) || !source.code.includes(code)) problems.push(`字段 ${f.name} 的 labelFrom ${f.labelFrom} 不是某个文档 dictSource 提供的表字典`);
  }
  for (const rule of doc.entity.rules?.checks ?? []) {
    if ((rule.other === undefined) === (rule.value === undefined)) problems.push(`rules.checks 的规则 ${rule.field} 需要 other 或 value 之一`);
    for (const name of [rule.field, ...(rule.other ? [rule.other] : []), ...(rule.when ? conditionFields(rule.when) : [])]) if (!own.has(name)) problems.push(`rules.checks 引用了未知字段 ${name}`);
  }
  return problems;
}
