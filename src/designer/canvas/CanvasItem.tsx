import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { memo, type MouseEvent, type ReactNode, useMemo } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { useDesigner, useSelector, useStores, useUpdate } from '../context.ts';
import { itemDropId, listDropId } from '../dnd.ts';
import { copyItem, deleteItem, select } from '../state/designer.ts';
import { type Slot, slotId } from '../state/tree.ts';
import { ItemBody } from './ItemBody.tsx';

/*
 * Canvas items and the lists that hold them, drawn so that 1,000 fields stay smooth: CanvasItem is
 * memoised on its item (which keeps its identity unless edited), its body is memoised apart from the
 * selection ring, and selection, drop line and drag state are read through selectors, so a change
 * re-renders the one or two items concerned. Items carry data-key and lists data-slot: the drop zone
 * under the pointer is found from those (zones.ts).
 */
const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

function useHovered(id: string) {
  return useSelector(useStores().hover, (h) => (h.id === id ? h.position : null));
}

export const DropList = memo(function DropList({ slot, list, horizontal, className, children }: { slot: Slot; list: WidgetItem[]; horizontal?: boolean; className?: string; children?: ReactNode }) {
  const id = slotId(slot);
  const hovered = useHovered(listDropId(id));
  return (
    <div data-slot={id} className={cx('fd-list', horizontal && 'fd-list-h', !list.length && 'fd-list-empty', hovered && 'fd-list-hover', className)}>
      {list.map((item) => (
        <CanvasItem key={item.key} item={item} />
      ))}
      {children}
    </div>
  );
});

function ItemShell({ item, selected, children }: { item: WidgetItem; selected: boolean; children: ReactNode }) {
  const { designer, hover } = useStores();
  const hovered = useHovered(itemDropId(item.key));
  const moving = useSelector(hover, (h) => h.moving === item.key);
  const onClick = (e: MouseEvent) => {
    // The innermost item takes the click; the 100 ms debounce in select() covers anything that still bubbles.
    e.stopPropagation();
    designer.update((s) => select(s, item.key, Date.now()));
  };
  return (
    <div
      role="group"
      aria-label={item.label || item.type}
      onClick={onClick}
      className={cx('fd-item', `fd-item-${item.type}`, selected && 'fd-item-selected', moving && 'fd-item-dragging', hovered && `fd-drop-${hovered}`)}
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

export const CanvasItem = memo(function CanvasItem({ item }: { item: WidgetItem }) {
  const selected = useDesigner((s) => s.selected === item.key);
  const body = useMemo(() => <ItemBody item={item} />, [item]);
  return (
    <ItemShell item={item} selected={selected}>
      {body}
      {selected && <ItemActions itemKey={item.key} />}
    </ItemShell>
  );
});
