import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, SysPermission } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import { newId } from '../../lib/ids.ts';
import { nowText } from '../../lib/time.ts';
import type { ReportDef } from '../../../src/core/schema/types.generated.ts';
import type { EntityModel } from './model.ts';
import type { Registry } from './registry.ts';

/*
 * A document with a `menu` gets a menu entry (under its area's entry, created when missing) and one
 * button permission per action. Ids are derived from the document code, so a re-sync finds its rows
 * and changes nothing; grants are made only when a row is first created, so an admin's later changes
 * to who holds what are kept.
 */

export const ACTIONS = [
  { key: 'add', name: '添加' },
  { key: 'edit', name: '编辑' },
  { key: 'detail', name: '详情' },
  { key: 'delete', name: '删除' },
  { key: 'batchDelete', name: '批量删除' },
  { key: 'export', name: '导出' },
  { key: 'import', name: '导入' },
  { key: 'superQuery', name: '高级查询' },
] as const;
export type ActionKey = (typeof ACTIONS)[number]['key'];
/** What menu.readRoles are granted besides the menu itself. */
const READ_ACTIONS = new Set<string>(['detail', 'export', 'superQuery']);
const ADMIN = 'admin';

const stableId = (kind: string, key: string) => createHash('md5').update(`${kind}:${key}`).digest('hex');
export const menuIdOf = (code: string) => stableId('menu', code);
/** The menu entry of a declared report (document.reports[].menu); holding it is the permission to run the report. */
export const reportMenuIdOf = (code: string, report: string) => stableId('menu', `${code}#report/${report}`);
/** The menu entry an online definition is published to, by its component ('cgreport/{code}', 'graphreport/{code}'). */
export const publishedMenuIdOf = (component: string) => stableId('menu', component);
export const actionCode = (model: EntityModel, action: ActionKey) => `${model.prefix}:${action}`;

interface Button {
  perms: string;
  name: string;
  roles: string[];
}

/** The buttons of a screen and who gets each on creation (the view-sensitive one: admin only). */
function buttonsOf(model: EntityModel): Button[] {
  const menu = model.doc.menu!;
  const roles = [ADMIN, ...(menu.roles ?? [])];
  const buttons: Button[] = ACTIONS.map((a) => ({
    perms: actionCode(model, a.key),
    name: a.name,
    roles: READ_ACTIONS.has(a.key) ? [...roles, ...(menu.readRoles ?? [])] : roles,
  }));
  for (const step of model.doc.entity.rules?.transitions?.steps ?? []) {
    if (step.permission && !buttons.some((b) => b.perms === step.permission))
      buttons.push({ perms: step.permission, name: step.label ?? `状态变为${step.to}`, roles: step.roles ? [ADMIN, ...step.roles] : roles });
  }
  for (const op of [...(model.doc.list?.operations ?? []), ...(model.doc.list?.links ?? []), ...(model.doc.list?.calls ?? [])]) {
    // A toolbar link and a row operation may share a key (新增 and 设计 both open the designer): one button.
    if (!buttons.some((b) => b.perms === `${model.prefix}:${op.key}`)) buttons.push({ perms: `${model.prefix}:${op.key}`, name: op.label, roles });
  }
  // 配置地址 shows addresses, no data: a button only for screens that list it, held with the menu.
  if (model.doc.list?.toolbar?.includes('getUrl')) buttons.push({ perms: `${model.prefix}:getUrl`, name: '配置地址', roles });
  for (const b of menu.buttons ?? []) buttons.push({ perms: `${model.prefix}:${b.key}`, name: b.name, roles: [ADMIN, ...(b.roles ?? [])] });
  const sensitive = model.doc.entity.rules?.sensitivePermission;
  if (sensitive) buttons.push({ perms: sensitive, name: '查看敏感信息', roles: [ADMIN] });
  return buttons;
}

type Row = Omit<SysPermission, 'create_by' | 'create_time' | 'update_by' | 'update_time'>;

/** The columns of a menu row that every generated entry shares (a leaf route, shown, enabled). */
export const MENU_ROW: Omit<Row, 'id' | 'name' | 'menu_type'> = {
  parent_id: null,
  url: null,
  component: null,
  component_name: null,
  redirect: null,
  perms: null,
  perms_type: '1',
  sort_no: 0,
  always_show: false,
  icon: null,
  is_route: true,
  is_leaf: true,
  keep_alive: false,
  hidden: false,
  internal_or_external: false,
  description: null,
  status: '1',
  del_flag: 0,
};

