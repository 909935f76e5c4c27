import { describe, expect, it } from 'vitest';
import { copyItem, initialState, updateItem } from '../../../src/designer/state/designer.ts';
import { dataJson, formJson, formProblems, IMPORT_FAILED, IMPORT_OK, loadForm, parseImport, saveForm } from '../../../src/designer/state/io.ts';
import formSchema from '../../../schemas/_meta/form.schema.json';
import { widgetRegistry } from '../../../src/widgets/registry.ts';
import type { WidgetType } from '../../../src/runtime/widgets/contract.ts';
import { form, item, schemaDocuments } from './fixtures.ts';

const WIDGET_TYPES: string[] = formSchema.definitions.WidgetType.enum;

/* One format: every form in schemas/ opens in the designer and comes back unchanged. */
const withForms = schemaDocuments().filter(([, doc]) => doc.form);

describe('every form in schemas/ round-trips through the designer', () => {
  it('there are forms to round-trip', () => expect(withForms.length).toBeGreaterThanOrEqual(3));

  it.each(withForms)('%s: load → model → save is deep-equal', (_path, doc) => {
    const original = structuredClone(doc.form!);
    const state = initialState(loadForm(doc.form!));
    expect(saveForm(state.def)).toEqual(original);
    // The document itself is not touched by the designer's edits.
    updateItem(state, state.def.list[0].key, (i) => ({ ...i, label: 'changed' }));
    expect(doc.form).toEqual(original);
  });

  it.each(withForms)('%s: export JSON then import it back gives the same form', (_path, doc) => {
    const result = parseImport(formJson(loadForm(doc.form!)));
    expect(result.ok).toBe(true);
    if (result.ok) expect(saveForm(result.def)).toEqual(doc.form);
  });

  it.each(withForms)('%s: passes the designer checks', (_path, doc) => expect(formProblems(doc.form)).toEqual([]));

  it('a designed form with a copy still passes the checks (new keys and models)', () => {
    const [, doc] = withForms.find(([p]) => p.endsWith('activity.json'))!;
    const state = copyItem(initialState(loadForm(doc.form!)), 'grid_activity_1', 1_700_000_000_000);
    expect(formProblems(saveForm(state.def))).toEqual([]);
  });
});

describe('import JSON (spec section 5)', () => {
  it("the messages are '导入失败，数据格式不对' and '导入成功'", () => {
    expect(IMPORT_FAILED).toBe('导入失败，数据格式不对');
    expect(IMPORT_OK).toBe('导入成功');
  });

  it.each([
    ['not JSON', '{ list: [] '],
    ['an array', '[]'],
    ['no config', '{ "list": [] }'],
    ['no list', '{ "config": {} }'],
    ['list is not an array', '{ "list": {}, "config": {} }'],
    ['null', 'null'],
  ])('refuses %s', (_name, text) => {
    const result = parseImport(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toBe(IMPORT_FAILED);
  });

  it('refuses a widget type the registry does not know', () => {
    const schemaUnknown = parseImport(JSON.stringify(form([item('flux-capacitor' as never, 'x_1')])));
    expect(schemaUnknown.ok).toBe(false);
    // In the meta-schema's enum but not registered (yet): still refused, by the registry check.
    const type = WIDGET_TYPES.find((t) => !widgetRegistry.has(t as WidgetType));
    if (!type) return;
    const unregistered = parseImport(JSON.stringify(form([item(type as WidgetType, 'w_1', { model: 'notes' })])));
    expect(unregistered).toMatchObject({ ok: false, message: IMPORT_FAILED, errors: [`未知控件类型 ${type}（w_1）`] });
  });

  it('refuses duplicate models and keys, but allows a batch column named like a form field', () => {
    const dup = parseImport(JSON.stringify(form([item('input', 'a', { model: 'name' }), item('input', 'b', { model: 'name' })])));
    expect(dup).toMatchObject({ ok: false, errors: ['数据字段重复 name'] });
    const dupKey = parseImport(JSON.stringify(form([item('input', 'a', { model: 'x' }), item('input', 'a', { model: 'y' })])));
    expect(dupKey).toMatchObject({ ok: false, errors: ['控件标识重复 a'] });
    const batch = form([item('input', 'a', { model: 'name' }), item('batch', 'b', { model: 'rows', list: [item('input', 'c', { model: 'name' })] })]);
    expect(parseImport(JSON.stringify(batch)).ok).toBe(true);
  });

  it('refuses what the meta-schema refuses (a bad model name)', () => {
    const result = parseImport(JSON.stringify(form([item('input', 'a', { model: 'Bad Name' })])));
    expect(result.ok).toBe(false);
  });

  it('save drops options cleared to undefined', () => {
    const def = form([item('input', 'a', { model: 'x', options: { placeholder: undefined, width: '100%' } })]);
    expect(saveForm(def).list[0].options).toEqual({ width: '100%' });
  });
});

describe('preview data', () => {
  it("shows the values without the array table's row index", () => {
    const values = { rows: [{ __DO_NOT_USE_THIS_PROPERTY_index__: 0, name: '李四' }], phone: '138' };
    expect(JSON.parse(dataJson(values))).toEqual({ rows: [{ name: '李四' }], phone: '138' });
  });
});
