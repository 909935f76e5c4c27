import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import condition from '../../../schemas/_meta/condition.schema.json';
import detail from '../../../schemas/_meta/detail.schema.json';
import document from '../../../schemas/_meta/document.schema.json';
import entity from '../../../schemas/_meta/entity.schema.json';
import expression from '../../../schemas/_meta/expression.schema.json';
import form from '../../../schemas/_meta/form.schema.json';
import list from '../../../schemas/_meta/list.schema.json';
import type { FormDef, SchemaDocument } from './types.generated.ts';

/* One ajv instance over the meta-schemas in schemas/_meta, shared by the server, the designer and the tests. */
let ajv: Ajv | null = null;
const compiled = new Map<string, ValidateFunction>();

function validator(id: string): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv({ allErrors: true, strict: false });
    for (const s of [condition, expression, entity, list, form, detail, document]) ajv.addSchema(s);
  }
  let fn = compiled.get(id);
  if (!fn) {
    fn = ajv.getSchema(id)!;
    compiled.set(id, fn);
  }
  return fn;
}

export interface Verdict {
  ok: boolean;
  errors: string[];
}

const describe = (errors: ErrorObject[] | null | undefined): string[] =>
  (errors ?? []).map(
    (e) =>
      `${e.instancePath || '/'} ${e.message ?? ''}${e.params && 'allowedValues' in e.params ? `: ${(e.params.allowedValues as unknown[]).join(', ')}` : ''}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`,
  );

export function validateDocument(doc: unknown): Verdict & { doc?: SchemaDocument } {
  const fn = validator('document.schema.json');
  return fn(doc) ? { ok: true, errors: [], doc: doc as SchemaDocument } : { ok: false, errors: describe(fn.errors) };
}

/** The designer's { list, config } format alone (import JSON, save). */
export function validateForm(formDef: unknown): Verdict & { form?: FormDef } {
  const fn = validator('form.schema.json');
  return fn(formDef) ? { ok: true, errors: [], form: formDef as FormDef } : { ok: false, errors: describe(fn.errors) };
}
