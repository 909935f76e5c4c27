import { describe, expect, it } from 'vitest';
import { updateItem, updateConfig, copyItem, deleteItem } from '../../../src/designer/state/designer.ts';
import {
  addGridColumn,
  normalizeBound,
  normalizePrecision,
  normalizeScrollY,
  removeGridColumn,
  resetBatchFormCodes,
  setColumnSpan,
  setIntegerOnly,
  setLabelSpan,
  syncCclist,
} from '../../../src/designer/state/limits.ts';
import { addStaticOption, removeStaticOption, setStaticOption, sourceOf, switchSource } from '../../../src/designer/state/sources.ts';
import { createItem } from '../../../src/designer/state/items.ts';
import { form, item, stateOf } from './fixtures.ts';

describe('number limits (spec section 5)', () => {
  it('precision is 0 to 50; above 50 or unset means none', () => {
    expect(normalizePrecision(0)).toBe(0);
    expect(normalizePrecision(50)).toBe(50);
    expect(normalizePrecision(51)).toBeNull();
    expect(normalizePrecision(-1)).toBeNull();
    expect(normalizePrecision(undefined)).toBeNull();
    expect(normalizePrecision(null)).toBeNull();
  });

  it('min and max are open-ended when unset; scrollY is at least 0', () => {
    expect(normalizeBound(undefined)).toBeNull();
    expect(normalizeBound(-5)).toBe(-5);
    expect(normalizeScrollY(-10)).toBe(0);
    expect(normalizeScrollY(300)).toBe(300);
    expect(normalizeScrollY(undefined)).toBe(0);
  });

  it('integer-only sets precision 0', () => {
    expect(setIntegerOnly({ precision: 2 }, true)).toEqual({ integer: true, precision: 0 });
    expect(setIntegerOnly({ precision: 0, integer: true }, false)).toEqual({ integer: false, precision: null });
  });
});

describe('spans (spec section 5)', () => {
  it('the label column is 0 to 24 and the wrapper 24 minus it', () => {
    expect(setLabelSpan({}, 6)).toEqual({ labelCol: { span: 6 }, wrapperCol: { span: 18 } });
    expect(setLabelSpan({}, 30)).toEqual({ labelCol: { span: 24 }, wrapperCol: { span: 0 } });
    expect(setLabelSpan({}, -3)).toEqual({ labelCol: { span: 0 }, wrapperCol: { span: 24 } });
  });

  it('a grid column span is at most 24; a new column is 12; a grid keeps one column', () => {
    const g = createItem('grid', 1, new Set());
    expect(setColumnSpan(g, 0, 30).columns![0].span).toBe(24);
    expect(setColumnSpan(g, 1, -1).columns![1].span).toBe(0);
    expect(addGridColumn(g).columns!.map((c) => c.span)).toEqual([12, 12, 12]);
    expect(removeGridColumn(removeGridColumn(g, 0), 0).columns).toHaveLength(1);
  });
});

describe('copy recipients: config.cclist follows isCc (spec section 4)', () => {
  const user = item('input', 'u', { model: 'approver', options: { isCc: false } });

  it('isCc on adds the model, off removes it', () => {
    const on = syncCclist({}, user, { ...user, options: { isCc: true } });
    expect(on.cclist).toEqual(['approver']);
    expect(syncCclist(on, { ...user, options: { isCc: true } }, user).cclist).toEqual([]);
  });

  it('changing the model replaces it; deleting the widget removes it', () => {
    let s = stateOf([user]);
    s = updateItem(s, 'u', (i) => ({ ...i, options: { isCc: true } }));
    expect(s.def.config.cclist).toEqual(['approver']);
    s = updateItem(s, 'u', (i) => ({ ...i, model: 'reviewer' }));
    expect(s.def.config.cclist).toEqual(['reviewer']);
    s = copyItem(s, 'u', 5);
    expect(s.def.config.cclist).toEqual(['reviewer', 'input_5']);
    s = deleteItem(s, 'u');
    expect(s.def.config.cclist).toEqual(['input_5']);
  });

  it('edits that do not touch isCc or the model leave config alone', () => {
    const s = stateOf([user]);
    expect(updateItem(s, 'u', (i) => ({ ...i, label: 'x' })).def.config).toBe(s.def.config);
    expect(updateConfig(s, (c) => ({ ...c, layout: 'vertical' })).def.config.layout).toBe('vertical');
  });
});

describe('options source switching (spec section 4)', () => {
  it('switches among static, dict and distal, keeping what each had', () => {
    const select = createItem('select', 1, new Set()).options!;
    expect(sourceOf(select)).toBe('static');
    const dict = switchSource(select, 'dict');
    expect(dict).toMatchObject({ dynamic: 'dict', dynamicKey: '', options: select.options });
    const distal = switchSource({ ...dict, dynamicKey: 'sex' }, 'distal');
    expect(distal.distal).toEqual({ tableName: '', value: '', label: '' });
    expect(switchSource(distal, 'dict').dynamicKey).toBe('sex');
    expect(switchSource({}, 'static').options).toEqual([]);
    expect(sourceOf(undefined)).toBe('static');
  });

  it('edits static options', () => {
    let o = addStaticOption({ options: [{ value: '1', label: '选项1' }] });
    expect(o.options).toEqual([
      { value: '1', label: '选项1' },
      { value: '2', label: '选项2' },
    ]);
    o = setStaticOption(o, 1, { label: '女' });
    expect(o.options![1]).toEqual({ value: '2', label: '女' });
    expect(removeStaticOption(o, 0).options).toEqual([{ value: '2', label: '女' }]);
  });
});

describe('batch sub-form code (spec section 4)', () => {
  it('resets to empty when the online form list no longer offers it', () => {
    const def = form([item('card', 'c', { list: [item('batch', 'b', { model: 'rows', options: { onlineFormCode: 'sys/dict_item' }, list: [] })] })]);
    expect(resetBatchFormCodes(def, ['sys/dict_item', 'donation/team'])).toBe(def);
    const reset = resetBatchFormCodes(def, ['donation/team']);
    expect(reset.list[0].list![0].options!.onlineFormCode).toBe('');
  });
});
