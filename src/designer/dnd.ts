import { type CollisionDetection, pointerWithin } from '@dnd-kit/core';
import type { FormDef } from '../runtime/schema/types.generated.ts';
import type { WidgetType } from '../widgets/types.ts';
import { getList, locate, type Slot, slotInside } from './state/tree.ts';

/*
 * Drag and drop on the canvas with @dnd-kit/core. Palette buttons drag new widgets, canvas items drag
 * themselves; every item and every list (form, grid column, card, table cell, batch) is a drop zone.
 * The innermost zone under the pointer wins, and on an item the pointer's half (top/bottom, or
 * left/right in a batch row) says before or after it.
 */
export type DragData = { kind: 'new'; type: WidgetType; label: string } | { kind: 'move'; key: string; label: string };

export type DropData = { kind: 'item'; key: string; horizontal?: boolean } | { kind: 'list'; slot: Slot };

export interface HoverState {
  /** The droppable id under the pointer, or null. */
  id: string | null;
  position: 'before' | 'after' | 'inside' | null;
}

export const NO_HOVER: HoverState = { id: null, position: null };

export const itemDropId = (key: string) => `item:${key}`;
export const listDropId = (slotKey: string) => `list:${slotKey}`;

interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Where a drop lands: the list and the index in it, plus how to draw it. */
export function dropPlace(def: FormDef, data: DropData, pointer: { x: number; y: number }, rect: Rect): { slot: Slot; index: number; position: HoverState['position'] } | null {
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

/** The smallest zone under the pointer that the drag may use. */
export function innermostZone(def: () => FormDef): CollisionDetection {
  return (args) => {
    const drag = args.active.data.current as DragData | undefined;
    const hits = pointerWithin(args).filter((hit) => !excludedZone(def(), drag, args.droppableContainers.find((c) => c.id === hit.id)?.data.current as DropData | undefined));
    const area = (id: string | number) => {
      const r = args.droppableRects.get(id);
      return r ? r.width * r.height : Number.POSITIVE_INFINITY;
    };
    return hits.sort((a, b) => area(a.id) - area(b.id)).slice(0, 1);
  };
}
