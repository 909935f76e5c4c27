import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSchemaTypes, TYPES_FILE } from '../../../scripts/schema-types.mjs';
import { checkDocument, upgradeDocument, validateDocument, validateForm } from '../../../src/runtime/schema/index.ts';

const root = join(import.meta.dirname, '../../..');

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '_meta' ? [] : schemaFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

const files = schemaFiles(join(root, 'schemas'));

describe('every file in schemas/', () => {
  it('there are schema documents to check', () => expect(files.length).toBeGreaterThan(0));

  it.each(files.map((f) => [relative(root, f), f]))('%s passes the meta-schema and the document checks', (_name, file) => {
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    const verdict = validateDocument(upgradeDocument(doc));
    expect(verdict.errors).toEqual([]);
    expect(checkDocument(verdict.doc!)).toEqual([]);
    expect(file.endsWith(`${verdict.doc!.code.split('/')[1]}.json`)).toBe(true);
  });
});

describe('meta-schema and TypeScript types', () => {
  it('types.generated.ts is exactly what the meta-schemas give (run npm run gen:types after editing them)', async () => {
    expect(readFileSync(join(root, TYPES_FILE), 'utf8')).toBe(await generateSchemaTypes(root));
  });
});

describe('bad documents are refused with a reason', () => {
  const good = JSON.parse(readFileSync(join(root, 'schemas/donation/team.json'), 'utf8'));

  it('an unknown widget type', () => {
    const doc = structuredClone(good);
    doc.form.list[0].type = 'flux-capacitor';
    const verdict = validateDocument(doc);
    expect(verdict.ok).toBe(false);
    expect(verdict.errors.join('\n')).toContain('/form/list/0/type');
  });

  it('a field name that could smuggle SQL', () => {
    const doc = structuredClone(good);
    doc.entity.fields[0].name = 'name; drop table sys_user';
    expect(validateDocument(doc).ok).toBe(false);
  });

  it('a list column naming an undeclared field, and two widgets on one model', () => {
    const doc = structuredClone(good);
    doc.list.columns.push({ dataIndex: 'password' });
    doc.form.list.push({ ...doc.form.list[0], key: 'copy' });
    expect(checkDocument(doc)).toEqual(['list.columns: 未知字段 password', 'form: 数据字段重复 teamName']);
  });

  it('a record page naming fields that are not there, or a progress over a field without its values', () => {
    const doc = JSON.parse(readFileSync(join(root, 'schemas/demo/todo.json'), 'utf8'));
    doc.detail = { page: true, title: 'nope', progress: { field: 'status', steps: ['1', '9'] } };
    expect(checkDocument(doc)).toEqual(['detail.title: 未知字段 nope', 'detail.progress: 9 不是字典 todo_status 的值']);
    doc.detail.progress = { field: 'title' };
    expect(checkDocument(doc)).toEqual(['detail.title: 未知字段 nope', 'detail.progress: 字段 title 没有字典']);
    const screen = { ...doc, detail: undefined, form: undefined, menu: { ...doc.menu, screen: 'form' } };
    expect(checkDocument(screen)).toEqual(['menu.screen: 表单页面需要 form']);
  });

  it('the designer format alone: list and config are required', () => {
    expect(validateForm({ list: [] }).ok).toBe(false);
    expect(validateForm({ list: [], config: {} }).ok).toBe(true);
  });
});

describe('upgrades', () => {
  it('a version-0 document (golden fixture) is lifted to the current format and then validates', () => {
    const old = JSON.parse(readFileSync(join(root, 'tests/fixtures/schemas/v0-donation-note.json'), 'utf8'));
    expect(validateDocument(old).ok).toBe(false);
    const upgraded = upgradeDocument(old) as Record<string, any>;
    expect(upgraded.version).toBe(2);
    expect(upgraded.entity.fields[1]).toEqual({ name: 'kind', label: '类型', type: 'string', dict: 'donor_type' });
    expect(upgraded.list.toolbar).toEqual(['add']);
    expect(upgraded.list.rowActions).toEqual(['edit', 'delete']);
    expect(validateDocument(upgraded).errors).toEqual([]);
  });

  it('version-1 documents (golden fixtures) are lifted to fields named by property, everything else unchanged', () => {
    // Pairs frozen when the files moved to version 2: tests/fixtures/schema-v1/… lifts to exactly tests/fixtures/schema-v2/….
    for (const code of ['info/article', 'donation/record', 'project/application', 'help/application', 'system/user']) {
      const old = JSON.parse(readFileSync(join(root, `tests/fixtures/schema-v1/${code}.json`), 'utf8'));
      const expected = JSON.parse(readFileSync(join(root, `tests/fixtures/schema-v2/${code}.json`), 'utf8'));
      expect(old.version).toBe(1);
      const lifted = upgradeDocument(old);
      expect(lifted, code).toEqual(expected);
      expect(validateDocument(lifted).errors, code).toEqual([]);
      expect(checkDocument(lifted as never), code).toEqual([]);
    }
    const article = upgradeDocument(JSON.parse(readFileSync(join(root, 'tests/fixtures/schema-v1/info/article.json'), 'utf8'))) as Record<string, any>;
    expect(article.entity.rules.transitions.steps[0].stamp).toEqual({ publishTime: 'now' });
    expect(article.list.defaultSort).toEqual({ column: 'createTime', order: 'desc' });
    // A table dictionary's columns are JeecgBoot's contract: they stay columns.
    expect(article.entity.dictSource).toEqual({ text: ['title'], code: ['id'] });
  });

  it('a current document is left as it is', () => {
    const doc = { version: 2, code: 'a/b', title: 't', entity: { table: 'ab', fields: [{ name: 'x', label: 'x', type: 'string' }] } };
    expect(upgradeDocument(doc)).toBe(doc);
  });
});
