import { type Kysely, sql } from 'kysely';
import type { Session } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { noAuth, notFound } from '../../http/envelope.ts';
import { grantsOf, type PermissionService } from '../../services/permissions.ts';
import { type ActionKey, actionCode, menuIdOf } from '../schema/menus.ts';
import type { EntityModel } from '../schema/model.ts';
import type { Registry } from '../schema/registry.ts';
import { NOT_FOUND } from '../write/writer.ts';
import { DATA_LOG } from '../write/data-log.ts';
import { hidePending } from '../read/pending-rows.ts';
import { applyScope, type DataRule, type LoggedRecords, type RowScope, ruleGroups, ruleVariables } from './row-scope.ts';

/*
 * Every runtime call checks its permission here, on the server; the client hiding a button is cosmetic.
 * Writes need their button ({prefix}:add …); reading a list or a record needs the screen's menu entry
 * or any button of its prefix (a sub-table without a menu shares its parent's prefix).
 */
export class Access {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly permissions: PermissionService,
    private readonly registry: () => Registry,
  ) {}

  async demand(session: Session, model: EntityModel, action: ActionKey): Promise<void> {
    await this.permissions.demand(session.user.id, actionCode(model, action));
  }

  /** A list plan holding an advanced query (高级查询) needs the screen's superQuery button. */
  async demandPlan(session: Session, model: EntityModel, plan: { superQuery?: boolean }): Promise<void> {
    if (plan.superQuery) await this.demand(session, model, 'superQuery');
  }

  canView(session: Session, model: EntityModel): Promise<boolean> {
    return this.permissions.grants.memo(`view:${session.user.id}:${model.prefix}`, () => this.looksAt(session, model));
  }

  private async looksAt(session: Session, model: EntityModel): Promise<boolean> {
    if (await this.permissions.allows(session.user.id, actionCode(model, 'detail'))) return true;
    const menuIds = this.registry()
      .all()
      .filter((m) => m.prefix === model.prefix && m.doc.menu)
      .map((m) => menuIdOf(m.code));
    const held = await this.db
      .selectFrom('sys_permission as p')
      .innerJoin(grantsOf(this.db, session.user.id), 'g.permission_id', 'p.id')
      .select('p.id')
      .where('p.del_flag', '=', 0)
      .where((eb) => eb.or([...(menuIds.length ? [eb('p.id', 'in', menuIds)] : []), sql<boolean>`starts_with(p.perms, ${`${model.prefix}:`})`]))
      .limit(1)
      .executeTakeFirst();
    return !!held;
  }

  async demandView(session: Session, model: EntityModel): Promise<void> {
    if (!(await this.canView(session, model))) throw noAuth(`没有权限访问【${model.title}】，请联系管理员授权`);
  }

  /**
   * The rows of the model this user may see (row-scope.ts): tenant rows, and the data rules their roles
   * picked on the screen's menu entry (a sub-table follows its parent's screen).
   */
  async scope(session: Session, model: EntityModel): Promise<RowScope> {
    const scope: RowScope = {};
    if (model.audit.has('tenant_id')) scope.tenants = await this.visibleTenants(session);
    if (model.table === DATA_LOG.table) scope.logged = await this.loggedScopes(session);
    const screen = this.screenOf(model);
    if (!screen) return scope;
    const picked = await this.permissions.grants.memo(`rules:${session.user.id}:${screen.code}`, () => this.rulesPicked(session, screen));
    if (picked) scope.anyOf = ruleGroups(model, picked, ruleVariables(session.user));
    return scope;
  }

  /** The screen whose grants decide a model's data rules: its own menu entry, or its parent's. */
  private screenOf(model: EntityModel): EntityModel | undefined {
    const screen = model.doc.menu ? model : model.doc.entity.parent ? this.registry().find(model.doc.entity.parent.entity) : undefined;
    return screen?.doc.menu ? screen : undefined;
  }

  /**
   * The data log holds every written record's versions: a user whose data rules hide a record from its
   * own list must not read it there either. Each table of a screen the user's rules limit brings its
   * scope; the others stay open, as their lists are.
   */
  private async loggedScopes(session: Session): Promise<LoggedRecords> {
    const ruled = await this.permissions.grants.memo(`ruled:${session.user.id}`, () => this.screensWithRules(session));
    const scopes: LoggedRecords['scopes'] = [];
    for (const model of this.registry().all()) {
      const screen = this.screenOf(model);
      // The log is never logged (it is read-only), and its own scope would ask for itself.
      if (model.table === DATA_LOG.table || !screen || !ruled.has(menuIdOf(screen.code))) continue;
      const scope = await this.scope(session, model);
      if (scope.anyOf) scopes.push({ table: model.table, scope, numericId: !!model.doc.entity.chosenId });
    }
    return { from: DATA_LOG.table, tableColumn: DATA_LOG.tableColumn, idColumn: DATA_LOG.idColumn, scopes };
  }

  /**
   * The menu entries of which the user holds some grant that picks data rules, in one look-up: only their
   * screens can limit rows, so only those are asked for their rules one by one (rulesPicked decides).
   */
  private async screensWithRules(session: Session): Promise<Set<string>> {
    const grants = await this.db
      .selectFrom(grantsOf(this.db, session.user.id))
      .select('g.permission_id')
      .where('g.data_rule_ids', 'is not', null)
      .where('g.data_rule_ids', '<>', '')
      .execute();
    return new Set(grants.map((g) => g.permission_id));
  }

  /** The data rules each grant of the screen picked (undefined when some grant picks none: no limit). */
  private async rulesPicked(session: Session, screen: EntityModel): Promise<DataRule[][] | undefined> {
    const grants = await this.db
      .selectFrom(grantsOf(this.db, session.user.id))
      .select(['g.data_rule_ids'])
      .where('g.permission_id', '=', menuIdOf(screen.code))
      .execute();
    const picked = grants.map((g) => (g.data_rule_ids ?? '').split(',').filter(Boolean));
    if (!picked.length || picked.some((ids) => !ids.length)) return undefined;
    const rules: (DataRule & { id: string })[] = await (this.db as Kysely<any>)
      .selectFrom('sys_permission_data_rule')
      .select(['id', 'rule_column', 'rule_conditions', 'rule_value'])
      .where('id', 'in', picked.flat())
      .where('permission_id', '=', menuIdOf(screen.code))
      .where('status', '=', '1')
      .execute();
    return picked.map((ids) => rules.filter((r) => ids.includes(r.id)));
  }

  /**
   * The tenants whose rows the session sees: the tenant_id header's, else all of the user's. Undefined
   * when that covers every tenant there is (a single-tenant install): no condition is needed, and an
   * unconditioned list keeps its fast total (the trigger-kept counter).
   */
  visibleTenants(session: Session): Promise<number[] | undefined> {
    return this.permissions.grants.memo(`tenants:${session.user.id}:${session.tenantId}`, () => this.tenantsOf(session));
  }

  private async tenantsOf(session: Session): Promise<number[] | undefined> {
    const mine = session.tenantId
      ? [session.tenantId]
      : (await this.db.selectFrom('sys_user_tenant').select('tenant_id').where('user_id', '=', session.user.id).execute()).map((r) => r.tenant_id);
    const others = await this.db
      .selectFrom('sys_tenant')
      .select('id')
      .where('id', 'not in', mine.length ? mine : [-1])
      .limit(1)
      .execute();
    return others.length ? mine : undefined;
  }

  /** Edits and deletes reach only rows the user can see: any other id answers as not found. */
  async demandInScope(session: Session, model: EntityModel, ids: string[]): Promise<void> {
    const scope = await this.scope(session, model);
    const found = await hidePending(
      applyScope((this.db as Kysely<any>).selectFrom(model.table).select('id').where('id', 'in', ids), scope),
      model.table,
    ).execute();
    if (found.length < new Set(ids).size) throw notFound(NOT_FOUND);
  }

  /** Whether masked fields are shown to this user as they are stored. */
  async seesSensitive(session: Session, model: EntityModel): Promise<boolean> {
    const code = model.doc.entity.rules?.sensitivePermission;
    return !!code && (await this.permissions.allows(session.user.id, code));
  }

  /** The transition permissions this user holds, looked up before a write's transaction begins. */
  async heldOf(session: Session, codes: string[]): Promise<Set<string>> {
    const held = new Set<string>();
    for (const code of new Set(codes)) if (await this.permissions.allows(session.user.id, code)) held.add(code);
    return held;
  }
}
