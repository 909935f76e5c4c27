import { describe, expect, it } from 'vitest';
import { batchesOf, duplicateProblems, publicationOf } from '../../../src/core/publication.ts';
import { checkDocument } from '../../../src/core/schema/check.ts';
import { columnFor } from '../../../src/core/schema/field-names.ts';
import { renameDocumentFields } from '../../../src/core/schema/field-refs.ts';
import type { FormDef, SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { validateDocument } from '../../../src/core/schema/validate.ts';
import { crossCheck } from '../../../server/engine/schema/cross-check.ts';
import { createItem } from '../../../src/designer/state/items.ts';
import { widgetRegistry } from '../../../src/widgets/registry.ts';

/* What publishing an online form puts in force: one document for the form, one per batch sub-table. */

const input = (key: string, model: string, extra: object = {}) =>
  ({ type: 'input', key, label: model, model, options: {}, rules: [{ required: false, message: '必填项' }], ...extra }) as FormDef['list'][number];
const batch = (key: string, model: string, list: FormDef['list'], onlineFormCode = '') =>
  ({ type: 'batch', key, label: '成员', model, options: { onlineFormCode }, list }) as FormDef['list'][number];
const design = (list: FormDef['list']): FormDef => ({ list, config: { layout: 'horizontal' } });
const META = { desformCode: 'family', desformName: '家庭登记' };

const loads = (docs: SchemaDocument[]) => {
  for (const d of docs) {
    expect(validateDocument(d).errors).toEqual([]);
    expect(checkDocument(d)).toEqual([]);
  }
  // The server checks them across in its tables' columns, as its loader reads them (server/engine/schema/loader.ts).
  expect(crossCheck(new Map(docs.map((d) => [d.code, renameDocumentFields(d, columnFor)])))).toEqual([]);
};

describe('publicationOf', () => {
  it('a form with a grid and a batch gives a screen and a child document that load together', () => {
    const def = design([
      {
        type: 'grid',
        key: 'grid_1',
        columns: [
          {
            span: 12,
            list: [
              input('input_1', 'phone', {
                rules: [
                  { required: true, message: '必填' },
                  { pattern: '^1\\d{10}$', message: '手机号不对' },
                ],
              }),
            ],
          },
          { span: 12, list: [] },
        ],
      } as FormDef['list'][number],
      batch('batch_1', 'members', [input('input_2', 'member_name')]),
    ]);
    const { main, children, problems } = publicationOf(def, { ...META, roles: ['fundraiser'] });
    expect(problems).toEqual([]);
    expect(main).toMatchObject({
      code: 'online/family',
      title: '家庭登记',
      menu: { parent: 'online', roles: ['fundraiser'] },
      entity: { table: 'online_family' },
    });
    expect(main.entity.fields).toEqual([
      { name: 'phone', label: 'phone', type: 'string', required: true, pattern: '^1\\d{10}$', patternMessage: '手机号不对' },
    ]);
    expect(children.map((c) => [c.code, c.entity.table, c.permissionPrefix, c.entity.parent])).toEqual([
      ['online/family_members', 'online_family_members', 'online:family', { entity: 'online/family', field: 'parentId' }],
    ]);
    expect(batchesOf(main.form!)[0].options!.onlineFormCode).toBe('online/family_members');
    expect(main.detail!.children).toEqual([{ entity: 'online/family_members', field: 'parentId', title: '成员' }]);
    // The designer's design itself is not changed.
    expect(batchesOf(def)[0].options!.onlineFormCode).toBe('');
    loads([main, ...children]);
  });

  it('every registered widget, as the palette makes it, publishes to documents that load', () => {
    const taken = new Set<string>();
    // popup and linkDown need a report / table configured first (the checks say so at publication).
    const list = [...widgetRegistry.keys()].filter((t) => !['batch', 'popup', 'linkDown'].includes(t)).map((t) => createItem(t, 1_700_000_000_000, taken));
    const sub = createItem('batch', 1_700_000_000_000, taken);
    sub.list = [createItem('input', 1_700_000_000_000, taken), createItem('number', 1_700_000_000_000, taken)];
    const { main, children, problems } = publicationOf(design([...list, sub]), META);
    expect(problems).toEqual([]);
    expect(main.entity.fields.length).toBe(list.filter((i) => i.model).length);
    loads([main, ...children]);
  });

  it('keeps a batch that names another sub-form as it is', () => {
    const { main, children } = publicationOf(design([input('input_1', 'name'), batch('batch_1', 'rows', [input('input_2', 'x')], 'donation/record')]), META);
    expect(children).toEqual([]);
    expect(batchesOf(main.form!)[0].options!.onlineFormCode).toBe('donation/record');
  });

  it('says what keeps a publication from being valid', () => {
    expect(publicationOf(design([batch('batch_1', 'rows', [input('input_2', 'parent_id')])]), META).problems).toEqual([
      '子表 成员 的数据字段不能叫 parent_id（它保存主表记录的 id）',
      '表单至少需要一个数据字段（动态表格以外的输入控件）',
    ]);
    expect(publicationOf(design([input('input_1', 'a'), batch('batch_1', 'rows', [])]), META).problems).toEqual(['子表 成员 至少需要一个数据字段']);
    const long = publicationOf(design([input('input_1', 'a'), batch('batch_1', 'r'.repeat(40), [input('input_2', 'x')])]), {
      ...META,
      desformCode: 'f'.repeat(30),
    });
    expect(long.problems[0]).toMatch(/超过 63 个字符/);
  });
});

describe('duplicateProblems', () => {
  it('finds keys used twice and models used twice in one table, not across a batch', () => {
    expect(duplicateProblems([input('input_1', 'a'), input('input_1', 'b'), input('input_3', 'a'), batch('batch_1', 'rows', [input('input_4', 'a')])])).toEqual(
      ['控件标识重复 input_1', '数据字段重复 a'],
    );
  });
});
