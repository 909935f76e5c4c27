import { type DragEndEvent, type DragMoveEvent, type DragStartEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { useMemo, useState } from 'react';
import type { DesignerStores } from '../context.ts';
import { type DragData, type DropData, dropPlace, type HoverState, innermostZone, NO_HOVER } from '../dnd.ts';
import { addAt, moveItem } from '../state/designer.ts';

/** Where the pointer is now: where it went down plus how far it has moved. */
function pointerOf(event: DragMoveEvent | DragEndEvent) {
  const start = event.activatorEvent as PointerEvent;
  return { x: (start.clientX ?? 0) + event.delta.x, y: (start.clientY ?? 0) + event.delta.y };
}

/** The DndContext props of the designer: drop-place tracking for the hover line, and add/move on drop. */
export function useCanvasDnd({ designer, hover }: DesignerStores) {
  const [dragging, setDragging] = useState<DragData | null>(null);
  // A few pixels before a drag starts, so a click on a canvas item still selects it.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const collisionDetection = useMemo(() => innermostZone(() => designer.get().def), [designer]);

  const placeOf = (event: DragMoveEvent | DragEndEvent) => {
    const over = event.over;
    if (!over) return null;
    return dropPlace(designer.get().def, over.data.current as DropData, pointerOf(event), over.rect);
  };

  const clear = () => {
    setDragging(null);
    hover.update(() => NO_HOVER);
  };

  return {
    dragging,
    props: {
      sensors,
      collisionDetection,
      onDragStart: (event: DragStartEvent) => setDragging(event.active.data.current as DragData),
      onDragMove: (event: DragMoveEvent) => {
        const place = placeOf(event);
        const next: HoverState = place && event.over ? { id: String(event.over.id), position: place.position } : NO_HOVER;
        hover.update((h) => (h.id === next.id && h.position === next.position ? h : next));
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
