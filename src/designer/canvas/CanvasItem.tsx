import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Col, Dropdown, type MenuProps, Row } from 'antd';
import { createContext, memo, type MouseEvent, type ReactNode, useContext, useMemo } from 'react';
import type { TableCell, WidgetItem } from '../../core/schema/types.generated.ts';
import { useDesigner, useSelector, useStores, useUpdate } from '../context.ts';
import { itemDropId, listDropId } from '../dnd.ts';
import { copyItem, deleteItem, select, updateItem } from '../state/designer.ts';
import { isDataWidget } from '../state/items.ts';
import { addTableColumn, addTableRow, cellVisible, mergeDown, mergeRight, type TableResult } from '../state/table.ts';
import { type Slot, slotId } from '../state/tree.ts';
import { WidgetMock } from './WidgetMock.tsx';
import { OnScreen } from '../../runtime/helpers/on-screen.tsx';

/*
 * Canvas items, the lists that hold them and the bodies of layout items (which hold lists again) are one
 * recursive unit, so one module. They are drawn so that 1,000 fields stay smooth: CanvasItem is memoised on its item (which keeps its identity unless edited), its body is memoised apart from the
 * selection ring, and selection, drop line and drag state are read through selectors, so a change
 * re-renders the one or two items concerned. Items carry data-key and lists data-slot: the drop zone
 * under the pointer is found from those (zones.ts).
 */
/** A long form's canvas (ON_SCREEN_FROM fields or more) draws the widgets' looks as they come into view. */
export const LongCanvas = createContext(false);

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

function useHovered(id: string) {
  return useSelector(useStores().hover, (h) => (h.id === id ? h.position : null));
}

export const DropList = memo(function DropList({
  slot,
  list,
  horizontal,
  className,
  children,
}: {
  slot: Slot;
  list: WidgetItem[];
  horizontal?: boolean;
  className?: string;
  children?: ReactNode;
}) {
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

/* What a canvas item shows: a labelled field, or a layout container with drop lists inside. */

function FieldFrame({ item, children }: { item: WidgetItem; children: ReactNode }) {
  const required = !!item.rules?.[0]?.required;
  return (
    <div className="fd-field">
      <div className="fd-label">
        {required && <span className="fd-required">*</span>}
        {item.label}
      </div>
      <div className="fd-control">{children}</div>
    </div>
  );
}

function GridBody({ item }: { item: WidgetItem }) {
  return (
    <Row gutter={item.options?.gutter ?? 0} className="fd-grid">
      {(item.columns ?? []).map((column, col) => (
        <Col key={col} span={column.span} className="fd-grid-col">
          <DropList slot={{ kind: 'col', key: item.key, col }} list={column.list} />
        </Col>
      ))}
    </Row>
  );
}

function CardBody({ item }: { item: WidgetItem }) {
  return (
    <div className="fd-card">
      <div className="fd-card-title">{item.label}</div>
      <DropList slot={{ kind: 'list', key: item.key }} list={item.list ?? []} />
    </div>
  );
}

function BatchBody({ item }: { item: WidgetItem }) {
  return (
    <div className="fd-batch">
      <div className="fd-batch-title">{item.label}</div>
      <DropList slot={{ kind: 'list', key: item.key }} list={item.list ?? []} horizontal className="fd-batch-columns" />
      <div className="fd-batch-add">+ 新增一行</div>
    </div>
  );
}

const CELL_MENU: MenuProps['items'] = [
  { key: 'mergeDown', label: '向下合并' },
  { key: 'mergeRight', label: '向右合并' },
  { key: 'addColumn', label: '新增列' },
  { key: 'addRow', label: '新增行' },
];

function cellOperation(op: string, table: WidgetItem, row: number, col: number): TableResult {
  if (op === 'mergeDown') return mergeDown(table, row, col);
  if (op === 'mergeRight') return mergeRight(table, row, col);
  return { ok: true, item: op === 'addColumn' ? addTableColumn(table) : addTableRow(table) };
}

function TableCellBox({ table, cell, row, col }: { table: WidgetItem; cell: TableCell; row: number; col: number }) {
  const update = useUpdate();
  const { message } = App.useApp();
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    const result = cellOperation(key, table, row, col);
    if (!result.ok) message.error(result.message);
    else update((s) => updateItem(s, table.key, () => result.item));
  };
  return (
    <Dropdown trigger={['contextMenu']} menu={{ items: CELL_MENU, onClick }}>
      <td colSpan={cell.colspan ?? 1} rowSpan={cell.rowspan ?? 1} data-cell={`${row}-${col}`}>
        <DropList slot={{ kind: 'td', key: table.key, row, col }} list={cell.list} />
      </td>
    </Dropdown>
  );
}

function TableBody({ item }: { item: WidgetItem }) {
  const o = item.options ?? {};
  return (
    <table className={`fd-table${o.bordered === false ? '' : ' bordered'}${o.small === false ? '' : ' small'}`} style={{ width: o.width || '100%' }}>
      <tbody>
        {(item.trs ?? []).map((tr, row) => (
          <tr key={row}>{tr.tds.map((cell, col) => cellVisible(cell) && <TableCellBox key={col} table={item} cell={cell} row={row} col={col} />)}</tr>
        ))}
      </tbody>
    </table>
  );
}

export function ItemBody({ item }: { item: WidgetItem }) {
  switch (item.type) {
    case 'grid':
      return <GridBody item={item} />;
    case 'card':
    case 'steps':
      return <CardBody item={item} />;
    case 'table':
      return <TableBody item={item} />;
    case 'batch':
      return <BatchBody item={item} />;
  }
  const mock = <MockOnScreen item={item} />;
  return isDataWidget(item.type) ? <FieldFrame item={item}>{mock}</FieldFrame> : mock;
}

/** The widget's look; on a long canvas only once near the screen (the item's frame, label and drop zones are always there). */
function MockOnScreen({ item }: { item: WidgetItem }) {
  const long = useContext(LongCanvas);
  if (!long) return <WidgetMock item={item} />;
  return (
    <OnScreen height={item.type === 'textarea' ? 54 : 32}>
      <WidgetMock item={item} />
    </OnScreen>
  );
}
