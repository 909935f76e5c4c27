import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { memo, type MouseEvent, type ReactNode, useCallback, useMemo } from 'react';
import type { WidgetItem } from '../../runtime/schema/types.generated.ts';
import { useDesigner, useSelector, useStores, useUpdate } from '../context.ts';
import { type DragData, type DropData, itemDropId, listDropId } from '../dnd.ts';
import { copyItem, deleteItem, select } from '../state/designer.ts';
import { type Slot, slotId } from '../state/tree.ts';
import { ItemBody } from './ItemBody.tsx';

/*
 * Canvas items and the lists that hold them. Rendering is split so that 1,000 fields stay smooth:
 * CanvasItem is memoised on its item (which keeps its identity unless edited), its body is memoised
 * separately from the selection ring, and the dnd-kit hooks live in DragShell, whose re-renders on
 * every drag step stop at its unchanged children.
 */
const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

function useHovered(id: string) {
  return useSelector(useStores().hover, (h) => (h.id === id ? h.position : null));
}

export const DropList = memo(function DropList({ slot, list, horizontal, className, children }: { slot: Slot; list: WidgetItem[]; horizontal?: boolean; className?: string; children?: ReactNode }) {
  const id = listDropId(slotId(slot));
  const data: DropData = { kind: 'list', slot };
  const { setNodeRef } = useDroppable({ id, data });
  const hovered = useHovered(id);
  return (
    <div ref={setNodeRef} className={cx('fd-list', horizontal && 'fd-list-h', !list.length && 'fd-list-empty', hovered && 'fd-list-hover', className)}>
      {list.map((item) => (
        <CanvasItem key={item.key} item={item} horizontal={horizontal} />
      ))}
      {children}
    </div>
  );
});

function DragShell({ item, horizontal, selected, children }: { item: WidgetItem; horizontal?: boolean; selected: boolean; children: ReactNode }) {
  const { designer } = useStores();
  const dragData: DragData = { kind: 'move', key: item.key, label: item.label || item.type };
  const dropData: DropData = { kind: 'item', key: item.key, horizontal };
  const drag = useDraggable({ id: `move:${item.key}`, data: dragData });
  const drop = useDroppable({ id: itemDropId(item.key), data: dropData });
  const hovered = useHovered(itemDropId(item.key));
  const { setNodeRef: setDragRef } = drag;
  const { setNodeRef: setDropRef } = drop;
  const ref = useCallback(
    (node: HTMLElement | null) => {
      setDragRef(node);
      setDropRef(node);
    },
    [setDragRef, setDropRef],
  );
  const onClick = (e: MouseEvent) => {
    // The innermost item takes the click; the 100 ms debounce in select() covers anything that still bubbles.
    e.stopPropagation();
    designer.update((s) => select(s, item.key, Date.now()));
  };
  return (
    <div
      ref={ref}
      {...drag.attributes}
      {...drag.listeners}
      role="group"
      aria-label={item.label || item.type}
      onClick={onClick}
      className={cx('fd-item', `fd-item-${item.type}`, selected && 'fd-item-selected', drag.isDragging && 'fd-item-dragging', hovered && `fd-drop-${hovered}`)}
      data-key={item.key}
      data-type={item.type}
    >
      {children}
    </div>
  );
}

function ItemActions({ itemKey }: { itemKey: string }) {
  const update = useUpdate();
  const act = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  return (
    <div className="fd-item-actions" onPointerDown={(e) => e.stopPropagation()}>
      <button type="button" aria-label="复制" title="复制" onClick={act(() => update((s) => copyItem(s, itemKey, Date.now())))}>
        <CopyOutlined />
      </button>
      <button type="button" aria-label="删除" title="删除" onClick={act(() => update((s) => deleteItem(s, itemKey)))}>
        <DeleteOutlined />
      </button>
    </div>
  );
}

export const CanvasItem = memo(function CanvasItem({ item, horizontal }: { item: WidgetItem; horizontal?: boolean }) {
  const selected = useDesigner((s) => s.selected === item.key);
  const body = useMemo(() => <ItemBody item={item} />, [item]);
  return (
    <DragShell item={item} horizontal={horizontal} selected={selected}>
      {body}
      {selected && <ItemActions itemKey={item.key} />}
    </DragShell>
  );
});
