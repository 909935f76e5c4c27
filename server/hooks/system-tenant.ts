import { badRequest } from '../http/envelope.ts';
import { registerHooks } from '../engine/write/hooks.ts';

/*
 * 租户管理 (schemas/system/tenant.json): the number is chosen by the administrator (entity.chosenId) and the
 * dates are a declared check; only the status answers in its own words, as JeecgBoot's tenant screen does.
 */
registerHooks('system/tenant', {
  beforeValidate({ values }) {
    if ('status' in values && values.status !== null && String(values.status) !== '0' && String(values.status) !== '1') throw badRequest('状态值不正确');
  },
});
