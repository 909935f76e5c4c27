import { badRequest } from '../http/envelope.ts';
import { registerHooks } from '../engine/write/hooks.ts';
import { wouldLeaveNoAdmin } from './admin-accounts.ts';

/*
 * 用户管理 (schemas/system/user.json): what no declaration can say about deleting a user — not yourself, and
 * never the last active admin. In a batch each row is checked after the ones before it are gone, so deleting
 * every admin at once is refused as a whole.
 */
registerHooks('system/user', {
  async beforeDelete({ id }, w) {
    if (id === w.actor.userId) throw badRequest('不能删除当前登录用户');
    if (await wouldLeaveNoAdmin(w.db, [id])) throw badRequest('不能删除最后一个管理员');
  },
});
