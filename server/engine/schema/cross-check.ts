import { AUDIT_NAMES } from '../../../src/core/schema/audit-fields.ts';
import type { Condition, SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { conditionFields } from './condition.ts';
import { buildModel } from './model.ts';
import { readableProblems } from './readable-checks.ts';
import { widgetProblems } from './widget-checks.ts';

/*
 * What one document cannot check alone: references to other documents (refs, roll-up targets, limit
 * ceilings, sub-tables, fill rules) must name documents and fields that exist. The server sees all
 * documents, so it checks them here, before anything is synced.
 */

const SAFE_SEGMENT = /^[a-z][a-z0-9_]{0,62}$/;

export function crossCheck(docs: Map<string, SchemaDocument>): string[] {
  const problems: string[] = [];
  const tables = new Map<string, string>();
  const ruleCodes = new Set([...docs.values()].flatMap((d) => (d.fillRules ?? []).map((r) => r.code)));

  for (const doc of docs.values()) {
    const say = (problem: string) => problems.push(`${doc.code}: ${problem}`);
    const own = new Set(doc.entity.fields.map((f) => f.name));
    const column = (name: string) => own.has(name) || AUDIT_NAMES.has(name);
    const target = (code: string, what: string) => {
      const found = docs.get(code);
      if (!found) say(`${what} 引用了不存在的文档 ${code}`);
      return found;
    };
    const targetHas = (d: SchemaDocument, name: string) => d.entity.fields.some((f) => f.name === name) || AUDIT_NAMES.has(name);
    const conditionOn = (c: Condition | undefined, has: (n: string) => boolean, what: string) => {
      for (const name of c ? conditionFields(c) : []) if (!has(name)) say(`${what} 的条件引用了未知字段 ${name}`);
    };

    const other = tables.get(doc.entity.table);
    if (other) say(`表 ${doc.entity.table} 已由 ${other} 使用`);
    tables.set(doc.entity.table, doc.code);
    if (doc.menu && !SAFE_SEGMENT.test(doc.menu.parent)) say(`menu.parent 只能包含小写字母、数字和下划线: ${doc.menu.parent}`);

    for (const f of doc.entity.fields) {
      if (f.ref) {
        const t = target(f.ref.entity, `字段 ${f.name}`);
        if (t && f.ref.label && !targetHas(t, f.ref.label)) say(`字段 ${f.name} 的 ref.label ${f.ref.label} 不是 ${t.code} 的字段`);
        for (const [mine, theirs] of Object.entries(f.ref.match ?? {})) {
          if (!own.has(mine)) say(`字段 ${f.name} 的 ref.match 引用了未知字段 ${mine}`);
          if (t && !targetHas(t, theirs)) say(`字段 ${f.name} 的 ref.match 引用了 ${t.code} 的未知字段 ${theirs}`);
        }
      }
      if (f.generated && !ruleCodes.has(f.generated.rule)) say(`字段 ${f.name} 引用了未声明的编码规则 ${f.generated.rule}`);
      if (f.requiredWhen) conditionOn(f.requiredWhen.when, column, `字段 ${f.name} 的 requiredWhen`);
    }
    for (const index of doc.entity.indexes ?? []) for (const c of index.columns) if (!column(c)) say(`索引引用了未知字段 ${c}`);
    // The recycle flag is a column the migrations made: the runtime does not create it for its own tables.
    if (doc.entity.softDelete && !doc.entity.system) say('entity.softDelete 只能用于系统表 (system: true)，删除标记列由迁移创建');
    const source = doc.entity.dictSource;
    if (source) {
      for (const c of [...source.text, ...source.code, ...(source.pid ? [source.pid] : []), ...(source.hasChild ? [source.hasChild] : [])]) {
        if (!column(c)) say(`dictSource 引用了未知字段 ${c}`);
      }
    }
    if (doc.entity.parent) {
      target(doc.entity.parent.entity, 'entity.parent');
      if (!own.has(doc.entity.parent.field)) say(`entity.parent.field 不是本文档的字段: ${doc.entity.parent.field}`);
    }
    for (const slot of buildModel(doc).batches) {
      const child = target(slot.child, `子表 ${slot.model}`);
      if (child && child.entity.parent?.entity !== doc.code) say(`子表 ${slot.child} 的 entity.parent 必须指向 ${doc.code}`);
    }
    const card = doc.list?.card;
    for (const c of card ? [card.title, ...(card.avatar ? [card.avatar] : []), ...(card.fields ?? [])] : [])
      if (!column(c)) say(`list.card 引用了未知字段 ${c}`);
    if (doc.list?.view === 'card' && !card) say('list.view 为 card 时须声明 list.card（标题字段等）');
    const sort = doc.list?.defaultSort?.column;
    if (sort && !column(sort)) say(`list.defaultSort 引用了未知字段 ${sort}`);

    const rules = doc.entity.rules;
    for (const r of rules?.rollups ?? []) {
      const t = target(r.target, 'rules.rollups');
      if (t && !t.entity.fields.some((f) => f.name === r.into)) say(`rules.rollups 的 into ${r.into} 不是 ${t.code} 的字段`);
      if (r.op !== 'count' && (!r.of || !column(r.of))) say(`rules.rollups 的 ${r.op} 需要本文档的字段 of`);
      conditionOn(r.where, column, 'rules.rollups');
      conditionOn(r.subtractWhere, column, 'rules.rollups.subtractWhere');
    }
    for (const l of rules?.limits ?? []) {
      if (!own.has(l.via)) say(`rules.limits 的 via 不是本文档的字段: ${l.via}`);
      if (!own.has(l.sum)) say(`rules.limits 的 sum 不是本文档的字段: ${l.sum}`);
      const t = target(l.ceiling.entity, 'rules.limits');
      if (t && !targetHas(t, l.ceiling.field)) say(`rules.limits 的 ceiling.field ${l.ceiling.field} 不是 ${t.code} 的字段`);
      conditionOn(l.where, column, 'rules.limits');
      if (t) conditionOn(l.parentWhere, (n) => targetHas(t, n), 'rules.limits.parentWhere');
    }
    for (const d of rules?.derived ?? []) {
      if (!own.has(d.via)) say(`rules.derived 的 via 不是本文档的字段: ${d.via}`);
      const t = target(d.target, 'rules.derived');
      if (t && !t.entity.fields.some((f) => f.name === d.into)) say(`rules.derived 的 into ${d.into} 不是 ${t.code} 的字段`);
      for (const c of d.cases) conditionOn(c.when, column, 'rules.derived');
    }
    for (const step of rules?.transitions?.steps ?? []) {
      for (const name of [...(step.comment ? [step.comment] : []), ...(step.fields ?? []), ...Object.keys(step.stamp ?? {})])
        if (!own.has(name)) say(`rules.transitions 的步骤引用了未知字段 ${name}`);
    }
    for (const e of rules?.effects ?? []) {
      const t = target(e.upsert.entity, 'rules.effects');
      for (const name of [...Object.keys(e.on), e.upsert.linkInto, ...Object.values(e.upsert.match), ...Object.values(e.upsert.set ?? {})])
        if (!own.has(name)) say(`rules.effects 引用了未知字段 ${name}`);
      for (const name of [...Object.keys(e.upsert.match), ...Object.keys(e.upsert.set ?? {}), ...Object.keys(e.upsert.defaults ?? {})])
        if (t && !t.entity.fields.some((f) => f.name === name)) say(`rules.effects 引用了 ${t.code} 的未知字段 ${name}`);
    }
    for (const problem of [...widgetProblems(doc, docs.values()), ...readableProblems(doc, docs.values())]) say(problem);
    const statusField = rules?.transitions && doc.entity.fields.find((f) => f.name === rules.transitions!.field);
    if (statusField && statusField.readOnly) say(`rules.transitions 的字段 ${statusField.name} 不能是只读字段`);
  }
  return problems;
}
