import { registerHooks } from '../engine/write/hooks.ts';
import { departKeys, departRoleKeys, saveDepartKeys, saveDepartRoleKeys } from '../services/depart-permissions.ts';
import { permissionKeyHooks } from './permission-keys.ts';

/* 部门管理 and 部门角色: their permission trees, saved with the record (a department role's within its department's set). */
registerHooks(
  'system/depart',
  permissionKeyHooks('system:depart:edit', departKeys, (db, record, keys) => saveDepartKeys(db, String(record.id), keys)),
);
registerHooks(
  'system/depart_role',
  permissionKeyHooks('system:depart_role:edit', departRoleKeys, (db, record, keys) =>
    saveDepartRoleKeys(db, { id: String(record.id), depart_id: String(record.depart_id) }, keys),
  ),
);
