import { propertyOf } from '../../src/core/schema/field-names.ts';
import { badRequest } from '../http/envelope.ts';
import type { ReportResult } from './read/reports.ts';
import type { EntityModel } from './schema/model.ts';
import type { Registry } from './schema/registry.ts';

/*
 * The engine's edge, outbound: a record read in its table's columns (create_time, org_code_dictText) is
 * answered under its entity's properties (createTime, orgCode_dictText), the sub-table rows a form
 * carries under their own entity's, the children of a tree row under the same. Values are not walked:
 * a JSON column holds what its writer put there. Inbound, record-input.ts and query.ts read properties
 * back into columns through the same map (EntityModel.wire).
 */

type Row = Record<string, unknown>;

/** JSON columns that hold a record of another table, named by a column of the same row: the data log's before and after. */
const LOGGED_RECORDS: Record<string, { table: string; records: string[] }> = {
  sys_data_log: { table: 'data_table', records: ['data_before', 'data_after'] },
};

function loggedRecord(registry: Registry, table: unknown, value: unknown): unknown {
  const model = typeof table === 'string' ? registry.byTable(table) : undefined;
  if (!model) return value;
  if (typeof value === 'string' && value.startsWith('{')) return JSON.stringify(loggedRecord(registry, table, JSON.parse(value)));
  return value && typeof value === 'object' && !Array.isArray(value) ? model.wire.toWire(value as Row) : value;
}

export function recordOut(registry: Registry, model: EntityModel, row: Row): Row {
  const out: Row = {};
  const logged = LOGGED_RECORDS[model.table];
  for (const [key, value] of Object.entries(row)) {
    const slot = model.batches.find((b) => b.model === key);
    const child = slot && registry.find(slot.child);
    let next = value;
    if (child && Array.isArray(value)) next = value.map((r: Row) => recordOut(registry, child, r));
    else if (key === 'children' && Array.isArray(value)) next = value.map((r: Row) => recordOut(registry, model, r));
    else if (logged?.records.includes(key)) next = loggedRecord(registry, row[logged.table], value);
    out[model.wire.wireName(key)] = next;
  }
  return out;
}

export const recordsOut = (registry: Registry, model: EntityModel, rows: Row[]): Row[] => rows.map((r) => recordOut(registry, model, r));

/** A page of records ({ records, total, … }) with its records answered by property. */
export function pageOut<P extends { records: Row[] }>(registry: Registry, model: EntityModel, page: P): P {
  return { ...page, records: recordsOut(registry, model, page.records) };
}

const renameKeys = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([key, value]) => [propertyOf(key), value]));

/** A declared report's figures with its dimension and measure keys named as the document names them (donorType). */
export function reportOut(result: ReportResult): ReportResult {
  return {
    ...result,
    measures: result.measures.map((m) => ({ ...m, key: propertyOf(m.key) })),
    totals: renameKeys(result.totals) as ReportResult['totals'],
    groups: result.groups.map((g) => ({ ...g, key: propertyOf(g.key), rows: g.rows.map((r) => renameKeys(r) as typeof r) })),
  };
}

/**
 * A request body that is not a whole record (a status step's comment and fields, a row operation's form)
 * with its properties turned into their columns; keys that name no field (id, to) come as they are. A
 * column's own name where its property differs (audit_opinion) is refused, naming the property, as
 * readInput refuses it in a record.
 */
export function bodyIn(model: EntityModel, body: Row): Row {
  for (const key of Object.keys(body)) {
    const property = model.wire.property(key);
    if (property !== undefined && property !== key) throw badRequest(`未知字段: ${model.wire.describe(key)}`);
  }
  return model.wire.fromWire(body);
}
