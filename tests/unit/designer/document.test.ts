import { describe, expect, it } from 'vitest';
import { addAt, initialState, updateItem } from '../../../src/designer/state/designer.ts';
import { documentProblems, fieldOf, schemaFilePath, toSchemaDocument } from '../../../src/designer/state/document.ts';
import { loadForm, modelProblem } from '../../../src/designer/state/io.ts';
import { ROOT } from '../../../src/designer/state/tree.ts';
import { form, item, schemaDocuments } from './fixtures.ts';

describe('export code: the schema document for the form', () => {
  it.each(schemaDocuments().filter(([, d]) => d.form))('%s: exporting the unchanged form gives back the document', (_path, doc) => {
    expect(toSchemaDocument(loadForm(doc.form!), { code: doc.code, title: doc.title }, doc)).toEqual(doc);
  });

  it('a field added to an opened document is added to its entity (additive)', () => {
    const [, doc] = schemaDocuments().find(([p]) => p.endsWith('team.json'))!;
    let s = initialState(loadForm(doc.form!));
    s = addAt(s, 'input', ROOT, 0, 1_700_000_000_000);
    const out = toSchemaDocument(s.def, { code: doc.code, title: doc.title }, doc);
    expect(out.entity.fields.at(-1)).toEqual({ name: 'input_1700000000000', label: '单行文本', type: 'string' });
    expect(out.entity.fields.slice(0, -1)).toEqual(doc.entity.fields);
    expect(documentProblems(out)).toEqual([]);
  });

  it('a new form becomes a valid document, ready as schemas/<area>/<entity>.json', () => {
    let s = initialState(form([]));
    s = addAt(s, 'input', ROOT, 0, 1);
    s = updateItem(s, 'input_1', (i) => ({
      ...i,
      model: 'phone',
      label: '电话',
      rules: [
        { required: true, message: '必填项' },
        { pattern: '^1\\d{10}$', message: '手机号不对' },
      ],
    }));
    s = addAt(s, 'select', ROOT, 1, 2);
    s = updateItem(s, 'select_2', (i) => ({ ...i, model: 'sex', options: { ...i.options, dynamic: 'dict', dynamicKey: 'sex' } }));
    s = addAt(s, 'number', ROOT, 2, 3);
    const doc = toSchemaDocument(s.def, { code: 'online/visit', title: '走访登记' });
    expect(schemaFilePath(doc.code)).toBe('schemas/online/visit.json');
    expect(doc.entity).toEqual({
      table: 'online_visit',
      fields: [
        { name: 'phone', label: '电话', type: 'string', required: true, pattern: '^1\\d{10}$', patternMessage: '手机号不对' },
        { name: 'sex', label: '下拉选择框', type: 'string', dict: 'sex' },
        { name: 'number_3', label: '数字输入框', type: 'decimal' },
      ],
    });
    expect(documentProblems(doc)).toEqual([]);
    expect(doc.form).toEqual(s.def);
  });

  it('a new document is in the current format: fields by property, a designer key as it is; a model typed as its column is named', () => {
    let s = initialState(form([]));
    s = addAt(s, 'input', ROOT, 0, 1_700_000_000_000);
    s = addAt(s, 'input', ROOT, 1, 2);
    s = updateItem(s, 'input_2', (i) => ({ ...i, model: 'donorName', label: '捐赠人' }));
    const doc = toSchemaDocument(s.def, { code: 'online/donor', title: '捐赠人' });
    expect(doc.version).toBe(2);
    expect(doc.entity.fields.map((f) => f.name)).toEqual(['input_1700000000000', 'donorName']);
    expect(doc.list!.columns!.map((c) => c.dataIndex)).toEqual(['input_1700000000000', 'donorName']);
    expect(documentProblems(doc)).toEqual([]);
    expect(modelProblem(s.def, 'input_2', 'donorName')).toBeNull();
    expect(modelProblem(s.def, 'input_2', 'input_1700000000001')).toBeNull();
    expect(modelProblem(s.def, 'input_2', 'Donor')).toMatch(/以小写字母开头/);

    const typed = updateItem(s, 'input_2', (i) => ({ ...i, model: 'donor_name' }));
    expect(documentProblems(toSchemaDocument(typed.def, { code: 'online/donor', title: '捐赠人' }))).toEqual(['entity: 字段 donor_name 应写作 donorName']);
  });

  it('field types follow the widgets', () => {
    expect(fieldOf(item('number', 'n', { model: 'n', options: { integer: true } })).type).toBe('integer');
    expect(fieldOf(item('date', 'd', { model: 'd', options: { showTime: true } })).type).toBe('datetime');
    expect(fieldOf(item('date', 'd', { model: 'd', options: { range: true } })).type).toBe('json');
    expect(fieldOf(item('textarea', 't', { model: 't', options: { maxLength: 10 } }))).toEqual({ name: 't', label: 't', type: 'text' });
  });

  it('a bad code is refused with a reason', () => {
    const doc = toSchemaDocument(form([item('input', 'a', { model: 'a' })]), { code: 'Bad', title: 'x' });
    expect(documentProblems(doc)).toEqual(['编码须为 area/entity 形式（小写字母、数字、下划线）']);
  });
});
