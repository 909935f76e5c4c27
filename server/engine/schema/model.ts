import { AUDIT_FIELDS, AUDIT_NAMES } from '../../../src/core/schema/audit-fields.ts';
import { PropertyMap, propertyOf } from '../../../src/core/schema/field-names.ts';
import { renameDocumentFields } from '../../../src/core/schema/field-refs.ts';
import type { FieldDef, SchemaDocument, WidgetItem } from '../../../src/core/schema/types.generated.ts';
import { widgets } from '../../../src/core/schema/walk.ts';

/** A batch widget of a form: its rows travel under `model` and are stored as records of `child`. */
export interface BatchSlot {
  model: string;
  label: string;
  child: string;
}

/**
 * What the server derives once from one document: the allow-lists every query and write is checked
 * against (declared fields plus audit columns), the permission prefix and the form's sub-tables.
 */
export interface EntityModel {
  code: string;
  /** The document in its table's column names (create_time): what the engine reads. */
  doc: SchemaDocument;
  /** The document as it was written and as clients get it, fields named by property (createTime). */
  readonly source: SchemaDocument;
  /** Every field's property and column (declared, virtual and audit): the allow-list the edge checks requests against. */
  wire: PropertyMap;
  title: string;
  table: string;
  system: boolean;
  /** Button permission codes are `${prefix}:add` …; the document's permissionPrefix or area:entity. */
  prefix: string;
  /** Declared fields, in document order. */
  fields: FieldDef[];
  field: Map<string, FieldDef>;
  /** Declared fields and the audit columns: every name a query may filter or sort on. */
  columns: Map<string, FieldDef>;
  /**
   * Audit columns the table really has: all of them for runtime-made tables; system tables (owned by
   * migrations) may lack some (sys_dict_item has no sys_org_code). Filled in by the table sync.
   */
  audit: Set<string>;
  batches: BatchSlot[];
}

export const permissionPrefix = (doc: SchemaDocument) => doc.permissionPrefix ?? doc.code.replace('/', ':');

function batchSlots(list: WidgetItem[] | undefined): BatchSlot[] {
  const slots: BatchSlot[] = [];
  for (const w of widgets(list)) {
    if (w.type === 'batch' && w.model && w.options?.onlineFormCode) slots.push({ model: w.model, label: w.label ?? w.model, child: w.options.onlineFormCode });
  }
  return slots;
}

export function buildModel(doc: SchemaDocument): EntityModel {
  // Virtual fields have no column: only the document's own routes handle them (see FieldDef.virtual).
  const stored = doc.entity.fields.filter((f) => !f.virtual);
  const field = new Map(stored.map((f) => [f.name, f]));
  let source: SchemaDocument | undefined;
  return {
    code: doc.code,
    doc,
    get source() {
      return (source ??= renameDocumentFields(doc, propertyOf));
    },
    wire: new PropertyMap([...AUDIT_NAMES, ...doc.entity.fields.map((f) => f.name)]),
    title: doc.title,
    table: doc.entity.table,
    system: !!doc.entity.system,
    prefix: permissionPrefix(doc),
    fields: stored,
    field,
    columns: new Map([...AUDIT_FIELDS.map((f) => [f.name, f] as const), ...field]),
    audit: new Set(AUDIT_NAMES),
    batches: batchSlots(doc.form?.list),
  };
}

/**
 * The columns a read returns: id, the audit columns the table has, the declared fields. Never `*`: a
 * system table may hold columns no document declares (a password hash, say).
 */
export const readColumns = (model: EntityModel): string[] => [...[...model.audit], ...model.fields.map((f) => f.name)];

/** A declared field or audit column by name, or undefined: the allow-list check for any identifier. */
/** A column a query may filter or sort on; an audit column the table lacks (a system table owned by migrations) is none. */
export const columnOf = (model: EntityModel, name: string): FieldDef | undefined =>
  AUDIT_NAMES.has(name) && !model.audit.has(name) ? undefined : model.columns.get(name);

/** Decimal columns' declared scale (default 2), used by validation and the DDL alike. */
export const scaleOf = (f: FieldDef) => f.scale ?? 2;
export const precisionOf = (f: FieldDef) => f.precision ?? 12;
