import type { Kysely } from 'kysely';
import { liveHead } from '../../engine/schema/menus.ts';
import { newId } from '../../lib/ids.ts';
import { nowText } from '../../lib/time.ts';
import { PARAM_NAME, parseReportSql, ReportSqlError, type SqlTemplate } from './sql-template.ts';

/*
 * Report definitions as stored (migration 007) and as the routes use them. Column names are checked when
 * a definition is written and again when it is read: they become identifiers in the wrapping query, so
 * only plain lower-case names (as PostgreSQL reports unquoted result columns) are accepted.
 */

export const FIELD_NAME = /^[a-z_][a-z0-9_]{0,63}$/;
const SCOPE_CODE = /^[a-z][a-z0-9_]*\/[a-z][a-z0-9_]*$/;
export const FIELD_TYPES = ['string', 'integer', 'number', 'date', 'datetime'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface ReportItem {
  name: string;
  title: string;
  type: FieldType;
  dict: string | null;
  show: boolean;
  search: boolean;
  /** A range query ({name}_begin / {name}_end) rather than one value. */
  range: boolean;
  /** '1': shown only when the search area is expanded. */
  hidden: '0' | '1';
}

export interface ReportParam {
  name: string;
  title: string | null;
  defaultValue: string | null;
}

export interface ReportDefinition {
  id: string;
  code: string;
  name: string;
  sql: SqlTemplate;
  /** Any one of these permission codes lets a user read it; empty: every signed-in user. */
  perms: string[];
  /**
   * The screen (a schema document's code, e.g. donation/activity) whose data rules limit the result rows,
   * as they limit that screen's list: a user whose role sees only 本部门 activities sees only those here.
   * The rule columns must be among the SQL's result columns.
   */
  scope?: string;
  items: ReportItem[];
  params: ReportParam[];
}

/** What an administrator (or the seed) writes. */
export interface ReportInput {
  code: string;
  name: string;
  sql: string;
  perms?: string[];
  scope?: string;
  items: { name: string; title: string; type?: FieldType; dict?: string; show?: boolean; search?: boolean; range?: boolean; hidden?: boolean }[];
  params?: { name: string; title?: string; defaultValue?: string }[];
}

/** The checks a definition passes before it is stored; the message names the first problem. */
export function checkReportInput(input: ReportInput): void {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(input.code)) throw new ReportSqlError(`报表编码格式不正确: ${input.code.slice(0, 100)}`);
  const template = parseReportSql(input.sql);
  if (input.scope !== undefined && !SCOPE_CODE.test(input.scope)) throw new ReportSqlError(`报表数据范围格式不正确: ${input.scope.slice(0, 100)}`);
  const names = new Set<string>();
  for (const item of input.items) {
    if (!FIELD_NAME.test(item.name)) throw new ReportSqlError(`报表字段名不正确: ${item.name.slice(0, 64)}`);
    if (names.has(item.name)) throw new ReportSqlError(`报表字段重复: ${item.name}`);
    if (item.type && !FIELD_TYPES.includes(item.type)) throw new ReportSqlError(`报表字段类型不正确: ${item.type}`);
    names.add(item.name);
  }
  const declared = new Set((input.params ?? []).map((p) => p.name));
  for (const p of declared) if (!PARAM_NAME.test(p)) throw new ReportSqlError(`报表参数名不正确: ${p.slice(0, 64)}`);
  const undeclared = template.params.find((p) => !declared.has(p));
  if (undeclared) throw new ReportSqlError(`报表SQL使用了未声明的参数: ${undeclared}`);
}

export async function saveReport(db: Kysely<any>, input: ReportInput, by = 'admin'): Promise<string> {
  checkReportInput(input);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('onl_cgreport_head')
      .values({
        id,
        code: input.code,
        name: input.name,
        cgr_sql: input.sql,
        perms: input.perms?.join(',') || null,
        scope_entity: input.scope ?? null,
        del_flag: 0,
        create_by: by,
        create_time: nowText(),
      })
      .execute();
    for (const [i, item] of input.items.entries()) {
      await trx
        .insertInto('onl_cgreport_item')
        .values({
          id: newId(),
          head_id: id,
          field_name: item.name,
          field_txt: item.title,
          field_type: item.type ?? 'string',
          dict_code: item.dict ?? null,
          is_show: item.show === false ? 0 : 1,
          is_search: item.search ? 1 : 0,
          search_mode: item.range ? 'group' : 'single',
          is_hidden: item.hidden ? '1' : '0',
          order_num: i,
        })
        .execute();
    }
    for (const [i, p] of (input.params ?? []).entries()) {
      await trx
        .insertInto('onl_cgreport_param')
        .values({ id: newId(), head_id: id, param_name: p.name, param_txt: p.title ?? null, param_value: p.defaultValue ?? null, order_num: i })
        .execute();
    }
  });
  return id;
}

/** A live definition by id or by code, or undefined. A stored row that breaks the rules is refused here too. */
export async function loadReport(db: Kysely<any>, by: { id: string } | { code: string }): Promise<ReportDefinition | undefined> {
  const head = await liveHead(db, 'onl_cgreport_head', by);
  if (!head) return undefined;
  const items = await db.selectFrom('onl_cgreport_item').selectAll().where('head_id', '=', head.id).orderBy('order_num').orderBy('id').execute();
  const params = await db.selectFrom('onl_cgreport_param').selectAll().where('head_id', '=', head.id).orderBy('order_num').orderBy('id').execute();
  return {
    id: head.id,
    code: head.code,
    name: head.name,
    sql: parseReportSql(head.cgr_sql),
    perms: String(head.perms ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    ...(head.scope_entity ? { scope: String(head.scope_entity) } : {}),
    items: items
      .filter((r) => FIELD_NAME.test(r.field_name))
      .map((r) => ({
        name: r.field_name,
        title: r.field_txt,
        type: (FIELD_TYPES as readonly string[]).includes(r.field_type) ? (r.field_type as FieldType) : 'string',
        dict: r.dict_code || null,
        show: r.is_show === 1,
        search: r.is_search === 1,
        range: r.search_mode === 'group',
        hidden: r.is_hidden === '1' ? '1' : '0',
      })),
    params: params.map((r) => ({ name: r.param_name, title: r.param_txt, defaultValue: r.param_value })),
  };
}

/**
 * A definition as stored (报表配置 writes it through the generic writer: head, items, params) checked by
 * the same rules as saveReport's: the statement, its parameters declared, plain column names. The
 * message names the first problem; the caller refuses the write with it.
 */
export async function checkStoredReport(db: Kysely<any>, id: string): Promise<void> {
  const head = await db.selectFrom('onl_cgreport_head').selectAll().where('id', '=', id).executeTakeFirst();
  if (!head) return;
  const items = await db.selectFrom('onl_cgreport_item').select(['field_name', 'field_txt', 'field_type']).where('head_id', '=', id).execute();
  const params = await db.selectFrom('onl_cgreport_param').select(['param_name']).where('head_id', '=', id).execute();
  checkReportInput({
    code: String(head.code),
    name: String(head.name),
    sql: String(head.cgr_sql ?? ''),
    ...(head.scope_entity ? { scope: String(head.scope_entity) } : {}),
    items: items.map((i) => ({ name: String(i.field_name), title: String(i.field_txt), type: i.field_type as FieldType })),
    params: params.map((p) => ({ name: String(p.param_name) })),
  });
}
