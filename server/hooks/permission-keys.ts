import type { Kysely } from 'kysely';
import { forbidden } from '../http/envelope.ts';
import type { EntityHooks } from '../engine/write/hooks.ts';
import { demandKeysGrantable } from '../services/grant-guard.ts';

/*
 * A form that carries a permission tree beside its record (部门管理's 部门权限, 部门角色's 授权) under the virtual
 * field `permissions`: sending it needs the document's edit button (even when adding), adds nothing the saver
 * does not hold, and is stored beside the record in the same transaction.
 */

const PERMISSIONS = 'permissions';

export function permissionKeyHooks(
  editCode: string,
  stored: (db: Kysely<any>, id: string) => Promise<string[]>,
  save: (db: Kysely<any>, record: Record<string, unknown>, keys: unknown) => Promise<void>,
): EntityHooks {
  return {
    permissions: [editCode],
    async beforeSave({ kind, id, virtual }, w) {
      if (!(PERMISSIONS in virtual)) return;
      if (!w.actor.userId) return;
      if (!w.held.has(editCode)) throw forbidden(`没有权限，请联系管理员授权【${editCode}】`);
      await demandKeysGrantable(w.db, w.actor.userId, virtual[PERMISSIONS], kind === 'edit' ? await stored(w.db, id) : []);
    },
    async afterRow(_model, change, w, virtual) {
      if (change.after && PERMISSIONS in virtual) await save(w.db, change.after, virtual[PERMISSIONS]);
    },
  };
}
