import { type Kysely, sql } from 'kysely';
import type { Session } from '../auth/session.ts';
import type { DB } from '../db/schema.ts';
import { forbidden } from '../http/envelope.ts';
import type { PermissionService } from '../services/permissions.ts';
import { type ActionKey, actionCode, menuIdOf } from './menus.ts';
import type { EntityModel } from './model.ts';
import type { Registry } from './registry.ts';

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

  async canView(session: Session, model: EntityModel): Promise<boolean> {
    if (await this.permissions.allows(session.user.id, actionCode(model, 'detail'))) return true;
    const menuIds = this.registry()
      .all()
      .filter((m) => m.prefix === model.prefix && m.doc.menu)
      .map((m) => menuIdOf(m.code));
    const held = await this.db
      .selectFrom('sys_permission as p')
      .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
      .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
      .select('p.id')
      .where('ur.user_id', '=', session.user.id)
      .where('p.del_flag', '=', 0)
      .where((eb) => eb.or([...(menuIds.length ? [eb('p.id', 'in', menuIds)] : []), sql<boolean>`starts_with(p.perms, ${`${model.prefix}:`})`]))
      .limit(1)
      .executeTakeFirst();
    return !!held;
  }

  async demandView(session: Session, model: EntityModel): Promise<void> {
    if (!(await this.canView(session, model))) throw forbidden(`没有权限访问【${model.title}】，请联系管理员授权`);
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
