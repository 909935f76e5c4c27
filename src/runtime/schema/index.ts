export type * from '../../core/schema/types.generated.ts';
export { checkDocument } from '../../core/schema/check.ts';
export { upgradeDocument } from '../../core/schema/upgrade.ts';
export { validateDocument, validateForm } from '../../core/schema/validate.ts';
