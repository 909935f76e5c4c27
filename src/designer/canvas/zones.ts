import type { FormDef } from '../../core/schema/types.generated.ts';
import { type DragData, type DropData, excludedZone, itemDropId, listDropId } from '../dnd.ts';
import type { Slot } from '../state/tree.ts';

/*
 * Drop zones are found in the DOM under the pointer rather than registered with dnd-kit one by one:
 * elementsFromPoint lists the deepest element first, so the first item or list met is the innermost
 * zone. Items carry data-key, lists data-slot (see CanvasItem.tsx).
 */
export interface Zone {
  id: string;
  data: DropData;
  rect: DOMRect;
}

export function zoneAt(point: { x: number; y: number }, canvas: Element | null, def: FormDef, drag: DragData | undefined): Zone | null {
  if (!canvas) return null;
  const seen = new Set<Element>();
  for (const el of document.elementsFromPoint(point.x, point.y)) {
    const zone = el.closest<HTMLElement>('.fd-item, .fd-list');
    if (!zone || seen.has(zone) || !canvas.contains(zone)) continue;
    seen.add(zone);
    const key = zone.dataset.key;
    const data: DropData = key
      ? { kind: 'item', key, horizontal: !!zone.parentElement?.classList.contains('fd-list-h') }
      : { kind: 'list', slot: JSON.parse(zone.dataset.slot ?? '{"kind":"root"}') as Slot };
    if (excludedZone(def, drag, data)) continue;
    return { id: data.kind === 'item' ? itemDropId(data.key) : listDropId(zone.dataset.slot ?? ''), data, rect: zone.getBoundingClientRect() };
  }
  return null;
}
