import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FormDef, SchemaDocument } from '../../../core/schema/types.generated.ts';
import { validateDocument as documentFn, validateForm as formFn } from './meta-validators.generated.js';

/*
 * The meta-schema checks the designer runs in the browser: the same schemas and ajv options as
 * src/core/schema/validate.ts, precompiled to code because the page's Content-Security-Policy
 * forbids the eval that ajv needs to compile at run time. A unit test holds both to the same verdicts.
 */
export interface Verdict<T> {
  ok: boolean;
  errors: string[];
  value?: T;
}

function explain(e: ErrorObject): string {
  const params = e.params as { allowedValues?: unknown[]; additionalProperty?: string };
  const extra = params.allowedValues ? `: ${params.allowedValues.join(', ')}` : params.additionalProperty ? `: ${params.additionalProperty}` : '';
  return `${e.instancePath || '/'} ${e.message ?? ''}${extra}`;
}

function run<T>(fn: ValidateFunction, data: unknown): Verdict<T> {
  return fn(data) ? { ok: true, errors: [], value: data as T } : { ok: false, errors: (fn.errors ?? []).map(explain) };
}

export const checkFormSchema = (data: unknown) => run<FormDef>(formFn, data);

export const checkDocumentSchema = (data: unknown) => run<SchemaDocument>(documentFn, data);
