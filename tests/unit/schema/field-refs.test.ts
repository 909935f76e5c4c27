import { describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../../../server/engine/schema/loader.ts';
import { AUDIT_NAMES } from '../../../src/core/schema/audit-fields.ts';
import { renameDocumentFields, renameFormFields } from '../../../src/core/schema/field-refs.ts';
import { columnFor, propertyOf } from '../../../src/core/schema/field-names.ts';
import type { SchemaDocument } from '../../../src/core/schema/types.generated.ts';

/** The shipped documents as version 1 wrote them: fields by column (the walker's input when the version chain lifts them). */
const shipped = readSchemaFiles().map((s) => renameDocumentFields(s.raw as SchemaDocument, columnFor));
const doc = (code: string) => shipped.find((d) => d.code === code)!;

/** Every string of a value (keys included) with where it sits, array positions left out. */
function strings(value: unknown, path = '', out: { path: string; value: string }[] = []) {
  if (typeof value === 'string') out.push({ path, value });
  else if (Array.isArray(value)) value.forEach((v) => strings(v, `${path}[]`, out));
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      out.push({ path: `${path}.{key}`, value: key });
      strings(v, `${path}.${key}`, out);
    }
  return out;
}

describe('renaming the fields a document names', () => {
  it('takes every shipped document to columns and back unchanged', () => {
    for (const source of readSchemaFiles()) {
      const written = source.raw as SchemaDocument;
      expect(renameDocumentFields(renameDocumentFields(written, columnFor), propertyOf), written.code).toEqual(written);
    }
  });

  it('renames every place that names a field; what still reads like a field name is a dictionary, fill rule or table-dictionary column', () => {
    // Table dictionaries (dictSource, pidField) keep their columns: JeecgBoot's contract passes column names there.
    const notFields = new Set([
      '.dictionaries[].code',
      '.entity.dictSource.code[]',
      '.entity.dictSource.text[]',
      '.entity.dictSource.pid',
      '.entity.fields[].dict',
      '.entity.fields[].generated.rule',
      '.fillRules[].code',
      '.form.list[].options.dynamicKey',
      '.form.list[].columns[].list[].options.dynamicKey',
      '.list.columns[].dict',
      '.list.query[].dictCode',
      '.list.query[].pidField',
    ]);
    const left = new Set<string>();
    for (const d of shipped) {
      const names = new Set([...AUDIT_NAMES, ...d.entity.fields.map((f) => f.name)].filter((n) => propertyOf(n) !== n));
      const after = new Set(strings(renameDocumentFields(d, propertyOf)).map((s) => `${s.path}=${s.value}`));
      for (const s of strings(d)) if (names.has(s.value) && after.has(`${s.path}=${s.value}`) && !notFields.has(s.path)) left.add(`${d.code} ${s.path}`);
    }
    expect([...left]).toEqual([]);
  });

  it('reaches fields in lists, forms, rules, conditions, expressions and templates, and nothing else', () => {
    const article = renameDocumentFields(doc('info/article'), propertyOf);
    expect(article.entity.fields.map((f) => f.name)).toContain('publishTime');
    expect(article.list!.columns.map((c) => c.dataIndex)).toContain('columnType');
    expect(article.list!.defaultSort).toEqual({ column: 'createTime', order: 'desc' });
    expect(article.entity.rules!.transitions!.steps[0].stamp).toEqual({ publishTime: 'now' });
    expect(article.list!.query!.map((q) => q.field)).toContain('publishTime');
    // Widget keys and dictionary codes are not fields.
    expect(JSON.stringify(article.form)).toContain('"key":"select_article_column","label":"栏目","model":"columnType"');
    expect(article.dictionaries!.map((d) => d.code)).toEqual(['article_column', 'article_status']);

    const made = renameDocumentFields(
      {
        ...doc('info/article'),
        list: {
          columns: [{ dataIndex: 'view_count' }],
          operations: [{ key: 'open', label: '打开', link: '/info/article?column={column_type}&id={id}' }],
        },
        form: {
          list: [{ type: 'input', key: 'input_1700000000000', model: 'input_1700000000000', options: { destFields: 'view_count, like_count' } }],
          config: {
            linkage: [
              {
                target: 'like_count',
                effect: 'set',
                when: { $and: [{ view_count: { $gt: 1 } }, { $not: { column_type: { $eq: '1' } } }] },
                value: { $add: [{ $field: 'view_count' }, 1] },
              },
            ],
          },
        },
      },
      propertyOf,
    );
    expect(made.list!.operations![0].link).toBe('/info/article?column={columnType}&id={id}');
    expect(made.form!.list[0]).toEqual({
      type: 'input',
      key: 'input_1700000000000',
      model: 'input_1700000000000',
      options: { destFields: 'viewCount,likeCount' },
    });
    expect(made.form!.config!.linkage![0]).toEqual({
      target: 'likeCount',
      effect: 'set',
      when: { $and: [{ viewCount: { $gt: 1 } }, { $not: { columnType: { $eq: '1' } } }] },
      value: { $add: [{ $field: 'viewCount' }, 1] },
    });
  });

  it('renames a designer form on its own', () => {
    const formDef = {
      list: [{ type: 'grid', key: 'grid_1', columns: [{ span: 12, list: [{ type: 'input', key: 'k', model: 'donor_name' }] }] }],
      config: { cclist: ['donor_name'] },
    };
    expect(renameFormFields(formDef, propertyOf)).toEqual({
      list: [{ type: 'grid', key: 'grid_1', columns: [{ span: 12, list: [{ type: 'input', key: 'k', model: 'donorName' }] }] }],
      config: { cclist: ['donorName'] },
    });
  });

  it('leaves the document it was given as it was', () => {
    const before = JSON.stringify(doc('donation/record'));
    renameDocumentFields(doc('donation/record'), propertyOf);
    expect(JSON.stringify(doc('donation/record'))).toBe(before);
  });
});
