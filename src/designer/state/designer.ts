import type { FormConfig, FormDef, WidgetItem } from '../../core/schema/types.generated.ts';
import type { WidgetType } from '../../runtime/widgets/contract.ts';
import { cloneWithNewKeys, createItem, isDataWidget, keysOf } from './items.ts';
import { syncCclist } from './limits.ts';
import { getList, insertAt, locate, mapItem, removeAt, ROOT, type Slot, sameSlot, slotInside } from './tree.ts';

/*
 * The designer's state transitions (spec section 4) as pure functions of (state, input, now): the store
 * only holds the current state and notifies, so every rule here is unit-tested without a browser.
 */
export interface DesignerState {
  def: FormDef;
  /** The selected widget's key; null when nothing is selected. */
  selected: string | null;
  /** When the last click selection was accepted, for the 100 ms debounce. */
  selectedAt: number;
}

export const SELECT_DEBOUNCE_MS = 100;

export const EMPTY_CONFIG: FormConfig = { layout: 'horizontal', labelCol: { span: 4 }, wrapperCol: { span: 18 }, hideRequiredMark: false, customStyle: '' };

export const initialState = (def: FormDef): DesignerState => ({ def, selected: null, selectedAt: Number.NEGATIVE_INFINITY });

/**
 * A click selection. Changes within 100 ms of the previous one are ignored: a click inside a grid
 * reaches the field first and the grid around it a moment later, and the field must win.
 */
export function select(state: DesignerState, key: string | null, now: number): DesignerState {
  if (now - state.selectedAt < SELECT_DEBOUNCE_MS) return state;
  if (key === state.selected) return { ...state, selectedAt: now };
  return { ...state, selected: key, selectedAt: now };
}

/** Batch sub-tables take data widgets only (their children become columns), and no nested batch. */
export function accepts(def: FormDef, slot: Slot, type: string): boolean {
  if (slot.kind !== 'list') return true;
  const owner = locate(def, slot.key)?.item;
  if (owner?.type !== 'batch') return true;
  return type !== 'batch' && isDataWidget(type);
}

/** Drop a new widget from the palette at a place on the canvas; it becomes the selection. */
export function addAt(state: DesignerState, type: WidgetType, slot: Slot, index: number, now: number): DesignerState {
  if (!getList(state.def, slot) || !accepts(state.def, slot, type)) return state;
  const item = createItem(type, now, keysOf(state.def.list));
  return { ...state, def: insertAt(state.def, slot, index, item), selected: item.key };
}

/**
 * A click on the palette. With a selection the new widget goes in right after the selected one, the way
 * the canvas inserts a copy (spec section 4); otherwise it is appended to the form. Either way it is selected.
 */
export function addWidget(state: DesignerState, type: WidgetType, now: number): DesignerState {
  const at = state.selected ? locate(state.def, state.selected) : null;
  if (at && accepts(state.def, at.slot, type)) return addAt(state, type, at.slot, at.index + 1, now);
  return addAt(state, type, ROOT, state.def.list.length, now);
}

/** Copying inserts a deep copy after the original with new keys, and selects the copy. */
export function copyItem(state: DesignerState, key: string, now: number): DesignerState {
  const at = locate(state.def, key);
  if (!at) return state;
  const copy = cloneWithNewKeys(at.item, now, keysOf(state.def.list));
  let def = insertAt(state.def, at.slot, at.index + 1, copy);
  def = { ...def, config: syncCclist(def.config, null, copy) };
  return { ...state, def, selected: copy.key };
}

/** Deleting selects the next item in the same list, else the previous one, else nothing. */
export function deleteItem(state: DesignerState, key: string): DesignerState {
  const at = locate(state.def, key);
  if (!at) return state;
  const siblings = getList(state.def, at.slot) ?? [];
  const next = siblings[at.index + 1] ?? siblings[at.index - 1] ?? null;
  let def = removeAt(state.def, at.slot, at.index);
  def = { ...def, config: syncCclist(def.config, at.item, null) };
  const selected = state.selected === key || (state.selected && !locate(def, state.selected)) ? (next?.key ?? null) : state.selected;
  return { ...state, def, selected };
}

/** Moves an item to a place given as an index in the target list as it is before the move. */
export function moveItem(state: DesignerState, key: string, slot: Slot, index: number): DesignerState {
  const at = locate(state.def, key);
  if (!at || !getList(state.def, slot) || slotInside(state.def, slot, key) || !accepts(state.def, slot, at.item.type)) return state;
  const sameList = sameSlot(at.slot, slot);
  const target = sameList && at.index < index ? index - 1 : index;
  if (sameList && target === at.index) return state;
  const def = insertAt(removeAt(state.def, at.slot, at.index), slot, target, at.item);
  return { ...state, def };
}

/** Edits one item; the copy-recipient list follows its isCc and model. */
export function updateItem(state: DesignerState, key: string, fn: (item: WidgetItem) => WidgetItem): DesignerState {
  const before = locate(state.def, key)?.item;
  if (!before) return state;
  const after = fn(before);
  if (after === before) return state;
  let def = mapItem(state.def, key, () => after);
  def = { ...def, config: syncCclist(def.config, before, after) };
  const selected = state.selected === key ? after.key : state.selected;
  return { ...state, def, selected };
}

export function updateConfig(state: DesignerState, fn: (config: FormConfig) => FormConfig): DesignerState {
  return { ...state, def: { ...state.def, config: fn(state.def.config) } };
}

/** Reset (after the confirm dialog) clears the whole list; the form properties stay. */
export function resetList(state: DesignerState): DesignerState {
  return { ...state, def: { ...state.def, list: [] }, selected: null };
}

/** A successful import replaces the form and resets the selection. */
export function replaceForm(state: DesignerState, def: FormDef): DesignerState {
  return { ...state, def, selected: null };
}