/** Gives roles (by id) a menu entry or button; a grant they hold already is kept as it is. */
export async function grantMenu(db: Kysely<DB>, permissionId: string, roleIds: string[]): Promise<void> {
  if (!roleIds.length) return;
  await db
    .insertInto('sys_role_permission')
    .values(roleIds.map((roleId) => ({ id: newId(), role_id: roleId, permission_id: permissionId, data_rule_ids: null })))
    .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
    .execute();
}

/** A kind of online definition that 发布 turns into a menu entry: its head table and how its entry is named. */
export interface Publication {
  /** The definitions' head table (code, name, del_flag), a constant of the code. */
  table: string;
  /** The entry's component is `{component}/{code}` (the client's registry reads it), its url `{url}/{code}`. */
  component: string;
  url: string;
  icon: string;
  /** What a definition is called in messages (报表不存在) and what its entry says it is (在线报表 {code}). */
  what: string;
  kindName: string;
}

/** An online definition's head row (report, chart) by id or by code, unless soft-deleted. */
export function liveHead(db: Kysely<any>, table: string, by: { id: string } | { code: string }): Promise<Record<string, any> | undefined> {
  return db
    .selectFrom(table)
    .selectAll()
    .where('id' in by ? 'id' : 'code', '=', 'id' in by ? by.id : by.code)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
}

/**
 * 发布 of an online definition (an online report, a chart): its menu entry under 在线开发, granted to the
 * admin role (角色管理 gives it to others). Publishing again renames the entry after the definition and
 * brings it back if it was deleted. Who may read the definition's rows stays its own rule.
 */
export async function publishDefinition(db: Kysely<any>, kind: Publication, id: string, by: string): Promise<{ menuId: string; url: string }> {
  const head = await liveHead(db, kind.table, { id });
  if (!head) throw notFound(`${kind.what}不存在`);
  const component = `${kind.component}/${head.code}`;
  const url = `${kind.url}/${head.code}`;
  const menuId = publishedMenuIdOf(component);
  const parentId = (await areaIdOf(db, '/online')) ?? null;
  const now = nowText();
  const name = String(head.name);
  await db
    .insertInto('sys_permission')
    .values({
      ...MENU_ROW,
      id: menuId,
      name,
      url,
      component,
      icon: kind.icon,
      description: `${kind.kindName} ${head.code}`,
      parent_id: parentId,
      menu_type: 1,
      sort_no: 50,
      create_by: by,
      create_time: now,
      update_by: null,
      update_time: null,
    })
    .onConflict((oc: any) => oc.column('id').doUpdateSet({ name, parent_id: parentId, url, component, del_flag: 0, update_by: by, update_time: now }))
    .execute();
  const admin = await db.selectFrom('sys_role').select('id').where('role_code', '=', ADMIN).executeTakeFirst();
  await grantMenu(db, menuId, admin ? [admin.id] : []);
  return { menuId, url };
}

