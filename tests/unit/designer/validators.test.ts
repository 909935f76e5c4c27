import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateValidators, OUTPUT } from '../../../src/designer/state/validators/generate.ts';
import { checkDocumentSchema, checkFormSchema } from '../../../src/designer/state/validators/index.ts';
import { validateDocument, validateForm } from '../../../src/core/schema/validate.ts';
import { form, item, schemaDocuments } from './fixtures.ts';

/* The designer's precompiled meta-schema validators (no eval under the page's CSP) agree with the runtime's. */
describe('precompiled meta-schema validators', () => {
  it('the committed file is what the meta-schemas give (run npx tsx src/designer/state/validators/generate.ts after editing them)', async () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(await generateValidators());
  });

  const forms: [string, unknown][] = [
    ...schemaDocuments()
      .filter(([, d]) => d.form)
      .map(([p, d]): [string, unknown] => [p, d.form]),
    ['unknown type', form([item('flux' as never, 'a')])],
    ['bad model', form([item('input', 'a', { model: 'Bad' })])],
    ['extra property', { ...form([]), extra: 1 }],
    ['precision above 50', form([item('number', 'n', { model: 'n', options: { precision: 51 } })])],
    ['span above 24', form([item('grid', 'g', { columns: [{ span: 25, list: [] }] })])],
  ];

  it.each(forms)('form %s: same verdict and errors as validateForm', (_name, data) => {
    const runtime = validateForm(data);
    const designer = checkFormSchema(data);
    expect(designer.ok).toBe(runtime.ok);
    expect(designer.errors).toEqual(runtime.errors);
  });

  it.each(schemaDocuments())('document %s: same verdict as validateDocument', (_name, doc) => {
    expect(checkDocumentSchema(doc).ok).toBe(validateDocument(doc).ok);
    expect(checkDocumentSchema({ ...doc, code: 'Bad Code' }).errors).toEqual(validateDocument({ ...doc, code: 'Bad Code' }).errors);
  });
});
