import { badRequest } from '../http/envelope.ts';
import { ADMIN_ROLE } from '../db/seed.ts';
import { registerHooks } from '../engine/write/hooks.ts';

/* 角色管理 (schemas/system/role.json): the admin role is never deleted, or nobody could manage grants again. */
registerHooks('system/role', {
  beforeDelete({ before }) {
    if (before.role_code === ADMIN_ROLE) throw badRequest('不能删除管理员角色');
  },
});
