import '../widget-kit.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileForm, DEFAULT_REQUIRED_MESSAGE, resolveDefault, validatorOf } from '../../../src/runtime/renderers/form/compile.ts';
import type { FormDef, SchemaDocument } from '../../../src/core/schema/types.generated.ts';

const root = join(import.meta.dirname, '../../..');
const doc = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as SchemaDocument;

type Node = { properties?: Record<string, Node>; items?: Node; [k: string]: unknown };

describe('form compiler: designer format → Formily schema', () => {
  const record = compileForm(doc('schemas/donation/record.json').form!) as Node;

  it('a grid becomes a row of 24-column spans holding its fields by model', () => {
    const grid = record.properties!.grid_record_1;
    expect(grid['x-component']).toBe('GridRow');
    expect(grid['x-component-props']).toEqual({ gutter: 16 });
    const [left, right] = Object.values(grid.properties!);
    expect(left['x-component-props']).toEqual({ span: 12 });
    expect(Object.keys(left.properties!)).toEqual(['donorType', 'phone', 'activityId', 'amount', 'payStatus']);
    expect(Object.keys(right.properties!)).toContain('donorName');
  });

  it('the first rule gives required with its message; later rules are patterns', () => {
    const phone = record.properties!.grid_record_1.properties!.grid_record_1_col0.properties!.phone;
    expect(phone['x-validator']).toEqual([{ pattern: '^1[3-9]\\d{9}$', message: '请输入正确的手机号码' }]);
    const amount = record.properties!.grid_record_1.properties!.grid_record_1_col0.properties!.amount;
    // The widget's range is a message, not a clamp of the input (which would turn -5 into 0 silently).
    expect(amount['x-validator']).toEqual([
      { required: true, message: '请输入捐赠金额' },
      { minimum: 0.01, message: '捐赠金额不能小于0.01' },
    ]);
    expect(amount['x-component']).toBe('NumberPicker');
    expect(amount['x-component-props']).toMatchObject({ precision: 2 });
    expect(amount['x-component-props']).not.toHaveProperty('min');
  });

  it("the entity's number range and cross-field checks validate the form with the server's messages", () => {
    const activity = doc('schemas/donation/activity.json');
    const columns = (compileForm(activity.form!, { entity: activity.entity }) as Node).properties!.grid_activity_1.properties!;
    expect(columns.grid_activity_1_col0.properties!.targetAmount['x-validator']).toEqual([{ minimum: 0, message: '目标金额不能小于0' }]);
    const end = columns.grid_activity_1_col1.properties!.endDate;
    const check = (end['x-validator'] as { validator?: (v: unknown, r: unknown, ctx: unknown) => string }[]).find((r) => r.validator)!.validator!;
    const ctx = { form: { values: { startDate: '2026-03-10' } } };
    expect(check('2026-03-01', {}, ctx)).toBe('结束日期不能早于开始日期');
    expect(check('2026-03-10', {}, ctx)).toBe('');
    expect(check('', {}, ctx)).toBe('');
    expect(end['x-reactions']).toHaveLength(1);
    // Without the entity (the designer's preview) there is nothing to check against.
    const bare = (compileForm(activity.form!) as Node).properties!.grid_activity_1.properties!.grid_activity_1_col1.properties!.endDate;
    expect(bare['x-validator']).toEqual([]);
  });

  it("a required rule without a message says '必填项'", () => {
    expect(validatorOf({ type: 'input', key: 'k', model: 'm', rules: [{ required: true }] })).toEqual([{ required: true, message: DEFAULT_REQUIRED_MESSAGE }]);
    expect(DEFAULT_REQUIRED_MESSAGE).toBe('必填项');
  });

  it('dictionary and table options sources become a dictionary code', () => {
    const col0 = record.properties!.grid_record_1.properties!.grid_record_1_col0.properties!;
    expect(col0.donorType['x-component-props']).toMatchObject({ dictCode: 'donor_type' });
    expect(col0.activityId['x-component-props']).toMatchObject({ dictCode: 'donation_activity,activity_name,id' });
  });

  it('linkage becomes a reaction that requires payTime once paid', () => {
    const payTime = record.properties!.grid_record_1.properties!.grid_record_1_col1.properties!.payTime;
    const [reaction] = payTime['x-reactions'] as ((f: unknown) => void)[];
    const field = { required: false, form: { values: { payStatus: '2' } } };
    reaction(field);
    expect(field.required).toBe(true);
    field.form.values.payStatus = '1';
    reaction(field);
    expect(field.required).toBe(false);
  });

  it('a batch widget becomes an array table with one column per child and add/remove', () => {
    const dict = compileForm(doc('schemas/sys/dict.json').form!) as Node;
    const items = dict.properties!.items;
    expect(items.type).toBe('array');
    expect(items['x-component']).toBe('ArrayTable');
    const columns = Object.keys(items.items!.properties!);
    expect(columns).toEqual(['__index', '__col_itemText', '__col_itemValue', '__col_sortOrder', '__col_status', '__operations']);
    expect(items.properties!.add['x-component']).toBe('ArrayTable.Addition');
  });

  it('a layout table nests fields in rows and cells; an unknown type renders a notice instead of failing', () => {
    const def: FormDef = {
      list: [
        { type: 'table', key: 't1', trs: [{ tds: [{ colspan: 2, rowspan: 1, list: [{ type: 'input', key: 'i1', model: 'a', label: 'A' }] }] }] },
        // A type no registry knows (every type of the meta-schema is registered by now).
        { type: 'noSuchWidget' as FormDef['list'][number]['type'], key: 'e1', model: 'b', label: '弹窗' },
      ],
      config: {},
    };
    const schema = compileForm(def) as Node;
    const cell = schema.properties!.t1.properties!.t1_r0.properties!.t1_r0c0;
    expect(cell['x-component-props']).toEqual({ colspan: 2, rowspan: 1 });
    expect(Object.keys(cell.properties!)).toEqual(['a']);
    expect(schema.properties!.e1['x-component']).toBe('UnsupportedWidget');
  });

  it('resolves the ${…} default placeholders and leaves other values', () => {
    const placeholders = { username: 'admin', departCode: 'd1,d2' };
    expect(resolveDefault('${username}', placeholders)).toBe('admin');
    expect(resolveDefault('${departCode}', placeholders)).toBe('d1,d2');
    expect(resolveDefault('${nope}', placeholders)).toBe('${nope}');
    expect(resolveDefault(3, placeholders)).toBe(3);
  });

  it('hidden, disabled and default values carry over; scaffold blanks do not become defaults', () => {
    const def: FormDef = {
      list: [
        { type: 'input', key: 'i1', model: 'a', label: 'A', options: { hidden: true, disabled: true, defaultValue: '${username}' } },
        { type: 'input', key: 'i2', model: 'b', label: 'B', options: { defaultValue: '' } },
        { type: 'switch', key: 's1', model: 'c', label: 'C', options: { defaultValue: true } },
      ],
      config: {},
    };
    const p = (compileForm(def, { placeholders: { username: 'zhangwei' } }) as Node).properties!;
    expect(p.a).toMatchObject({ 'x-hidden': true, 'x-disabled': true, default: 'zhangwei' });
    expect(p.b.default).toBeUndefined();
    expect(p.c.default).toBe('Y');
  });
});

describe('form values sent to the server', () => {
  it("drop Formily's internal row index at any depth", async () => {
    const { withoutInternals } = await import('../../../src/runtime/renderers/form/values.ts');
    const values = { dictName: '性别', items: [{ itemText: '男', __DO_NOT_USE_THIS_PROPERTY_index__: 0 }] };
    expect(withoutInternals(values)).toEqual({ dictName: '性别', items: [{ itemText: '男' }] });
  });
});
