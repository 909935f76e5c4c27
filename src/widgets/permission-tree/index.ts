import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { PermissionTreeField } from './PermissionTreeField.tsx';
import { SEPARATOR } from '../../runtime/renderers/detail/readable.ts';
import { grantedPages, loadPermissionTree } from './api.ts';

/**
 * Assigns menu entries, buttons and data rules (role → permissions) with a checkable tree loaded from
 * /sys/permission/queryTreeList. The value is one comma list of keys: permission ids and `rule:<id>`
 * for data rules; the server stores it (and checks every key) when the record is saved.
 */
export const permissionTree: WidgetRegistration = {
  type: 'permissionTree',
  label: '权限树',
  group: 'advanced',
  data: true,
  components: { PermissionTreeField },
  settings: ['hidden', 'disabled'],
  schema: (item) => ({
    type: 'string',
    'x-component': 'PermissionTreeField',
    ...(item.options?.departField ? { 'x-component-props': { departField: item.options.departField } } : {}),
  }),
  // A role's permissions can be a hundred names: they take a whole row and scroll inside it.
  readable: { wide: true, scroll: true, lookup: () => async (items) => grantedPages(await loadPermissionTree(), new Set(items)).join(SEPARATOR) },
  scaffold: () => ({
    type: 'permissionTree',
    label: '权限树',
    icon: 'icon-tree',
    options: { hidden: false, disabled: false },
    rules: [{ required: false, message: '必填项' }],
  }),
};
