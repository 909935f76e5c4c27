export type * from './types.generated.ts';
export { AUDIT_FIELDS, AUDIT_NAMES, toSnake } from './audit-fields.ts';
export { checkDocument } from './check.ts';
export { CURRENT_VERSION, upgradeDocument } from './upgrade.ts';
export { validateDocument, validateForm } from './validate.ts';
export { LAYOUT_TYPES, widgets } from './walk.ts';
