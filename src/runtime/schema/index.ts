export type * from '../../core/schema/types.generated.ts';
export { AUDIT_FIELDS, AUDIT_NAMES, toSnake } from '../../core/schema/audit-fields.ts';
export { checkDocument } from '../../core/schema/check.ts';
export { CURRENT_VERSION, upgradeDocument } from '../../core/schema/upgrade.ts';
export { validateDocument, validateForm } from '../../core/schema/validate.ts';
export { LAYOUT_TYPES, widgets } from '../../core/schema/walk.ts';
