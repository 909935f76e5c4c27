import { type DragEndEvent, type DragMoveEvent, type DragStartEvent, PointerSensor, pointerWithin, useSensor, useSensors } from '@dnd-kit/core';
import { useRef, useState } from 'react';
import type { DesignerStores } from '../context.ts';
import { type DragData, dropPlace, type HoverState, NO_HOVER } from '../dnd.ts';
import { addAt, moveItem } from '../state/designer.ts';
import { zoneAt } from './zones.ts';

/** Where the pointer is now: where it went down plus how far it has moved. */
function pointerOf(event: DragMoveEvent | DragEndEvent) {
  const start = event.activatorEvent as PointerEvent;
  return { x: (start.clientX ?? 0) + event.delta.x, y: (start.clientY ?? 0) + event.delta.y };
}

/** The DndContext props of the designer: the drop place under the pointer for the hover line, and add/move on drop. */
export function useCanvasDnd({ designer, hover }: DesignerStores) {
  const [dragging, setDragging] = useState<DragData | null>(null);
  // A few pixels before a drag starts, so a click on a canvas item still selects it.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const canvasRef = useRef<HTMLElement | null>(null);

  // The zone comes from the DOM under the pointer, not from dnd-kit's \`over\`: that one waits for the
  // droppable to be measured after the drag starts, and a quick drag can end before it is.
  const placeOf = (event: DragMoveEvent | DragEndEvent) => {
    const def = designer.get().def;
    const pointer = pointerOf(event);
    const zone = zoneAt(pointer, canvasRef.current, def, event.active.data.current as DragData);
    const place = zone && dropPlace(def, zone.data, pointer, zone.rect);
    return zone && place ? { ...place, id: zone.id } : null;
  };

  const clear = () => {
    setDragging(null);
    hover.update(() => NO_HOVER);
  };

  return {
    dragging,
    canvasRef,
    props: {
      sensors,
      collisionDetection: pointerWithin,
      onDragStart: (event: DragStartEvent) => {
        const drag = { ...(event.active.data.current as DragData) };
        setDragging(drag);
        hover.update(() => ({ ...NO_HOVER, moving: drag.kind === 'move' ? drag.key : null }));
      },
      onDragMove: (event: DragMoveEvent) => {
        const place = placeOf(event);
        hover.update((h): HoverState => {
          const id = place?.id ?? null;
          const position = place?.position ?? null;
          return h.id === id && h.position === position ? h : { ...h, id, position };
        });
      },
      onDragEnd: (event: DragEndEvent) => {
        const place = placeOf(event);
        const drag = event.active.data.current as DragData;
        clear();
        if (!place) return;
        if (drag.kind === 'new') designer.update((s) => addAt(s, drag.type, place.slot, place.index, Date.now()));
        else designer.update((s) => moveItem(s, drag.key, place.slot, place.index));
      },
      onDragCancel: clear,
    },
  };
}