/** The live top-level entry with this url ('/donation'), if there is one. */
export async function areaIdOf(db: Kysely<DB>, url: string): Promise<string | undefined> {
  const found = await db
    .selectFrom('sys_permission')
    .select('id')
    .where('url', '=', url)
    .where('menu_type', '=', 0)
    .where('del_flag', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  return found?.id;
}

/**
 * Writes the entries the documents declare, on every start. What exists is read once up front (ids, live
 * areas by url), so that a start of an installed system sends no statement per entry; an insert still
 * does nothing on a conflict, for a process starting beside this one.
 */
class MenuWriter {
  private readonly now = nowText();
  private constructor(
    private readonly db: Kysely<DB>,
    private readonly roleIds: Map<string, string>,
    private readonly existing: Set<string>,
    private readonly areas: Map<string, string>,
  ) {}

  static async open(db: Kysely<DB>): Promise<MenuWriter> {
    const [roles, ids, areas] = await Promise.all([
      db.selectFrom('sys_role').select(['id', 'role_code']).execute(),
      db.selectFrom('sys_permission').select('id').execute(),
      db.selectFrom('sys_permission').select(['id', 'url']).where('menu_type', '=', 0).where('del_flag', '=', 0).orderBy('id', 'desc').execute(),
    ]);
    return new MenuWriter(
      db,
      new Map(roles.map((r) => [r.role_code, r.id])),
      new Set(ids.map((r) => r.id)),
      // Largest id first: the smallest id of a url is set last and stays, as areaIdOf answers.
      new Map(areas.filter((r) => r.url).map((r) => [r.url!, r.id])),
    );
  }

  /** Inserts the row unless its id exists; true when it was created now. */
  async create(row: Row): Promise<boolean> {
    if (this.existing.has(row.id)) return false;
    this.existing.add(row.id);
    const inserted = await this.db
      .insertInto('sys_permission')
      .values({ ...row, create_by: 'system', create_time: this.now, update_by: null, update_time: null })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return !!inserted;
  }

  async grant(permissionId: string, roles: string[]): Promise<void> {
    await grantMenu(
      this.db,
      permissionId,
      [...new Set(roles)].map((r) => this.roleIds.get(r)).filter((id): id is string => !!id),
    );
  }

  /** The area entry ('/donation'): an existing top-level entry with that url, else one made now. */
  async area(model: EntityModel): Promise<string> {
    const menu = model.doc.menu!;
    const url = `/${menu.parent}`;
    const found = this.areas.get(url);
    if (found) return found;
    const id = stableId('area', menu.parent);
    this.areas.set(url, id);
    await this.create({
      ...MENU_ROW,
      id,
      name: menu.parentTitle ?? menu.parent,
      menu_type: 0,
      url,
      component: 'layouts/RouteView',
      icon: menu.parentIcon ?? null,
      sort_no: menu.parentSort ?? 50,
      is_leaf: false,
    });
    return id;
  }

  async screen(model: EntityModel): Promise<void> {
    const menu = model.doc.menu!;
    const areaId = await this.area(model);
    const id = menuIdOf(model.code);
    const everyone = [ADMIN, ...(menu.roles ?? []), ...(menu.readRoles ?? [])];
    const created = await this.create({
      ...MENU_ROW,
      id,
      parent_id: areaId,
      name: menu.title ?? model.title,
      menu_type: 1,
      url: `/${model.code}`,
      component: `schema/${model.code}`,
      icon: menu.icon ?? null,
      sort_no: menu.sort ?? 0,
      is_leaf: false,
      keep_alive: menu.keepAlive ?? false,
      hidden: menu.hidden ?? false,
    });
    if (created) {
      await this.grant(id, everyone);
      await this.grant(areaId, everyone);
    }
    for (const [i, b] of buttonsOf(model).entries()) {
      const buttonId = stableId('button', `${model.code}:${b.perms}`);
      if (await this.create({ ...MENU_ROW, id: buttonId, parent_id: id, name: b.name, menu_type: 2, perms: b.perms, sort_no: i + 1, is_route: false }))
        await this.grant(buttonId, b.roles);
    }
  }

  /** A declared report's screen: its own entry under its area, rendered by the report page, granted to its roles. */
  async report(model: EntityModel, report: ReportDef): Promise<void> {
    const menu = report.menu!;
    const areaId = await this.area({ ...model, doc: { ...model.doc, menu } });
    const id = reportMenuIdOf(model.code, report.code);
    const created = await this.create({
      ...MENU_ROW,
      id,
      parent_id: areaId,
      name: menu.title ?? report.title,
      menu_type: 1,
      url: `/${model.code}/report/${report.code}`,
      component: `report/${model.code}/${report.code}`,
      icon: menu.icon ?? null,
      sort_no: menu.sort ?? 0,
      keep_alive: menu.keepAlive ?? false,
      hidden: menu.hidden ?? false,
    });
    if (created) {
      const everyone = [ADMIN, ...(menu.roles ?? []), ...(menu.readRoles ?? [])];
      await this.grant(id, everyone);
      await this.grant(areaId, everyone);
    }
  }
}

export async function syncMenus(db: Kysely<DB>, registry: Registry): Promise<void> {
  const writer = await MenuWriter.open(db);
  for (const model of registry.all()) {
    if (model.doc.menu) await writer.screen(model);
    for (const report of model.doc.reports ?? []) if (report.menu) await writer.report(model, report);
  }
}
