import { describe, expect, it } from 'vitest';
import { diffLines } from '../../../src/runtime/renderers/detail/DataDiff.tsx';
import { buildModel } from '../../../server/engine/schema/model.ts';
import { cronProblem, databaseUrlProblem, fieldCheckErrors, parseCheckRules } from '../../../server/engine/write/field-checks.ts';
import { encryptSecrets, hideSecrets, keepStoredSecrets } from '../../../server/engine/write/secret-fields.ts';
import { configureSecretKey, decryptSecret, encryptSecret } from '../../../server/engine/write/secrets.ts';
import { JOB_HANDLERS } from '../../../server/services/jobs/handlers.ts';
import type { SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { documentOf } from './helpers.ts';

/* The generic pieces behind the system operations screens: named field checks, secret fields, the diff. */

// The engine's pieces read the document the loader gives them, in its table's column names.
const doc = (file: string): SchemaDocument => documentOf(file.replace(/\.json$/, ''));

describe('named field checks', () => {
  it('cron: five or six parts that parse', () => {
    expect(cronProblem('0 0 3 * * *')).toBeUndefined();
    expect(cronProblem('*/5 * * * *')).toBeUndefined();
    expect(cronProblem('every day')).toMatch(/^Cron表达式不正确/);
    expect(cronProblem('0 0 25 * * *')).toMatch(/^Cron表达式不正确/);
  });

  it('database URL: postgres:// with a host and a database only', () => {
    expect(databaseUrlProblem('postgres://u@db.example:5432/reports')).toBeUndefined();
    expect(databaseUrlProblem('postgresql://db/reports')).toBeUndefined();
    for (const bad of ['http://db/reports', 'file:///etc/passwd', 'mysql://db/x', 'postgres://db', 'postgres://db/a/b', 'not a url'])
      expect(databaseUrlProblem(bad), bad).toBeTruthy();
  });

  it('check rules: a non-empty list of compiling patterns with messages', () => {
    expect(parseCheckRules('[{"pattern":"^\\\\d+$","message":"数字"}]').items).toHaveLength(1);
    expect(parseCheckRules('x').problem).toBe('校验规则必须是 JSON 数组');
    expect(parseCheckRules('[]').problem).toBe('校验规则必须是非空的 JSON 数组');
    expect(parseCheckRules('[{"pattern":"(","message":"m"}]').problem).toMatch(/^正则表达式不正确/);
  });

  it('a job names a handler registered in code, and the document offers exactly those', () => {
    const job = buildModel(doc('system/job.json'));
    const items = job.doc.dictionaries!.find((d) => d.code === 'job_handler')!.items.map((i) => i.value);
    expect(items.sort()).toEqual(Object.keys(JOB_HANDLERS).sort());
    const record = { job_name: 'x', cron_expression: 'bad', job_handler: 'constructor' };
    const errors = fieldCheckErrors(job, record, new Set(Object.keys(record)));
    expect(errors.map((e) => e.field)).toEqual(['cron_expression', 'job_handler']);
    // Unchanged fields are not checked again (an edit of the name alone).
    expect(fieldCheckErrors(job, record, new Set(['job_name']))).toEqual([]);
  });
});

describe('secret fields', () => {
  configureSecretKey(new TextEncoder().encode('test-install-secret'));
  const ds = buildModel(doc('system/data_source.json'));

  it('encrypts with a fresh IV each time and decrypts back; a tampered value is refused', () => {
    const a = encryptSecret('p@ss');
    expect(a).not.toBe(encryptSecret('p@ss'));
    expect(decryptSecret(a)).toBe('p@ss');
    const tampered = a.slice(0, -4) + (a.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(() => decryptSecret(tampered)).toThrow();
  });

  it('a record stores the secret encrypted, reads it blank, and an empty edit keeps it', () => {
    const stored = encryptSecrets(ds, { name: 'x', db_password: 'p@ss' });
    expect(stored.name).toBe('x');
    expect(decryptSecret(String(stored.db_password))).toBe('p@ss');
    const row = { ...stored };
    hideSecrets(ds, row);
    expect(row.db_password).toBe('');
    expect(keepStoredSecrets(ds, { name: 'y', db_password: '' })).toEqual({ name: 'y' });
  });
});

describe('data diff', () => {
  it('lists every key of either version and marks the changed ones', () => {
    const lines = diffLines('{"a":1,"b":"x"}', { a: 1, b: 'y', c: null });
    expect(lines).toEqual([
      { key: 'a', before: '1', after: '1', changed: false },
      { key: 'b', before: 'x', after: 'y', changed: true },
      { key: 'c', before: '', after: '', changed: false },
    ]);
    expect(diffLines(null, { a: 1 })).toEqual([{ key: 'a', before: '', after: '1', changed: true }]);
  });
});
