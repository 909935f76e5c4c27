import ExcelJS from 'exceljs';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuIdOf } from '../../server/engine/schema/menus.ts';
import type { EntityModel } from '../../server/engine/schema/model.ts';
import { type RouteEntry, routeTableOf } from '../../server/http/route-table.ts';
import { newId } from '../../server/lib/ids.ts';
import { nowText } from '../../server/lib/time.ts';
import { addUser, roleId } from './helpers/fixtures.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * The scope walk (issue 14, "proof that it holds"). Every route the server registers is listed in its
 * route table; this test calls each route that reads data as a user of a SECOND tenant whose role holds
 * every screen but, on each screen with a department column, only the rows of their own department
 * (本部门: sys_org_code = #{sys_org_code}). Beforehand every tenant-scoped table gets marker rows, cloned
 * from a real row with distinctive text in each text column:
 *   own      tenant 2, the user's department      must come back where the route lists rows (positive control)
 *   sibling  tenant 2, another department         must never come back from a screen with the rule
 *   foreign  tenant 1, the same department code   must never come back (the tenant wall alone stops it)
 * A route that reads data declares its sample requests below; any other route declares why it is not
 * walked. A new route that declares neither fails the first test, so it cannot ship unwalked.
 */

type Kind = 'own' | 'sibling' | 'foreign';
const API = '/hope-boot';
const TENANT = 2;
const YEAR = new Date().getFullYear();
const OWN_ORG = 'Z01';
const OTHER_ORG = 'Z02';

interface Marker {
  model: EntityModel;
  kind: Kind;
  id: string;
  token: string;
  /** The text columns holding the token. */
  columns: string[];
  /** A soft-deleted row (the recycle bin's). */
  deleted?: boolean;
}

/** A sample call: a path under the API base (and a POST body), with the markers it must show. */
interface Sample {
  path: string;
  post?: unknown;
  /** Marker tokens that must be in the answer (the positive control). */
  shows?: string[];
  /** Read the body as a spreadsheet (exports). */
  xlsx?: boolean;
  /**
   * The route's own document is read tenant-wide: the data log and other administrators' screens without
   * a department column show other departments' traces (never other tenants').
   */
  tenantWide?: boolean;
  // Online reports: administrators' SQL is walled by tenant (row-level security, report-wall.ts); a
  // report that names a scope screen is limited by that screen's data rules too, one that names none is not.
  /** A refusal (404, 403, 400) is a right answer too: asking for a row the user may not see. */
  refusable?: boolean;
}

type Declaration = { samples: (w: Walk) => Sample[] } | { unwalked: string };

/** Rows the samples name: the walker's own records of the system tables. */
interface Ids {
  user: string;
  role: string;
  depart: string;
  /** The menu entry of 捐赠记录 (a screen with the department rule). */
  menu: string;
}

let s: TestServer;
let walker: string;
let ids: Ids;
let reportIds: { id: string; code: string; scope: string | null }[] = [];
/** The data-log rows written for the 捐赠记录 markers, with the own one's token. */
const logIds: { id: string; shows: string[] }[] = [];
const markers: Marker[] = [];
/** Tables a marker could not be cloned into, and why (shown when the marking test fails). */
const unmarked: string[] = [];
const db = () => s.db as unknown as Kysely<any>;

/** What the samples may draw on: the markers and the documents. */
class Walk {
  constructor(readonly ids: Ids) {}
  models(filter: (m: EntityModel) => boolean = () => true): EntityModel[] {
    return [...new Set(markers.map((m) => m.model))].filter(filter);
  }
  marker(model: EntityModel, kind: Kind): Marker | undefined {
    return markers.find((m) => m.model === model && m.kind === kind && !m.deleted);
  }
  /** Whether the walker's role has a department rule on this document's screen. */
  ruled(model: EntityModel): boolean {
    return !!model.doc.menu && model.audit.has('sys_org_code');
  }
  /** The own soft-deleted marker of a screen document: what its recycle bin must show. */
  deletedOwn(model: EntityModel): string[] {
    const own = markers.find((m) => m.model === model && m.kind === 'own' && m.deleted);
    return own && model.doc.menu ? [own.token] : [];
  }
  /** The tokens a listing of this document must show: the own marker of a screen document. */
  own(model: EntityModel): string[] {
    const own = this.marker(model, 'own');
    return own && model.doc.menu ? [own.token] : [];
  }
}

const token = (kind: Kind) => `qz${kind[0]}${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}`;

/** The text columns of a table that may carry a marker: long enough, and not keys, codes of dictionaries or references. */
async function markerColumns(model: EntityModel): Promise<string[]> {
  const columns = await sql<{ column_name: string; data_type: string; character_maximum_length: number | null }>`
    select column_name, data_type, character_maximum_length from information_schema.columns
    where table_schema = current_schema() and table_name = ${model.table}`.execute(s.db);
  return columns.rows
    .filter((c) => (c.data_type === 'text' || c.data_type === 'character varying') && (c.character_maximum_length ?? 100) >= 8)
    .map((c) => c.column_name)
    .filter((name) => {
      const f = model.field.get(name);
      return f && !f.dict && !f.ref && !f.virtual && f.type !== 'json' && !/(^id$|_id$|^pid$|password|salt)/.test(name);
    });
}

/** Clones one live row of the table as a marker of the given kind; undefined when the table has no row to clone. */
async function addMarker(model: EntityModel, kind: Kind, textColumns: string[], deleted = false): Promise<Marker | undefined> {
  const flag = model.doc.entity.softDelete;
  let source = db().selectFrom(model.table).select('id').orderBy('id').limit(1);
  if (flag) source = source.where(flag, '=', 0);
  const from = await source.executeTakeFirst();
  if (!from) return undefined;
  const all = (
    await sql<{
      column_name: string;
      data_type: string;
    }>`select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = ${model.table}`.execute(s.db)
  ).rows;
  const idType = all.find((c) => c.column_name === 'id')?.data_type;
  const id = idType === 'integer' || idType === 'bigint' ? String(900_000 + markers.length) : newId();
  const mark = token(kind);
  const values: Record<string, unknown> = { id, tenant_id: kind === 'foreign' ? 1 : TENANT, ...(deleted && flag ? { [flag]: 1 } : {}) };
  if (model.audit.has('sys_org_code')) values.sys_org_code = kind === 'sibling' ? OTHER_ORG : OWN_ORG;
  textColumns.forEach((c, i) => (values[c] = `${mark}${i ? `-${i}` : ''}`));
  const names = all.map((c) => c.column_name);
  const picks = names.map((name) => (name in values ? sql`${values[name]}` : sql.ref(name)));
  await sql`insert into ${sql.table(model.table)} (${sql.join(names.map((n) => sql.ref(n)))}) select ${sql.join(picks)} from ${sql.table(model.table)} where id = ${from.id}`.execute(
    s.db,
  );
  return { model, kind, id, token: mark, columns: textColumns, ...(deleted ? { deleted } : {}) };
}

beforeAll(async () => {
  s = await startServer({ DEMO_DATA: 'true' });
  await s.db.insertInto('sys_tenant').values({ id: TENANT, name: '标记租户', status: 1, create_time: nowText() }).execute();
  const depart = (org: string, name: string) =>
    db()
      .insertInto('sys_depart')
      .values({
        id: newId(),
        parent_id: null,
        depart_name: name,
        org_code: org,
        org_category: '1',
        depart_order: 0,
        status: '1',
        del_flag: 0,
        tenant_id: TENANT,
        create_time: nowText(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const ownDepart = await depart(OWN_ORG, '标记本部门');
  await depart(OTHER_ORG, '标记他部门');

  // The walker's role: every grant of the admin role, with 本部门 on every screen that has a department column.
  const role = newId();
  await db().insertInto('sys_role').values({ id: role, role_name: '巡检', role_code: 'walker', tenant_id: TENANT, create_time: nowText() }).execute();
  const grants = await db()
    .selectFrom('sys_role_permission')
    .select('permission_id')
    .where('role_id', '=', await roleId(s.db, 'admin'))
    .execute();
  const ruledMenus = new Set(
    s.ctx.runtime.registry
      .all()
      .filter((m) => m.doc.menu && m.audit.has('sys_org_code'))
      .map((m) => menuIdOf(m.code)),
  );
  for (const { permission_id } of grants) {
    let rule: string | null = null;
    if (ruledMenus.has(permission_id)) {
      rule = newId();
      await db()
        .insertInto('sys_permission_data_rule')
        .values({
          id: rule,
          permission_id,
          rule_name: '本部门',
          rule_column: 'sys_org_code',
          rule_conditions: '=',
          rule_value: '#{sys_org_code}',
          status: '1',
          create_time: nowText(),
        })
        .execute();
    }
    await db().insertInto('sys_role_permission').values({ id: newId(), role_id: role, permission_id, data_rule_ids: rule }).execute();
  }
  const user = await addUser(s.db, 'walker', ADMIN_PASSWORD);
  await db().updateTable('sys_user').set({ tenant_id: TENANT, org_code: OWN_ORG }).where('id', '=', user).execute();
  await db().deleteFrom('sys_user_role').where('user_id', '=', user).execute();
  await db().insertInto('sys_user_role').values({ id: newId(), user_id: user, role_id: role }).execute();
  await db().updateTable('sys_user_tenant').set({ tenant_id: TENANT }).where('user_id', '=', user).execute();
  await db().insertInto('sys_user_depart').values({ id: newId(), user_id: user, dep_id: ownDepart.id }).execute();

  for (const model of s.ctx.runtime.registry.all()) {
    if (!model.audit.has('tenant_id')) continue;
    const kind = await sql<{
      table_type: string;
    }>`select table_type from information_schema.tables where table_schema = current_schema() and table_name = ${model.table}`.execute(s.db);
    if (kind.rows[0]?.table_type !== 'BASE TABLE') continue;
    const columns = await markerColumns(model);
    if (!columns.length) continue;
    // Live markers first (a screen's own marker is the first one found); then, where rows are soft-deleted,
    // deleted ones, for the recycle bin: no route may show a foreign one, the bin must show the own one.
    for (const deleted of model.doc.entity.softDelete ? [false, true] : [false]) {
      for (const kind of ['own', 'sibling', 'foreign'] as Kind[]) {
        try {
          const marker = await addMarker(model, kind, columns, deleted);
          if (marker) markers.push(marker);
        } catch (error) {
          unmarked.push(`${model.code}: ${error instanceof Error ? error.message : error}`);
          break;
        }
      }
    }
  }
  walker = await s.loginAs('walker', ADMIN_PASSWORD);
  // The data log of each 捐赠记录 marker, with the marker's token in the logged values.
  for (const m of markers.filter((k) => k.model.code === 'donation/record')) {
    const id = newId();
    logIds.push({ id, shows: m.kind === 'own' ? [`${m.token}-log`] : [] });
    await db()
      .insertInto('sys_data_log')
      .values({
        id,
        data_table: m.model.table,
        data_id: m.id,
        action: 'edit',
        data_before: null,
        data_after: JSON.stringify({ remark: `${m.token}-log` }),
        data_version: 1,
        create_by: 'admin',
        create_time: nowText(),
        tenant_id: m.kind === 'foreign' ? 1 : TENANT,
      })
      .execute();
  }
  // A chart grouping 捐赠记录 by a marked text column, so the scoped reader's part in charts shows in the walk.
  await db()
    .insertInto('onl_graphreport_head')
    .values({
      id: newId(),
      code: 'graph_walk_donors',
      name: '捐赠人',
      source_type: 'entity',
      source: 'donation/record',
      x_field: 'donor_name',
      y_fields: 'amount',
      aggregate: 'sum',
      graph_type: 'bar',
      dashboard: 1,
      del_flag: 0,
    })
    .execute();
  reportIds = (await db().selectFrom('onl_cgreport_head').select(['id', 'code', 'scope_entity']).execute()).map((r) => ({
    id: String(r.id),
    code: String(r.code),
    scope: r.scope_entity,
  }));
  ids = { user, role, depart: ownDepart.id, menu: menuIdOf('donation/record') };
}, 120_000);
afterAll(() => s?.close());

const forEachModel = (w: Walk, filter: (m: EntityModel) => boolean, sample: (m: EntityModel) => Sample | Sample[] | undefined): Sample[] =>
  w.models(filter).flatMap((m) => sample(m) ?? []);

/** Every route of the route table, by 'METHOD url'. */
const DECLARED: Record<string, Declaration> = {};
const PUBLIC = 'reachable before signing in, on the public list of route-walk.test.ts; returns no records';
const WRITE = "a write: it goes through the writer, which reaches only rows in the user's scope (demandInScope) — writer-hooks and permissions tests";

async function call(sample: Sample): Promise<{ status: number; text: string }> {
  const headers = { 'X-Access-Token': walker, 'X-Tenant-Id': String(TENANT) };
  if (sample.post !== undefined) {
    const r = await s.api.post(sample.path, sample.post, walker, headers);
    return { status: r.status, text: JSON.stringify(r.body) };
  }
  if (sample.xlsx) {
    const response = await fetch(`${s.origin}${API}${sample.path}`, { headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (!response.ok) return { status: response.status, text: bytes.toString('utf8') };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
    return { status: response.status, text: cells.join('\n') };
  }
  const r = await s.api.get(sample.path, walker, headers);
  return { status: r.status, text: typeof r.body === 'string' ? r.body : JSON.stringify(r.body) };
}

describe('the scope walk', () => {
  let routes: RouteEntry[];
  beforeAll(() => {
    routes = routeTableOf(s.app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
  });

  it('marks every tenant-scoped table that has rows', () => {
    const marked = new Set(markers.map((m) => m.model.code));
    // The demo data fills every business area; these are the screens the organisation lives in.
    for (const code of [
      'donation/record',
      'donation/activity',
      'help/application',
      'project/application',
      'student/poor_student',
      'info/article',
      'system/user',
      'system/depart',
    ]) {
      expect(marked, `${code} (${unmarked.join('; ')})`).toContain(code);
    }
  });

  it('every route declares its sample requests or why it is not walked', () => {
    const undeclared = routes.map((r) => `${r.method} ${r.url}`).filter((key) => !DECLARED[key]);
    expect(undeclared, 'routes with neither samples nor a reason: add them to DECLARED').toEqual([]);
    const stale = Object.keys(DECLARED).filter((key) => !routes.some((r) => `${r.method} ${r.url}` === key));
    expect(stale, 'declared routes the server no longer has').toEqual([]);
  });

  it('no route shows a row of another tenant or, on a ruled screen, of another department; each shows the own rows it lists', async () => {
    const w = new Walk(ids);
    const foreign = markers.filter((m) => m.kind === 'foreign' || (m.kind === 'sibling' && w.ruled(m.model)));
    const problems: string[] = [];
    for (const [key, declaration] of Object.entries(DECLARED)) {
      if (!('samples' in declaration)) continue;
      for (const sample of declaration.samples(w)) {
        const { status, text } = await call(sample);
        if ((status < 200 || status >= 300) && !(sample.refusable && status >= 400 && status < 500)) {
          problems.push(`${key} ${sample.path}: HTTP ${status} ${text.slice(0, 160)}`);
          continue;
        }
        for (const m of foreign)
          if (text.includes(m.token) && !(sample.tenantWide && m.kind === 'sibling'))
            problems.push(`${key} ${sample.path}: shows the ${m.kind} marker of ${m.model.code}`);
        for (const t of sample.shows ?? []) if (!text.includes(t)) problems.push(`${key} ${sample.path}: does not show its own marker ${t}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

// ---------------------------------------------------------------------------------------------------
// The declarations. Generic routes are walked over every marked document.

/** Table dictionaries over every declared source whose text column carries markers. */
function tableDicts(w: Walk): { dict: string; table: string; text: string; code: string; keys: string; shows: string[] }[] {
  return w
    .models((m) => !!m.doc.entity.dictSource)
    .flatMap((m) => {
      const source = m.doc.entity.dictSource!;
      const own = w.marker(m, 'own');
      const text = source.text[0];
      const code = source.code.includes('id') ? 'id' : source.code[0];
      const keys = live()
        .filter((k) => k.model === m)
        .map((k) => k.id)
        .join(',');
      // The own row's text carries its token when the text column is one the marker was written into.
      return [{ dict: `${m.table},${text},${code}`, table: m.table, text, code, keys, shows: own?.columns.includes(text) ? [own.token] : [] }];
    });
}

/** The markers that are live rows (the samples that name rows by id ask for those). */
const live = () => markers.filter((m) => !m.deleted);
const userMarkers = (_w: Walk) =>
  live()
    .filter((m) => m.model.code === 'system/user')
    .map((m) => m.id)
    .join(',');
const announcementMarkers = (_w: Walk) => live().filter((m) => m.model.table === 'sys_announcement');
const onlineReports = (_w: Walk) => reportIds;
/** A report's rows: a scoped report shows its screen's own marker (not the sibling's), an unscoped one the tenant's. */
const reportSamples = (w: Walk, path: (id: string) => string): Sample[] =>
  onlineReports(w).map((r) => {
    const screen = w.models((m) => m.code === r.scope)[0];
    // exclude_status: the activity report leaves drafts out by default; the markers may be drafts.
    return { path: path(r.id), ...(screen ? { shows: w.own(screen) } : { tenantWide: true }) };
  });
const dataLogs = (_w: Walk) =>
  markers.filter((m) => m.model.code === 'donation/record').map((m) => ({ table: m.model.table, id: m.id, shows: m.kind === 'own' ? [`${m.token}-log`] : [] }));

const visible = (m: EntityModel) => !!m.doc.menu || !!m.doc.entity.parent;

Object.assign(DECLARED, {
  'GET /hope-boot/:area/:entity/list': {
    samples: (w) => forEachModel(w, visible, (m) => ({ path: `/${m.code}/list?pageSize=200`, shows: w.own(m), tenantWide: !w.ruled(m) })),
  },
  'GET /hope-boot/:area/:entity/queryById': {
    samples: (w) =>
      forEachModel(w, visible, (m) =>
        (['own', 'sibling', 'foreign'] as Kind[]).flatMap((kind) => {
          const marker = w.marker(m, kind);
          if (!marker) return [];
          return kind === 'own'
            ? { path: `/${m.code}/queryById?id=${marker.id}`, shows: [marker.token] }
            : { path: `/${m.code}/queryById?id=${marker.id}`, refusable: true };
        }),
      ),
  },
  'GET /hope-boot/:area/:entity/exportXls': {
    samples: (w) =>
      forEachModel(
        w,
        (m) => !!m.doc.menu && !!m.doc.list,
        (m) => ({ path: `/${m.code}/exportXls`, xlsx: true, shows: w.own(m) }),
      ),
  },
  'GET /hope-boot/:area/:entity/deleteList': {
    samples: (w) =>
      forEachModel(
        w,
        (m) => !!m.doc.menu && !!m.doc.entity.softDelete,
        (m) => ({ path: `/${m.code}/deleteList?pageSize=1000`, shows: w.deletedOwn(m), tenantWide: !w.ruled(m) }),
      ),
  },
  'GET /hope-boot/:area/:entity/report/:code': {
    samples: (w) =>
      w
        .models((m) => !!m.doc.reports?.length)
        .flatMap((m) => m.doc.reports!.map((r) => ({ path: `/${m.code}/report/${r.code}?begin=${YEAR}-01-01&end=${YEAR}-12-31` }))),
  },
  'GET /hope-boot/:area/:entity/report/:code/exportXls': {
    samples: (w) =>
      w
        .models((m) => !!m.doc.reports?.length)
        .flatMap((m) => m.doc.reports!.map((r) => ({ path: `/${m.code}/report/${r.code}/exportXls?begin=${YEAR}-01-01&end=${YEAR}-12-31`, xlsx: true }))),
  },
  // Table dictionaries over every declared source: the options are rows of a business table.
  'GET /hope-boot/sys/dict/getDictItems/:code': {
    samples: (w) => [{ path: '/sys/dict/getDictItems/sex' }, ...tableDicts(w).map((d) => ({ path: `/sys/dict/getDictItems/${d.dict}`, shows: d.shows }))],
  },
  'GET /hope-boot/sys/dict/loadDict/:dict': { samples: (w) => tableDicts(w).map((d) => ({ path: `/sys/dict/loadDict/${d.dict}?keyword=qz`, shows: d.shows })) },
  'GET /hope-boot/sys/dict/loadDictItem/:dict': {
    samples: (w) => tableDicts(w).map((d) => ({ path: `/sys/dict/loadDictItem/${d.dict}?key=${d.keys}`, shows: d.shows })),
  },
  'GET /hope-boot/sys/dict/queryTableDictTextByKey': {
    samples: (w) =>
      tableDicts(w).map((d) => ({ path: `/sys/dict/queryTableDictTextByKey?table=${d.table}&text=${d.text}&code=${d.code}&key=${d.keys}`, shows: d.shows })),
  },
  'GET /hope-boot/sys/dict/queryTableDictTextByKey/:dict/:key': {
    samples: (w) => tableDicts(w).map((d) => ({ path: `/sys/dict/queryTableDictTextByKey/${d.dict}/${d.keys}`, shows: d.shows })),
  },
  'GET /hope-boot/sys/dict/loadTreeData': {
    samples: (w) =>
      forEachModel(
        w,
        (m) => !!m.doc.entity.dictSource?.pid,
        (m) => {
          const source = m.doc.entity.dictSource!;
          // The roots: a marker shows only when it was cloned from a root, so no positive control here.
          return { path: `/sys/dict/loadTreeData?tableName=${m.table}&text=${source.text[0]}&code=id&pidField=${source.pid}&pid=0` };
        },
      ),
  },
  'GET /hope-boot/sys/dict/queryAllDictItems': { samples: () => [{ path: '/sys/dict/queryAllDictItems' }] },
  'GET /hope-boot/sys/dict/refleshCache': { samples: () => [{ path: '/sys/dict/refleshCache' }] },
  'GET /hope-boot/sys/dictItem/dictItemCheck': { samples: () => [{ path: '/sys/dictItem/dictItemCheck?dictId=1&itemValue=x' }] },

  // The signed-in user's own account, menus and settings.
  'GET /hope-boot/sys/permission/getUserPermissionByToken': { samples: () => [{ path: '/sys/permission/getUserPermissionByToken' }] },
  'GET /hope-boot/sys/user/getUserInfo': { samples: () => [{ path: '/sys/user/getUserInfo' }] },
  'GET /hope-boot/sys/user/getCurrentUserDeparts': { samples: () => [{ path: '/sys/user/getCurrentUserDeparts', shows: ['标记本部门'] }] },
  'GET /hope-boot/sys/tenant/getCurrentUserTenant': { samples: () => [{ path: '/sys/tenant/getCurrentUserTenant' }] },
  'GET /hope-boot/sys/user/verifyIzDefaultPwd': { samples: () => [{ path: '/sys/user/verifyIzDefaultPwd' }] },
  'GET /hope-boot/sys/user/login/setting/getUserData': { samples: () => [{ path: '/sys/user/login/setting/getUserData' }] },

  // Users, roles, departments and their links.
  'GET /hope-boot/system/user/list': {
    samples: (w) => [{ path: '/system/user/list?pageSize=200', shows: w.own(w.models((m) => m.code === 'system/user')[0]) }],
  },
  'GET /hope-boot/system/user/listAll': { samples: () => [{ path: '/system/user/listAll' }] },
  'GET /hope-boot/system/user/queryById': { samples: (w) => [{ path: `/system/user/queryById?id=${w.ids.user}` }] },
  'GET /hope-boot/system/user/queryUserRole': { samples: (w) => [{ path: `/system/user/queryUserRole?userid=${w.ids.user}` }] },
  'GET /hope-boot/system/user/queryByIds': { samples: (w) => [{ path: `/system/user/queryByIds?userIds=${userMarkers(w)}`, refusable: true }] },
  'GET /hope-boot/system/user/recycleBin': {
    samples: (w) =>
      forEachModel(
        w,
        (m) => m.code === 'system/user',
        (m) => ({ path: '/system/user/recycleBin?pageSize=1000', shows: w.deletedOwn(m), tenantWide: !w.ruled(m) }),
      ),
  },
  'GET /hope-boot/sys/user/queryUserComponentData': { samples: () => [{ path: '/sys/user/queryUserComponentData?pageSize=200' }] },
  'GET /hope-boot/sys/user/queryUserByDepId': { samples: (w) => [{ path: `/sys/user/queryUserByDepId?id=${w.ids.depart}` }] },
  'GET /hope-boot/sys/user/userRoleList': { samples: (w) => [{ path: `/sys/user/userRoleList?roleId=${w.ids.role}&pageSize=200` }] },
  'GET /hope-boot/sys/user/departUserList': { samples: (w) => [{ path: `/sys/user/departUserList?depId=${w.ids.depart}&pageSize=200` }] },
  'GET /hope-boot/sys/user/userDepartList': { samples: (w) => [{ path: `/sys/user/userDepartList?userId=${w.ids.user}` }] },
  'GET /hope-boot/sys/user/getMultiUser': { samples: (w) => [{ path: `/sys/user/getMultiUser?ids=${userMarkers(w)}` }] },
  'GET /hope-boot/system/role/queryById': { samples: (w) => [{ path: `/system/role/queryById?id=${w.ids.role}` }] },
  'GET /hope-boot/system/role/checkRoleCode': { samples: () => [{ path: '/system/role/checkRoleCode?roleCode=walker' }] },
  'GET /hope-boot/sys/role/queryall': { samples: () => [{ path: '/sys/role/queryall' }] },
  'GET /hope-boot/sys/role/queryTreeList': { samples: () => [{ path: '/sys/role/queryTreeList' }] },
  'GET /hope-boot/system/depart/queryById': { samples: (w) => [{ path: `/system/depart/queryById?id=${w.ids.depart}`, shows: ['标记本部门'] }] },
  'GET /hope-boot/system/depart_role/queryById': { samples: (w) => [{ path: `/system/depart_role/queryById?id=${w.ids.role}`, refusable: true }] },
  'GET /hope-boot/sys/sysDepart/queryTreeList': { samples: () => [{ path: '/sys/sysDepart/queryTreeList', shows: ['标记本部门'] }] },
  'GET /hope-boot/sys/sysDepart/queryIdTree': { samples: () => [{ path: '/sys/sysDepart/queryIdTree', shows: ['标记本部门'] }] },
  'GET /hope-boot/sys/sysDepart/queryDepartTreeSync': { samples: () => [{ path: '/sys/sysDepart/queryDepartTreeSync', shows: ['标记本部门'] }] },
  'GET /hope-boot/sys/sysDepart/queryDepartAndPostTreeSync': { samples: () => [{ path: '/sys/sysDepart/queryDepartAndPostTreeSync', shows: ['标记本部门'] }] },
  'GET /hope-boot/sys/sysDepart/getDepartPathNameByOrgCode': { samples: () => [{ path: '/sys/sysDepart/getDepartPathNameByOrgCode?orgCode=A01A01' }] },
  'GET /hope-boot/sys/sysDepart/searchBy': {
    samples: () => [
      { path: `/sys/sysDepart/searchBy?keyWord=qz` },
      { path: `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('标记')}`, shows: ['标记本部门'] },
    ],
  },
  'GET /hope-boot/sys/sysDepart/queryMyDeptTreeList': { samples: () => [{ path: '/sys/sysDepart/queryMyDeptTreeList', shows: ['标记本部门'] }] },
  'GET /hope-boot/sys/sysDepartRole/getDeptRoleList': {
    samples: (w) => [{ path: `/sys/sysDepartRole/getDeptRoleList?departId=${w.ids.depart}&userId=${w.ids.user}` }],
  },
  'GET /hope-boot/sys/sysDepartRole/getDeptRoleByUserId': {
    samples: (w) => [{ path: `/sys/sysDepartRole/getDeptRoleByUserId?departId=${w.ids.depart}&userId=${w.ids.user}` }],
  },
  'GET /hope-boot/sys/sysDepartPermission/queryTreeListForDeptRole': {
    samples: (w) => [{ path: `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${w.ids.depart}` }],
  },
  'GET /hope-boot/sys/sysDepartPermission/queryDeptRolePermission': {
    samples: (w) => [{ path: `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${w.ids.role}`, refusable: true }],
  },
  'GET /hope-boot/sys/permission/queryDepartPermission': { samples: (w) => [{ path: `/sys/permission/queryDepartPermission?departId=${w.ids.depart}` }] },
  'GET /hope-boot/system/tenant/queryList': { samples: () => [{ path: '/system/tenant/queryList', shows: ['标记租户'] }] },

  // Menus, permissions and data rules: the organisation's configuration, the same for every tenant.
  'GET /hope-boot/sys/permission/queryTreeList': { samples: () => [{ path: '/sys/permission/queryTreeList' }] },
  'GET /hope-boot/sys/permission/queryRolePermission': { samples: (w) => [{ path: `/sys/permission/queryRolePermission?roleId=${w.ids.role}` }] },
  'GET /hope-boot/sys/permission/list': { samples: () => [{ path: '/sys/permission/list' }] },
  'GET /hope-boot/sys/permission/getSystemMenuList': { samples: () => [{ path: '/sys/permission/getSystemMenuList' }] },
  'GET /hope-boot/sys/permission/getSystemSubmenu': { samples: (w) => [{ path: `/sys/permission/getSystemSubmenu?parentId=${w.ids.menu}` }] },
  'GET /hope-boot/sys/permission/getSystemSubmenuBatch': { samples: (w) => [{ path: `/sys/permission/getSystemSubmenuBatch?parentIds=${w.ids.menu}` }] },
  'GET /hope-boot/sys/permission/getPermRuleListByPermId': { samples: (w) => [{ path: `/sys/permission/getPermRuleListByPermId?permissionId=${w.ids.menu}` }] },
  'GET /hope-boot/sys/permission/queryPermissionRule': { samples: (w) => [{ path: `/sys/permission/queryPermissionRule?permissionId=${w.ids.menu}` }] },
  'GET /hope-boot/system/role/datarule/:permissionId/:roleId': { samples: (w) => [{ path: `/system/role/datarule/${w.ids.menu}/${w.ids.role}` }] },
  'GET /hope-boot/sys/sysDepartPermission/datarule/:permissionId/:departId': {
    samples: (w) => [{ path: `/sys/sysDepartPermission/datarule/${w.ids.menu}/${w.ids.depart}` }],
  },
  'GET /hope-boot/system/depart_role/datarule/:permissionId/:departId/:roleId': {
    samples: (w) => [{ path: `/system/depart_role/datarule/${w.ids.menu}/${w.ids.depart}/${w.ids.role}` }],
  },

  // Categories (a tree of codes shared by all tenants).
  'GET /hope-boot/sys/category/loadTreeData': { samples: () => [{ path: '/sys/category/loadTreeData?pid=0' }] },
  'GET /hope-boot/sys/category/loadTreeRoot': { samples: () => [{ path: '/sys/category/loadTreeRoot?pcode=0&async=false' }] },
  'GET /hope-boot/sys/category/loadTreeChildren': { samples: () => [{ path: '/sys/category/loadTreeChildren?pid=0' }] },
  'GET /hope-boot/sys/category/loadDictItem': { samples: () => [{ path: '/sys/category/loadDictItem?ids=0' }] },
  'GET /hope-boot/sys/category/loadDictItem/': { samples: () => [{ path: '/sys/category/loadDictItem/?ids=0' }] },
  'GET /hope-boot/sys/category/loadOne': { samples: () => [{ path: '/sys/category/loadOne?field=code&val=A01', refusable: true }] },
  'GET /hope-boot/system/category/rootList': { samples: () => [{ path: '/system/category/rootList' }] },
  'GET /hope-boot/system/category/childList': { samples: () => [{ path: '/system/category/childList?pid=0' }] },
  'GET /hope-boot/system/category/getChildListBatch': { samples: () => [{ path: '/system/category/getChildListBatch?parentIds=0' }] },
  'GET /hope-boot/system/category/checkCode': { samples: () => [{ path: '/system/category/checkCode?code=A01' }] },

  // Documents, online forms and reports.
  'GET /hope-boot/sys/schema/get': { samples: () => [{ path: '/sys/schema/get?code=donation/record' }] },
  'GET /hope-boot/sys/schema/list': { samples: () => [{ path: '/sys/schema/list' }] },
  'GET /hope-boot/form/formConfiguration/list': { samples: () => [{ path: '/form/formConfiguration/list' }] },
  'GET /hope-boot/form/formConfiguration/sublist': { samples: () => [{ path: '/form/formConfiguration/sublist' }] },
  'GET /hope-boot/form/formConfiguration/queryByCode': {
    samples: () => [{ path: '/form/formConfiguration/queryByCode?desformCode=donation/record', refusable: true }],
  },
  'GET /hope-boot/form/formConfiguration/versions': { samples: () => [{ path: '/form/formConfiguration/versions?code=donation/record', refusable: true }] },
  'GET /hope-boot/form/formConfiguration/roles': { samples: () => [{ path: '/form/formConfiguration/roles' }] },
  'GET /hope-boot/online/cgreport/api/getRpColumns/:code': {
    samples: (w) => onlineReports(w).map((r) => ({ path: `/online/cgreport/api/getRpColumns/${r.code}` })),
  },
  'GET /hope-boot/online/cgreport/api/getQueryInfo/:id': {
    samples: (w) => onlineReports(w).map((r) => ({ path: `/online/cgreport/api/getQueryInfo/${r.id}` })),
  },
  'GET /hope-boot/online/cgreport/api/getData/:id': {
    samples: (w) => reportSamples(w, (id) => `/online/cgreport/api/getData/${id}?pageSize=200&exclude_status=none`),
  },
  'GET /hope-boot/online/cgreport/api/exportXls/:id': {
    samples: (w) => reportSamples(w, (id) => `/online/cgreport/api/exportXls/${id}?exclude_status=none`).map((x) => ({ ...x, xlsx: true })),
  },
  // Charts: the activity chart groups the activity report's rows by name (the own marker shows, no other
  // department's or tenant's); the charts over 捐赠记录 group its rows through the scoped reader.
  'GET /hope-boot/online/graphreport/api/getChartsData/:code': {
    samples: (w) => [
      {
        path: '/online/graphreport/api/getChartsData/graph_activity_funds?exclude_status=none',
        shows: w.own(w.models((m) => m.code === 'donation/activity')[0]),
      },
      { path: '/online/graphreport/api/getChartsData/graph_donation_pay_method' },
      { path: '/online/graphreport/api/getChartsData/graph_walk_donors', shows: w.own(w.models((m) => m.code === 'donation/record')[0]) },
    ],
  },
  'GET /hope-boot/online/graphreport/api/dashboard': { samples: () => [{ path: '/online/graphreport/api/dashboard' }] },
  'GET /hope-boot/online/cgform/api/querySelectOptions': {
    samples: () => [{ path: '/online/cgform/api/querySelectOptions?table=sys_category&txt=name&key=id&idField=id&pidField=pid', refusable: true }],
  },
  'GET /hope-boot/dashboard/analysis': { samples: () => [{ path: '/dashboard/analysis' }] },
  'GET /hope-boot/dashboard/workplace': { samples: () => [{ path: '/dashboard/workplace' }] },
  'GET /hope-boot/sys/loginfo': { samples: () => [{ path: '/sys/loginfo' }] },
  'GET /hope-boot/sys/visitInfo': { samples: () => [{ path: '/sys/visitInfo' }] },
  'GET /hope-boot/system/data_log/queryDataVerList': {
    samples: (w) =>
      dataLogs(w).map((d) => ({ path: `/system/data_log/queryDataVerList?dataTable=${d.table}&dataId=${d.id}`, shows: d.shows, refusable: !d.shows.length })),
  },
  'GET /hope-boot/system/data_log/queryCompareList': {
    samples: () =>
      logIds.map((l) => ({ path: `/system/data_log/queryCompareList?dataId1=${l.id}&dataId2=${l.id}`, shows: l.shows, refusable: !l.shows.length })),
  },
  'GET /hope-boot/sys/checkRule/checkByCode': { samples: () => [{ path: '/sys/checkRule/checkByCode?ruleCode=none&value=1', refusable: true }] },

  // Monitoring: figures of the process and the database, no records.
  'GET /hope-boot/monitor/runtime': { samples: () => [{ path: '/monitor/runtime' }] },
  'GET /hope-boot/monitor/system': { samples: () => [{ path: '/monitor/system' }] },
  'GET /hope-boot/monitor/disk': { samples: () => [{ path: '/monitor/disk' }] },
  'GET /hope-boot/monitor/database': { samples: () => [{ path: '/monitor/database' }] },
  'GET /hope-boot/monitor/httptrace': { samples: () => [{ path: '/monitor/httptrace' }] },
  'GET /hope-boot/monitor/statements': { samples: () => [{ path: '/monitor/statements' }] },
  'GET /hope-boot/monitor/caches': { samples: () => [{ path: '/monitor/caches' }] },
  'GET /hope-boot/monitor/server': { samples: () => [{ path: '/monitor/server' }] },
  'GET /hope-boot/monitor/metrics': { unwalked: 'Prometheus figures for a scraper holding METRICS_TOKEN, no records (route-walk.test.ts checks it is closed)' },

  // Workflow: the user's own tasks and processes.
  'GET /hope-boot/workflow/process/list': { samples: () => [{ path: '/workflow/process/list' }] },
  'GET /hope-boot/workflow/process/versions': { samples: () => [{ path: '/workflow/process/versions?key=donation_record', refusable: true }] },
  'GET /hope-boot/workflow/process/xml': { samples: () => [{ path: '/workflow/process/xml?key=donation_record', refusable: true }] },
  'GET /hope-boot/workflow/process/entities': { samples: () => [{ path: '/workflow/process/entities' }] },
  'GET /hope-boot/workflow/task/list': { samples: () => [{ path: '/workflow/task/list' }] },
  'GET /hope-boot/workflow/task/done': { samples: () => [{ path: '/workflow/task/done' }] },
  'GET /hope-boot/workflow/task/count': { samples: () => [{ path: '/workflow/task/count' }] },
  'GET /hope-boot/workflow/task/detail': { samples: () => [{ path: '/workflow/task/detail?id=1', refusable: true }] },
  'GET /hope-boot/workflow/instance/mine': { samples: () => [{ path: '/workflow/instance/mine' }] },
  'GET /hope-boot/workflow/instance/detail': { samples: () => [{ path: '/workflow/instance/detail?id=1', refusable: true }] },
  'GET /hope-boot/workflow/cc/list': { samples: () => [{ path: '/workflow/cc/list' }] },
  'GET /hope-boot/workflow/entrust/list': { samples: () => [{ path: '/workflow/entrust/list' }] },
  'GET /hope-boot/workflow/monitor/list': { samples: () => [{ path: '/workflow/monitor/list' }] },

  // Announcements addressed to the user.
  'GET /hope-boot/sys/annountCement/listByUser': { samples: () => [{ path: '/sys/annountCement/listByUser' }] },
  'GET /hope-boot/sys/annountCement/getUnreadMessageCount': { samples: () => [{ path: '/sys/annountCement/getUnreadMessageCount' }] },
  'GET /hope-boot/sys/annountCement/queryById': {
    samples: (w) =>
      announcementMarkers(w).map((m) => ({ path: `/sys/annountCement/queryById?id=${m.id}`, refusable: true, shows: m.kind === 'own' ? [m.token] : [] })),
  },
  'GET /hope-boot/sys/sysAnnouncementSend/getMyAnnouncementSend': { samples: () => [{ path: '/sys/sysAnnouncementSend/getMyAnnouncementSend' }] },

  // Not walked, each for its reason.
  'GET /hope-boot/sys/randomImage/:key': { unwalked: PUBLIC },
  'GET /hope-boot/sys/user/passwordChange': { unwalked: PUBLIC },
  'GET /hope-boot/sys/cas/client/validateLogin': { unwalked: PUBLIC },
  'GET /hope-boot/cas/client/validateLogin': { unwalked: PUBLIC },
  'GET /hope-boot/sys/thirdLogin/render/:source': { unwalked: PUBLIC },
  'GET /hope-boot/thirdLogin/render/:source': { unwalked: PUBLIC },
  'GET /hope-boot/sys/thirdLogin/:source/callback': { unwalked: PUBLIC },
  'GET /hope-boot/sys/thirdLogin/opener.js': { unwalked: PUBLIC },
  'GET /hope-boot/sys/thirdLogin/getLoginUser/:token': { unwalked: PUBLIC },
  'GET /hope-boot/sys/thirdLogin/getLoginUser/:token/:thirdType': { unwalked: PUBLIC },
  'GET /hope-boot/sys/thirdLogin/getLoginUser/:token/:thirdType/:tenantId': { unwalked: PUBLIC },
  'GET /hope-boot/thirdLogin/getLoginUser/:token': { unwalked: PUBLIC },
  'GET /hope-boot/thirdLogin/getLoginUser/:token/:thirdType': { unwalked: PUBLIC },
  'GET /hope-boot/thirdLogin/getLoginUser/:token/:thirdType/:tenantId': { unwalked: PUBLIC },
  'GET /hope-boot/site/siteinfo': { unwalked: PUBLIC },
  'GET /hope-boot/sys/common/static/*': {
    unwalked: 'pictures by their random names (public, as in JeecgBoot), any other file with a ticket for its path: no listing, no query',
  },
  'GET /hope-boot/websocket/:userId': { unwalked: "the live-notification socket: it pushes only the signed-in user's own notices (websocket.test.ts)" },
  'GET /health': { unwalked: PUBLIC },
  'GET /ready': { unwalked: PUBLIC },
  'GET /runtime-config.js': { unwalked: PUBLIC },
  'GET /': { unwalked: PUBLIC },
  'GET /hope-boot/sys/duplicate/check': {
    unwalked:
      "answers only whether a value is taken, among the rows a save is checked against (the user's tenant and the shared ones where the document is unique per tenant, else the table); returns no row",
  },
  'GET /hope-boot/system/user/checkOnlyUser': { unwalked: 'answers only whether a username is taken (usernames are unique across tenants); returns no row' },
  'GET /hope-boot/sys/common/transitRESTful': {
    unwalked: 'a JeecgBoot relay to an allow-listed internal path: it answers what that route answers, and that route is walked',
  },
  'GET /hope-boot/sys/fillRule/executeRuleByCode/:code': { unwalked: WRITE },
  'GET /hope-boot/system/job/resume': { unwalked: WRITE },
  'GET /hope-boot/system/job/pause': { unwalked: WRITE },
  'GET /hope-boot/system/job/execute': { unwalked: WRITE },
  'GET /hope-boot/sys/annountCement/doReleaseData': { unwalked: WRITE },
  'GET /hope-boot/sys/annountCement/doReovkeData': { unwalked: WRITE },
  'POST /hope-boot/sys/dict/getFlowFormDictData': {
    samples: (w) => [
      {
        path: '/sys/dict/getFlowFormDictData',
        post: [{ type: 'dict', code: 'sex' }, ...tableDicts(w).map((d) => ({ type: 'table', code: d.table, label: d.text, value: d.code }))],
      },
    ],
  },
  'GET /hope-boot/sys/excel/progress': { unwalked: "an import's progress figures (rows done, total), only the asking user's own run; no record" },
  'POST /hope-boot/sys/excel/cancel': { unwalked: WRITE },
  'POST /hope-boot/sys/common/fileTicket': {
    unwalked: "a ticket for one file, given when the file's uploader asks or the scoped reader shows a record holding it (file-tickets.test.ts); no record",
  },
  'POST /internal/backup': { unwalked: "the owner process's loopback backup call, with the per-start control key (backup.test.ts)" },
} satisfies Record<string, Declaration>);

/** Writes and sign-in calls: not walked for what they show (each goes through the writer or the session service). */
for (const key of [
  'DELETE /hope-boot/:area/:entity/delete',
  'DELETE /hope-boot/:area/:entity/deleteBatch',
  'DELETE /hope-boot/:area/:entity/deletePhysic',
  'DELETE /hope-boot/:area/:entity/deletePhysic/:id',
  'DELETE /hope-boot/sys/permission/deletePermissionRule',
  'DELETE /hope-boot/sys/user/deleteUserInDepart',
  'DELETE /hope-boot/sys/user/deleteUserInDepartBatch',
  'DELETE /hope-boot/sys/user/deleteUserRole',
  'DELETE /hope-boot/sys/user/deleteUserRoleBatch',
  'DELETE /hope-boot/system/user/deleteRecycleBin',
  'POST /hope-boot/:area/:entity/add',
  'POST /hope-boot/:area/:entity/edit',
  'POST /hope-boot/:area/:entity/importExcel',
  'POST /hope-boot/:area/:entity/operation/:key',
  'POST /hope-boot/:area/:entity/transition',
  'POST /hope-boot/form/formConfiguration/publish',
  'POST /hope-boot/form/formConfiguration/save',
  'POST /hope-boot/online/cgform/api/doDbSynch/:code/:synMethod',
  'POST /hope-boot/online/cgform/head/enhanceJava',
  'POST /hope-boot/online/cgform/head/enhanceJs',
  'POST /hope-boot/online/cgform/head/enhanceSql',
  'POST /hope-boot/online/cgreport/api/testConnection',
  'POST /hope-boot/sys/common/transitRESTful',
  'POST /hope-boot/sys/common/upload',
  'POST /hope-boot/sys/dataSource/testConnection',
  'POST /hope-boot/sys/fillRule/executeRuleByCode/:code',
  'POST /hope-boot/sys/logout',
  'POST /hope-boot/sys/permission/addPermissionRule',
  'POST /hope-boot/sys/permission/saveDepartPermission',
  'POST /hope-boot/sys/permission/saveRolePermission',
  'POST /hope-boot/sys/selectDepart',
  'POST /hope-boot/sys/sysDepartPermission/datarule',
  'POST /hope-boot/sys/sysDepartPermission/saveDeptRolePermission',
  'POST /hope-boot/sys/sysDepartRole/deptRoleUserAdd',
  'POST /hope-boot/sys/user/addSysUserRole',
  'POST /hope-boot/sys/user/editSysDepartWithUser',
  'POST /hope-boot/sys/user/updatePassword',
  'POST /hope-boot/system/depart_role/datarule',
  'POST /hope-boot/system/role/datarule',
  'POST /hope-boot/workflow/cc/read',
  'POST /hope-boot/workflow/entrust/add',
  'POST /hope-boot/workflow/entrust/revoke',
  'POST /hope-boot/workflow/instance/urge',
  'POST /hope-boot/workflow/instance/withdraw',
  'POST /hope-boot/workflow/monitor/:action',
  'POST /hope-boot/workflow/process/deploy',
  'POST /hope-boot/workflow/task/addSigner',
  'POST /hope-boot/workflow/task/approve',
  'POST /hope-boot/workflow/task/claim',
  'POST /hope-boot/workflow/task/reject',
  'POST /hope-boot/workflow/task/transfer',
  'PUT /hope-boot/:area/:entity/back',
  'PUT /hope-boot/:area/:entity/back/:id',
  'PUT /hope-boot/:area/:entity/edit',
  'PUT /hope-boot/online/cgform/head/enhanceJava',
  'PUT /hope-boot/online/cgform/head/enhanceSql',
  'PUT /hope-boot/sys/fillRule/executeRuleByCode/:code',
  'PUT /hope-boot/sys/gatewayRoute/updateAll',
  'PUT /hope-boot/sys/permission/editPermissionRule',
  'PUT /hope-boot/sys/selectDepart',
  'PUT /hope-boot/sys/sysAnnouncementSend/editByAnntIdAndUserId',
  'PUT /hope-boot/sys/sysAnnouncementSend/readAll',
  'PUT /hope-boot/sys/user/login/setting/userEdit',
  'PUT /hope-boot/system/user/changePassword',
  'PUT /hope-boot/system/user/frozenBatch',
  'PUT /hope-boot/system/user/putRecycleBin',
])
  DECLARED[key] = { unwalked: WRITE };
for (const key of [
  'POST /hope-boot/sys/login',
  'POST /hope-boot/sys/loginGetUserDeparts',
  'POST /hope-boot/sys/guestLogin',
  'POST /hope-boot/sys/checkCaptcha',
  'POST /hope-boot/sys/sms',
  'POST /hope-boot/sys/phoneLogin',
  'POST /hope-boot/sys/user/register',
  'POST /hope-boot/sys/thirdLogin/user/checkPassword',
  'POST /hope-boot/sys/third/user/checkPassword',
  'POST /hope-boot/sys/thirdLogin/bindingThirdPhone',
  'POST /hope-boot/sys/thirdLogin/user/create',
  'POST /hope-boot/sys/third/user/create',
  'POST /hope-boot/sys/user/phoneVerification',
  'POST /hope-boot/sys/user/passwordChange',
]) {
  DECLARED[key] = { unwalked: PUBLIC };
}
