import { describe, expect, it } from 'vitest';
import {
  accepts,
  addAt,
  addWidget,
  copyItem,
  deleteItem,
  moveItem,
  replaceForm,
  resetList,
  select,
  SELECT_DEBOUNCE_MS,
  updateItem,
} from '../../../src/designer/state/designer.ts';
import { createItem, newKey } from '../../../src/designer/state/items.ts';
import { findItem, locate, ROOT, type Slot } from '../../../src/designer/state/tree.ts';
import { form, item, keys, stateOf } from './fixtures.ts';

const NOW = 1_700_000_000_000;
const grid = () =>
  item('grid', 'g', {
    columns: [
      { span: 12, list: [item('input', 'in1', { model: 'in1' })] },
      { span: 12, list: [] },
    ],
  });
const col = (key: string, n: number): Slot => ({ kind: 'col', key, col: n });

describe('new keys: type + timestamp (spec section 3)', () => {
  it('is type_timestamp and stays unique within a millisecond', () => {
    const taken = new Set<string>();
    expect(newKey('input', NOW, taken)).toBe(`input_${NOW}`);
    expect(newKey('input', NOW, taken)).toBe(`input_${NOW + 1}`);
  });

  it('a new data widget takes its key as model; layout widgets get no model and no rules', () => {
    const input = createItem('input', NOW, new Set());
    expect(input).toMatchObject({ type: 'input', key: `input_${NOW}`, model: `input_${NOW}`, rules: [{ required: false, message: '必填项' }] });
    const g = createItem('grid', NOW, new Set());
    expect(g.model).toBeUndefined();
    expect(g.rules).toBeUndefined();
    expect(g.columns).toEqual([
      { span: 12, list: [] },
      { span: 12, list: [] },
    ]);
  });
});

describe('adding', () => {
  it('without a selection a palette click appends and selects', () => {
    const s = addWidget(stateOf([item('input', 'a', { model: 'a' })]), 'select', NOW);
    expect(keys(s.def.list)).toEqual(['a', `select_${NOW}`]);
    expect(s.selected).toBe(`select_${NOW}`);
  });

  it('with a selection it goes right after the selected item, in its list (as the canvas inserts a copy)', () => {
    const s = addWidget(stateOf([grid(), item('input', 'z', { model: 'z' })], 'in1'), 'date', NOW);
    expect(keys(s.def.list[0].columns![0].list)).toEqual(['in1', `date_${NOW}`]);
    expect(s.selected).toBe(`date_${NOW}`);
  });

  it('a drop adds at the place dropped on and selects the new item', () => {
    const s = addAt(stateOf([grid()]), 'input', col('g', 1), 0, NOW);
    expect(keys(s.def.list[0].columns![1].list)).toEqual([`input_${NOW}`]);
    expect(s.selected).toBe(`input_${NOW}`);
  });

  it('a batch sub-table takes data widgets only', () => {
    const s = stateOf([item('batch', 'b', { model: 'rows', list: [] })]);
    const into: Slot = { kind: 'list', key: 'b' };
    expect(accepts(s.def, into, 'grid')).toBe(false);
    expect(accepts(s.def, into, 'batch')).toBe(false);
    expect(addAt(s, 'grid', into, 0, NOW)).toBe(s);
    expect(keys(addAt(s, 'input', into, 0, NOW).def.list[0].list!)).toEqual([`input_${NOW}`]);
    // With a batch child selected, a layout widget goes to the end of the form instead.
    const withChild = addAt(s, 'input', into, 0, NOW);
    const added = addWidget(withChild, 'divider', NOW + 5);
    expect(keys(added.def.list)).toEqual(['b', `divider_${NOW + 5}`]);
  });
});

describe('copying (spec section 4)', () => {
  it('inserts a copy right after the original with a new key and model, and selects it', () => {
    const s = copyItem(stateOf([item('input', 'a', { model: 'a', label: '姓名' }), item('input', 'b', { model: 'b' })]), 'a', NOW);
    expect(keys(s.def.list)).toEqual(['a', `input_${NOW}`, 'b']);
    expect(s.def.list[1]).toMatchObject({ label: '姓名', model: `input_${NOW}` });
    expect(s.selected).toBe(`input_${NOW}`);
  });

  it('a copied grid gets new keys inside too', () => {
    const s = copyItem(stateOf([grid()]), 'g', NOW);
    const copy = s.def.list[1];
    expect(copy.key).toBe(`grid_${NOW}`);
    expect(copy.columns![0].list[0].key).toBe(`input_${NOW}`);
    expect(copy.columns![0].list[0].model).toBe(`input_${NOW}`);
  });
});

