import type { Kysely } from 'kysely';
import { columnFor, PropertyMap } from '../../src/core/schema/field-names.ts';
import type { Session } from '../auth/session.ts';
import type { DB } from '../db/schema.ts';
import type { SchemaRuntime } from '../engine/runtime.ts';
import { menuIdOf } from '../engine/schema/menus.ts';
import { badRequest } from '../http/envelope.ts';
import { type OnlineForms, readSaveInput } from './online-forms.ts';

/*
 * 在线表单's row operations beyond 发布 (schemas/online/desform.json): 复制 stores the design under a new
 * code and name as a new, unpublished form; 删除 removes a form with its versions and, when it was
 * published, its screens (documents, menu entry, buttons). A published form's records stay in their table
 * — deleting data is not a side effect of deleting a design — but while there are any, 删除 needs their
 * count typed in as confirmation.
 */

/** The 删除 form's own value (not a field of the row): by property, as every body names its values. */
const REMOVE_VALUES = new PropertyMap(['confirmCount'].map(columnFor));

export async function copyForm(forms: OnlineForms, session: Session, id: string, input: Record<string, unknown>) {
  const source = await forms.byId(id);
  const copy = readSaveInput({
    desformCode: input.desform_code,
    desformName: input.desform_name,
    desformIcon: source.desform_icon,
    parentCode: source.parent_code,
    desformDesignJson: source.desform_design_json,
    izMobileView: source.iz_mobile_view,
    izOaShow: source.iz_oa_show,
  });
  if (await forms.find(copy.desformCode)) throw badRequest(`表单编码 ${copy.desformCode} 已存在`);
  const { user } = session;
  const saved = await forms.save(copy, { username: user.username, orgCode: user.org_code ?? null, tenantId: session.tenantId });
  return { message: '复制成功', result: saved };
}

/** The documents a publication put in force: the form's main document and the sub-forms it owns. */
function publishedCodes(runtime: SchemaRuntime, main: string): string[] {
  const { registry } = runtime;
  return [...registry.origins.keys()].filter((code) => {
    if (!(registry.origins.get(code) ?? '').startsWith('sys_schema')) return false;
    const model = registry.find(code);
    return code === main || model?.doc.entity.parent?.entity === main;
  });
}

export async function removeForm(db: Kysely<DB>, forms: OnlineForms, runtime: SchemaRuntime, id: string, input: Record<string, unknown>) {
  for (const key of Object.keys(input))
    if (REMOVE_VALUES.property(key) !== undefined && REMOVE_VALUES.property(key) !== key) throw badRequest(`未知字段: ${REMOVE_VALUES.describe(key)}`);
  const form = await forms.byId(id);
  const main = form.cgform_code;
  const model = main ? runtime.registry.find(main) : undefined;
  if (model) {
    // The table name comes from the document in force, never from the request.
    const { n } = await (db as Kysely<any>)
      .selectFrom(model.table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const count = Number(n);
    if (count > 0 && Number(input.confirmCount) !== count)
      throw badRequest(`该表单已有 ${count} 条记录，请在“确认记录数”中输入 ${count} 后再删除（记录保留在数据表 ${model.table} 中）`);
  }
  const codes = main ? publishedCodes(runtime, main) : [];
  const removeAll = async (trx: Kysely<DB>) => {
    const db = trx as unknown as OnlineForms['db'];
    if (codes.length) {
      const menus = codes.map(menuIdOf);
      const buttons = (await trx.selectFrom('sys_permission').select('id').where('parent_id', 'in', menus).execute()).map((b) => b.id);
      const entries = [...menus, ...buttons];
      await trx.deleteFrom('sys_role_permission').where('permission_id', 'in', entries).execute();
      await trx.deleteFrom('sys_permission').where('id', 'in', entries).execute();
      await trx.deleteFrom('sys_schema').where('code', 'in', codes).execute();
    }
    await db.deleteFrom('onl_desform_version').where('desform_id', '=', form.id).execute();
    await db.deleteFrom('onl_desform').where('id', '=', form.id).execute();
  };
  if (codes.length) await runtime.reloadWith(removeAll);
  else await db.transaction().execute(removeAll);
  return { message: '删除成功' };
}
