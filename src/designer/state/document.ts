import { AUDIT_PROPERTY_NAMES } from '../../core/schema/audit-fields.ts';
import { checkDocument } from '../../core/schema/check.ts';
import type { FormDef, SchemaDocument } from '../../core/schema/types.generated.ts';
import { formFields, listColumns } from '../../core/publication.ts';
import { saveForm } from './io.ts';
import { checkDocumentSchema } from './validators/index.ts';

/*
 * Export code: the schema document for the designed form, ready to be a file in schemas/. With a base
 * document (the form was opened from one) everything but the form is kept and only fields for new
 * models are added — the same additive rule the server applies to tables.
 */
export const CODE_PATTERN = /^[a-z][a-z0-9_]*\/[a-z][a-z0-9_]*$/;

export { fieldOf } from '../../core/publication.ts';

export interface DocumentMeta {
  code: string;
  title: string;
}

export const schemaFilePath = (code: string) => `schemas/${code}.json`;

export function toSchemaDocument(def: FormDef, meta: DocumentMeta, base?: SchemaDocument): SchemaDocument {
  const form = saveForm(def);
  const derived = formFields(form);
  if (base) {
    // A model naming an audit column (租户编号 edits the tenant's id) is the table's own, not a new field.
    const declared = new Set([...AUDIT_PROPERTY_NAMES, ...base.entity.fields.map((f) => f.name)]);
    const added = derived.filter((f) => !declared.has(f.name));
    return { ...structuredClone(base), form, entity: { ...structuredClone(base.entity), fields: [...base.entity.fields, ...added] } };
  }
  const [area, entity] = meta.code.split('/');
  return {
    $schema: '../_meta/document.schema.json',
    version: 2,
    code: meta.code,
    title: meta.title,
    menu: { parent: area ?? 'online', title: meta.title },
    entity: { table: `${area}_${entity}`, fields: derived },
    list: { columns: listColumns(derived) },
    form,
  };
}

/** What would keep the document from loading: the meta-schema first, then the cross-field checks. */
export function documentProblems(doc: SchemaDocument): string[] {
  if (!CODE_PATTERN.test(doc.code)) return ['编码须为 area/entity 形式（小写字母、数字、下划线）'];
  const verdict = checkDocumentSchema(doc);
  return verdict.ok ? checkDocument(verdict.value!) : verdict.errors;
}
