import type { AliasedSelectQueryBuilder, Kysely } from 'kysely';
import type { ButtonAuth, MenuNode } from '../../src/core/api-types.ts';
import type { DB, SysPermission } from '../db/schema.ts';
import type { GrantCache } from '../auth/grant-cache.ts';
import { forbidden } from '../http/envelope.ts';

export type { ButtonAuth, MenuNode };

export const BUTTON = 2;

const isWebUrl = (url: string | null) => !!url && /^(https?:)?\/\//i.test(url);

/** '/system/user' → 'system-user', the route name JeecgBoot derives when a menu has no component name. */
export function urlToRouteName(url: string | null): string {
  return (url ?? '').replace(/^\/+/, '').replace(/[/:?=&]+/g, '-') || 'unnamed';
}

function toMenuNode(p: SysPermission): MenuNode {
  const external = isWebUrl(p.url);
  const node: MenuNode = {
    id: p.id,
    // An external address cannot be a route path; it keeps a stable path of its own and travels in meta.url.
    path: external ? `/external/${p.id}` : (p.url ?? ''),
    name: p.component_name || urlToRouteName(external ? `external/${p.id}` : p.url),
    component: p.component ?? '',
    route: p.is_route ? '1' : '0',
    meta: {
      title: p.name,
      keepAlive: p.keep_alive,
      internalOrExternal: p.internal_or_external,
      ...(p.icon ? { icon: p.icon } : {}),
      ...(p.component_name ? { componentName: p.component_name } : {}),
      ...(external ? { url: p.url ?? undefined } : {}),
    },
  };
  if (!p.parent_id && p.redirect) node.redirect = p.redirect;
  if (p.hidden) node.hidden = true;
  if (p.always_show) node.alwaysShow = true;
  return node;
}

export interface Grant {
  permission_id: string;
  data_rule_ids: string | null;
}

/**
 * Every grant (permission id, the data rules picked with it) a user holds: through their roles, and
 * through their department roles. A department role grants only what its department itself holds
 * (sys_depart_permission) and only while the user still belongs to that department.
 */
export function grantsOf(db: Kysely<DB>, userId: string): AliasedSelectQueryBuilder<Grant, 'g'> {
  const any = db as Kysely<any>;
  const viaRoles = any
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .select(['rp.permission_id', 'rp.data_rule_ids'])
    .where('ur.user_id', '=', userId);
  const viaDepartRoles = any
    .selectFrom('sys_depart_role_permission as drp')
    .innerJoin('sys_depart_role_user as dru', 'dru.drole_id', 'drp.role_id')
    .innerJoin('sys_depart_permission as dp', (join) => join.onRef('dp.depart_id', '=', 'drp.depart_id').onRef('dp.permission_id', '=', 'drp.permission_id'))
    .innerJoin('sys_user_depart as ud', (join) => join.onRef('ud.dep_id', '=', 'drp.depart_id').onRef('ud.user_id', '=', 'dru.user_id'))
    .select(['drp.permission_id', 'drp.data_rule_ids'])
    .where('dru.user_id', '=', userId);
  return viaRoles.unionAll(viaDepartRoles).as('g') as AliasedSelectQueryBuilder<Grant, 'g'>;
}

const toAuth = (p: SysPermission): ButtonAuth => ({ action: p.perms ?? '', describe: p.name, type: p.perms_type, status: p.status });

export class PermissionService {
  constructor(
    private readonly db: Kysely<DB>,
    /** Answers kept per user until grants change (server/auth/grant-cache.ts). */
    readonly grants: GrantCache,
  ) {}

  /** Every live permission row the user holds through any of their roles or department roles, in menu order. */
  async ofUser(userId: string): Promise<SysPermission[]> {
    return this.db
      .selectFrom('sys_permission as p')
      .selectAll('p')
      .where('p.del_flag', '=', 0)
      .where('p.id', 'in', (qb) => qb.selectFrom(grantsOf(this.db, userId)).select('g.permission_id'))
      .orderBy('p.sort_no')
      .orderBy('p.id')
      .execute();
  }

  async allButtons(): Promise<SysPermission[]> {
    return this.db.selectFrom('sys_permission').selectAll().where('menu_type', '=', BUTTON).where('del_flag', '=', 0).orderBy('sort_no').execute();
  }

  /** { menu, auth, allAuth } of getUserPermissionByToken. */
  async forToken(userId: string): Promise<{ menu: MenuNode[]; auth: ButtonAuth[]; allAuth: ButtonAuth[] }> {
    const held = await this.ofUser(userId);
    const menus = held.filter((p) => p.menu_type !== BUTTON);
    const buttons = held.filter((p) => p.menu_type === BUTTON && p.perms);
    return { menu: buildTree(menus), auth: buttons.map(toAuth), allAuth: (await this.allButtons()).filter((p) => p.perms).map(toAuth) };
  }

  /**
   * Whether the user may perform the action named by a permission code. A button whose status is '0'
   * is switched off as a rule, so everyone may use it (the client shows it to everyone too).
   */
  allows(userId: string, code: string): Promise<boolean> {
    return this.grants.memo(`allows:${userId}:${code}`, () => this.lookUp(userId, code));
  }

  private async lookUp(userId: string, code: string): Promise<boolean> {
    const rule = await this.db.selectFrom('sys_permission').select(['status']).where('perms', '=', code).where('del_flag', '=', 0).execute();
    if (rule.length > 0 && rule.every((r) => r.status === '0')) return true;
    const held = await this.db
      .selectFrom('sys_permission as p')
      .innerJoin(grantsOf(this.db, userId), 'g.permission_id', 'p.id')
      .select('p.id')
      .where('p.perms', '=', code)
      .where('p.del_flag', '=', 0)
      .limit(1)
      .executeTakeFirst();
    return !!held;
  }

  async demand(userId: string, code: string): Promise<void> {
    if (!(await this.allows(userId, code))) throw forbidden(`没有权限，请联系管理员授权【${code}】`);
  }
}

/** Parent/child rows → nested menu nodes, keeping the query's order; orphans become roots. */
export function buildTree(rows: SysPermission[]): MenuNode[] {
  const nodes = new Map(rows.map((r) => [r.id, toMenuNode(r)]));
  const roots: MenuNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