describe('deleting selects the next, else the previous, else none', () => {
  const three = () => stateOf([item('input', 'a', { model: 'a' }), item('input', 'b', { model: 'b' }), item('input', 'c', { model: 'c' })]);
  it('next', () => expect(deleteItem({ ...three(), selected: 'b' }, 'b').selected).toBe('c'));
  it('previous when it was the last', () => expect(deleteItem({ ...three(), selected: 'c' }, 'c').selected).toBe('b'));
  it('none when it was alone', () => expect(deleteItem(stateOf([item('input', 'a', { model: 'a' })], 'a'), 'a').selected).toBeNull());
  it('within a nested list', () => {
    const s = stateOf(
      [item('card', 'k', { list: [item('input', 'x', { model: 'x' }), item('input', 'y', { model: 'y' })] }), item('input', 'z', { model: 'z' })],
      'y',
    );
    const after = deleteItem(s, 'y');
    expect(after.selected).toBe('x');
    expect(keys(after.def.list[0].list!)).toEqual(['x']);
  });
  it('deleting a grid with the selection inside selects its neighbour', () => {
    const s = stateOf([grid(), item('input', 'z', { model: 'z' })], 'in1');
    expect(deleteItem(s, 'g').selected).toBe('z');
  });
});

describe('moving and nesting', () => {
  const s = () => stateOf([item('input', 'a', { model: 'a' }), item('input', 'b', { model: 'b' }), item('input', 'c', { model: 'c' }), grid()]);

  it('reorders within a list (index as before the move)', () => {
    expect(keys(moveItem(s(), 'a', ROOT, 3).def.list)).toEqual(['b', 'c', 'a', 'g']);
    expect(keys(moveItem(s(), 'c', ROOT, 0).def.list)).toEqual(['c', 'a', 'b', 'g']);
    expect(moveItem(s(), 'a', ROOT, 1)).toEqual(s());
  });

  it('nests into grid columns, cards and layout-table cells', () => {
    let st = moveItem(s(), 'a', col('g', 1), 0);
    expect(keys(st.def.list[2].columns![1].list)).toEqual(['a']);
    st = { ...st, def: { ...st.def, list: [...st.def.list, createItem('table', NOW, new Set()), item('card', 'k', { list: [] })] } };
    st = moveItem(st, 'b', { kind: 'td', key: `table_${NOW}`, row: 1, col: 1 }, 0);
    expect(findItem(st.def, `table_${NOW}`)!.trs![1].tds[1].list.map((i) => i.key)).toEqual(['b']);
    st = moveItem(st, 'c', { kind: 'list', key: 'k' }, 0);
    expect(locate(st.def, 'c')!.slot).toEqual({ kind: 'list', key: 'k' });
  });

  it('never moves an item into itself', () => {
    const st = stateOf([item('grid', 'g', { columns: [{ span: 24, list: [item('card', 'k', { list: [] })] }] })]);
    expect(moveItem(st, 'g', { kind: 'list', key: 'k' }, 0)).toBe(st);
    expect(moveItem(st, 'g', col('g', 0), 0)).toBe(st);
  });

  it('keeps untouched items identical (memoised canvas items skip re-rendering)', () => {
    const before = s();
    const after = updateItem(before, 'b', (i) => ({ ...i, label: 'B' }));
    expect(after.def.list[0]).toBe(before.def.list[0]);
    expect(after.def.list[3]).toBe(before.def.list[3]);
    expect(after.def.list[1]).not.toBe(before.def.list[1]);
  });
});

describe('selection (spec section 4)', () => {
  it('changes within 100 ms of the previous one are ignored', () => {
    expect(SELECT_DEBOUNCE_MS).toBe(100);
    const s0 = stateOf([grid()]);
    const s1 = select(s0, 'in1', 1000);
    expect(s1.selected).toBe('in1');
    // The click bubbling to the grid a moment later is ignored …
    expect(select(s1, 'g', 1050).selected).toBe('in1');
    // … and a later click is not.
    expect(select(s1, 'g', 1100).selected).toBe('g');
    expect(select(s1, null, 1200).selected).toBeNull();
  });

  it('an import resets the selection; reset clears the whole list', () => {
    const s = stateOf([grid()], 'g');
    expect(replaceForm(s, form([])).selected).toBeNull();
    const r = resetList(s);
    expect(r.def.list).toEqual([]);
    expect(r.selected).toBeNull();
    expect(r.def.config).toBe(s.def.config);
  });

  it('renaming the selected item keeps it selected', () => {
    const s = updateItem(stateOf([item('input', 'a', { model: 'a' })], 'a'), 'a', (i) => ({ ...i, key: 'a2' }));
    expect(s.selected).toBe('a2');
  });
});
