import type { FieldDef } from './types.generated.ts';
import { propertyOf } from './field-names.ts';

/** Columns every entity table has besides its declared fields (BUSINESS.md: the usual audit columns). */
export const AUDIT_FIELDS: FieldDef[] = [
  { name: 'id', label: '主键', type: 'string', length: 32 },
  { name: 'create_by', label: '创建人', type: 'string', length: 50 },
  { name: 'create_time', label: '创建时间', type: 'datetime' },
  { name: 'update_by', label: '更新人', type: 'string', length: 50 },
  { name: 'update_time', label: '更新时间', type: 'datetime' },
  { name: 'sys_org_code', label: '所属部门', type: 'string', length: 64 },
  { name: 'tenant_id', label: '租户', type: 'integer' },
];

export const AUDIT_NAMES = new Set(AUDIT_FIELDS.map((f) => f.name));

/** The same columns as the properties documents and records name them (createTime …): what the client and document checks see. */
export const AUDIT_PROPERTIES: FieldDef[] = AUDIT_FIELDS.map((f) => ({ ...f, name: propertyOf(f.name) }));

export const AUDIT_PROPERTY_NAMES = new Set(AUDIT_PROPERTIES.map((f) => f.name));
