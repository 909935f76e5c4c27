import type { Kysely } from 'kysely';
import type { SysPermission } from '../db/schema.ts';
import { badRequest } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';

/*
 * What a role holds: menu entries, buttons and, per menu entry, the data rules its holders are limited
 * by. The permission tree widget works with one list of keys: permission ids, and `rule:<id>` for a
 * data rule (a rule counts only together with its menu entry).
 */

export const RULE_KEY = 'rule:';
const ID = /^[A-Za-z0-9_-]{1,32}$/;

export interface TreeNode {
  key: string;
  title: string;
  /** 0 menu, 1 sub-menu, 2 button, 'rule' a data rule. */
  kind: number | 'rule';
  /** false: shown only to hold its children (a department role cannot be given it). */
  checkable?: boolean;
  children?: TreeNode[];
}

export function parseKeys(raw: unknown): { permissionIds: string[]; ruleIds: string[] } {
  const items = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(',') : raw === undefined || raw === null ? [] : undefined;
  if (!items) throw badRequest('权限数据格式不正确');
  const keys = [...new Set(items.map((s) => s.trim()).filter(Boolean))];
  if (keys.length > 5000) throw badRequest('权限数据过多');
  const ruleIds = keys.filter((k) => k.startsWith(RULE_KEY)).map((k) => k.slice(RULE_KEY.length));
  const permissionIds = keys.filter((k) => !k.startsWith(RULE_KEY));
  if ([...ruleIds, ...permissionIds].some((id) => !ID.test(id))) throw badRequest('权限数据格式不正确');
  return { permissionIds, ruleIds };
}

/** Grant rows (a role's, a department's …) as keys: permission ids and their data rules as `rule:<id>`. */
export const keysOfGrants = (rows: { permission_id: string; data_rule_ids: string | null }[]): string[] =>
  rows.flatMap((r) => [
    r.permission_id,
    ...String(r.data_rule_ids ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => `${RULE_KEY}${id}`),
  ]);

/** The role's keys: its permission ids and its data rules as `rule:<id>`. */
export async function roleKeys(db: Kysely<any>, roleId: string): Promise<string[]> {
  return keysOfGrants(
    await db.selectFrom('sys_role_permission').select(['permission_id', 'data_rule_ids']).where('role_id', '=', roleId).orderBy('permission_id').execute(),
  );
}

export interface CheckedKeys {
  permissionIds: string[];
  rules: { id: string; permission_id: string }[];
}

/** Parses keys and checks them: every id must exist and every rule must belong to a chosen menu entry. */
export async function checkKeys(db: Kysely<any>, raw: unknown): Promise<CheckedKeys> {
  const { permissionIds, ruleIds } = parseKeys(raw);
  const found = permissionIds.length
    ? await db.selectFrom('sys_permission').select('id').where('id', 'in', permissionIds).where('del_flag', '=', 0).execute()
    : [];
  if (found.length < permissionIds.length) throw badRequest('所选菜单或按钮不存在');
  const rules = ruleIds.length ? await db.selectFrom('sys_permission_data_rule').select(['id', 'permission_id']).where('id', 'in', ruleIds).execute() : [];
  if (rules.length < ruleIds.length) throw badRequest('所选数据规则不存在');
  if (rules.some((r) => !permissionIds.includes(r.permission_id))) throw badRequest('数据规则所属的菜单未被选中');
  return { permissionIds, rules };
}

/** One grant row per chosen permission, with the rules picked under it, beside the owner's columns. */
export const grantRows = (checked: CheckedKeys, owner: Record<string, string>) =>
  checked.permissionIds.map((pid) => ({
    id: newId(),
    ...owner,
    permission_id: pid,
    data_rule_ids:
      checked.rules
        .filter((r) => r.permission_id === pid)
        .map((r) => r.id)
        .join(',') || null,
  }));

/** Replaces what the role holds. */
export async function saveRoleKeys(db: Kysely<any>, roleId: string, raw: unknown): Promise<void> {
  const checked = await checkKeys(db, raw);
  await db.deleteFrom('sys_role_permission').where('role_id', '=', roleId).execute();
  if (checked.permissionIds.length)
    await db
      .insertInto('sys_role_permission')
      .values(grantRows(checked, { role_id: roleId }))
      .execute();
}

/** Every live menu entry and button as a tree, with each entry's data rules as leaves. */
export async function permissionTree(db: Kysely<any>): Promise<TreeNode[]> {
  const rows = (await db.selectFrom('sys_permission').selectAll().where('del_flag', '=', 0).orderBy('sort_no').orderBy('id').execute()) as SysPermission[];
  const rules = await db
    .selectFrom('sys_permission_data_rule')
    .select(['id', 'permission_id', 'rule_name'])
    .where('status', '=', '1')
    .orderBy('create_time')
    .orderBy('id')
    .execute();
  const nodes = new Map(rows.map((r) => [r.id, { key: r.id, title: r.name, kind: r.menu_type } as TreeNode]));
  const roots: TreeNode[] = [];
  for (const r of rows) {
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    if (parent) (parent.children ??= []).push(nodes.get(r.id)!);
    else roots.push(nodes.get(r.id)!);
  }
  // Rules after the entry's own sub-entries and buttons.
  for (const rule of rules) {
    const node = nodes.get(rule.permission_id);
    if (node) (node.children ??= []).push({ key: `${RULE_KEY}${rule.id}`, title: `数据规则：${rule.rule_name}`, kind: 'rule' });
  }
  return roots;
}
