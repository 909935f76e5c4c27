import type { FormDef } from '../core/schema/types.generated.ts';
import type { WidgetType } from '../runtime/widgets/contract.ts';
import { getList, locate, type Slot, slotInside } from './state/tree.ts';

/*
 * Drag and drop on the canvas with @dnd-kit/core. Palette buttons drag new widgets, canvas items drag
 * themselves; every item and every list (form, grid column, card, table cell, batch) is a drop zone.
 * The innermost zone under the pointer wins, and on an item the pointer's half (top/bottom, or
 * left/right in a batch row) says before or after it. dnd-kit sees one draggable and one droppable
 * for the whole canvas (see canvas/zones.ts): per-item hooks would re-render all 1,000 items whenever
 * the drag moved over something new.
 */
export type DragData = { kind: 'new'; type: WidgetType; label: string } | { kind: 'move'; key: string; label: string };

export type DropData = { kind: 'item'; key: string; horizontal?: boolean } | { kind: 'list'; slot: Slot };

export interface HoverState {
  /** The zone under the pointer (itemDropId or listDropId), or null. */
  id: string | null;
  position: 'before' | 'after' | 'inside' | null;
  /** The item being moved, drawn faded. */
  moving: string | null;
}

export const NO_HOVER: HoverState = { id: null, position: null, moving: null };

export const itemDropId = (key: string) => `item:${key}`;
export const listDropId = (slotKey: string) => `list:${slotKey}`;

interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Where a drop lands: the list and the index in it, plus how to draw it. */
export function dropPlace(
  def: FormDef,
  data: DropData,
  pointer: { x: number; y: number },
  rect: Rect,
): { slot: Slot; index: number; position: HoverState['position'] } | null {
  if (data.kind === 'list') {
    const list = getList(def, data.slot);
    return list ? { slot: data.slot, index: list.length, position: 'inside' } : null;
  }
  const at = locate(def, data.key);
  if (!at) return null;
  const before = data.horizontal ? pointer.x < rect.left + rect.width / 2 : pointer.y < rect.top + rect.height / 2;
  return { slot: at.slot, index: before ? at.index : at.index + 1, position: before ? 'before' : 'after' };
}

/** The zone a drag may not use: anything inside the item being moved. */
export function excludedZone(def: FormDef, drag: DragData | undefined, data: DropData | undefined): boolean {
  if (!drag || drag.kind !== 'move' || !data) return false;
  if (data.kind === 'list') return slotInside(def, data.slot, drag.key);
  if (data.key === drag.key) return false;
  const at = locate(def, data.key);
  return !!at && slotInside(def, at.slot, drag.key);
}
