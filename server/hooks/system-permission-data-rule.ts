import type { Kysely } from 'kysely';
import { badRequest } from '../http/envelope.ts';
import type { Registry } from '../engine/schema/registry.ts';
import { menuIdOf } from '../engine/schema/menus.ts';
import { type DataRule, ruleProblem } from '../engine/scope/row-scope.ts';
import { registerHooks } from '../engine/write/hooks.ts';
import { demandRuleMenuHeld } from '../services/grant-guard.ts';

/*
 * 数据规则 (schemas/system/permission_data_rule.json, a sub-table of 菜单管理): whichever path writes one — the
 * menu form's sub-table or JeecgBoot's add/editPermissionRule — it belongs to a menu entry (not a button), names
 * a column of the screen behind that entry (the allow-list the reader applies it with), uses known system
 * variables only, and is written only by someone holding that entry. A deleted rule leaves every grant that
 * picked it (roles, departments, department roles).
 */

const GRANT_TABLES = ['sys_role_permission', 'sys_depart_permission', 'sys_depart_role_permission'];

/** Refuses a rule whose menu entry is missing or a button, whose column is not the screen's or whose value names unknown variables. */
export async function checkDataRule(db: Kysely<any>, registry: Registry, rule: Record<string, unknown>): Promise<void> {
  const permissionId = String(rule.permission_id ?? '');
  const menu = await db.selectFrom('sys_permission').select(['id', 'menu_type']).where('id', '=', permissionId).where('del_flag', '=', 0).executeTakeFirst();
  if (!menu) throw badRequest('菜单不存在');
  if (menu.menu_type === 2) throw badRequest('数据规则只能加在菜单上');
  const screen = registry.all().find((m) => m.doc.menu && menuIdOf(m.code) === permissionId);
  // A rule is applied where the screen's rows are read; on a menu with no rows of its own (a folder, a
  // report whose figures come from another screen's rows) it would be kept and never applied.
  if (!screen) throw badRequest('该菜单没有对应的数据列表，数据规则不会生效，请加在数据所在的菜单上');
  const problem = ruleProblem(rule as unknown as DataRule, screen);
  if (problem) throw badRequest(problem);
}

registerHooks('system/permission_data_rule', {
  async beforeSave({ record }, w) {
    await checkDataRule(w.db, w.registry, record);
    if (w.actor.userId) await demandRuleMenuHeld(w.db, w.actor.userId, String(record.permission_id));
  },
  async beforeDelete({ before }, w) {
    if (w.actor.userId) await demandRuleMenuHeld(w.db, w.actor.userId, String(before.permission_id));
  },
  async afterDelete(_model, changes, w) {
    for (const { before } of changes) {
      const id = String(before!.id);
      for (const table of GRANT_TABLES) {
        const holders = await w.db.selectFrom(table).select(['id', 'data_rule_ids']).where('data_rule_ids', 'like', `%${id}%`).execute();
        for (const h of holders) {
          const rest = String(h.data_rule_ids)
            .split(',')
            .filter((r) => r && r !== id)
            .join(',');
          await w.db
            .updateTable(table)
            .set({ data_rule_ids: rest || null })
            .where('id', '=', h.id)
            .execute();
        }
      }
    }
  },
});
