import { App, Col, Dropdown, type MenuProps, Row } from 'antd';
import type { ReactNode } from 'react';
import type { TableCell, WidgetItem } from '../../core/schema/types.generated.ts';
import { useUpdate } from '../context.ts';
import { updateItem } from '../state/designer.ts';
import { isDataWidget } from '../state/items.ts';
import { addTableColumn, addTableRow, cellVisible, mergeDown, mergeRight, type TableResult } from '../state/table.ts';
import { DropList } from './CanvasItem.tsx';
import { WidgetMock } from './WidgetMock.tsx';

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
      return <CardBody item={item} />;
    case 'table':
      return <TableBody item={item} />;
    case 'batch':
      return <BatchBody item={item} />;
  }
  const mock = <WidgetMock item={item} />;
  return isDataWidget(item.type) ? <FieldFrame item={item}>{mock}</FieldFrame> : mock;
}
