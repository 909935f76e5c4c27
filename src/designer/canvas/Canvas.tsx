import { useDraggable, useDroppable } from '@dnd-kit/core';
import { type CSSProperties, type MutableRefObject, type PointerEvent, useCallback, useMemo, useRef } from 'react';
import { widgets } from '../../core/schema/walk.ts';
import { ON_SCREEN_FROM } from '../../runtime/helpers/on-screen.tsx';
import { useDesigner } from '../context.ts';
import type { DragData } from '../dnd.ts';
import { ROOT } from '../state/tree.ts';
import { DropList, LongCanvas } from './CanvasItem.tsx';

/*
 * The middle of the designer: the form's widgets laid out with the form's own label and wrapper spans.
 * The whole canvas is one dnd-kit draggable and one droppable: a pointer-down on an item says which
 * item is being moved, and the drop zone under the pointer is found in the DOM (zones.ts).
 */
export const CANVAS_HINT = '从左侧选择控件添加';

function useCanvasDrag(canvasRef: MutableRefObject<HTMLElement | null>) {
  // One object, filled in on pointer-down, so dnd-kit's active.data names the item under the pointer.
  const source = useRef<DragData>({ kind: 'move', key: '', label: '' }).current;
  const drag = useDraggable({ id: 'canvas-item', data: source });
  const drop = useDroppable({ id: 'canvas' });
  const { setNodeRef: setDragRef } = drag;
  const { setNodeRef: setDropRef } = drop;
  const ref = useCallback(
    (node: HTMLElement | null) => {
      canvasRef.current = node;
      setDragRef(node);
      setDropRef(node);
    },
    [canvasRef, setDragRef, setDropRef],
  );
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const item = (event.target as Element).closest<HTMLElement>('.fd-item');
    if (!item?.dataset.key || source.kind !== 'move') return;
    source.key = item.dataset.key;
    source.label = item.getAttribute('aria-label') ?? item.dataset.key;
    drag.listeners?.onPointerDown?.(event);
  };
  return { ref, onPointerDown };
}

export function Canvas({ canvasRef }: { canvasRef: MutableRefObject<HTMLElement | null> }) {
  const list = useDesigner((s) => s.def.list);
  const config = useDesigner((s) => s.def.config);
  const { ref, onPointerDown } = useCanvasDrag(canvasRef);
  const long = useMemo(() => [...widgets(list)].filter((w) => w.model).length >= ON_SCREEN_FROM, [list]);
  const layout = config.layout ?? 'horizontal';
  const style = {
    '--fd-label-span': `${((config.labelCol?.span ?? 4) / 24) * 100}%`,
    '--fd-wrapper-span': `${((config.wrapperCol?.span ?? 18) / 24) * 100}%`,
  } as CSSProperties;
  return (
    <div className={`fd-canvas fd-layout-${layout}${config.hideRequiredMark ? ' fd-hide-mark' : ''}`} style={style} data-testid="designer-canvas">
      <div ref={ref} className="fd-drop-area" onPointerDown={onPointerDown}>
        <LongCanvas.Provider value={long}>
          <DropList slot={ROOT} list={list} className="fd-root-list">
            {!list.length && <div className="fd-hint">{CANVAS_HINT}</div>}
          </DropList>
        </LongCanvas.Provider>
      </div>
    </div>
  );
}
