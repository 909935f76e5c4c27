import type { ColumnDef, RowSelectionState, SortingState } from '@tanstack/react-table';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { todo } from '../../../test-kit/documents.ts';
import { renderUi } from '../../../test-kit/render.tsx';
import { dictionaryRoutes, fakeServer } from '../../../test-kit/server.ts';
import type { DataRecord } from '../../schema/api.ts';
import { useTableColumns } from './columns.tsx';
import { DataTable, VIRTUAL_ROWS } from './DataTable.tsx';

/* 待办事项's table as its list builds it: the document's columns over a page of rows, the dictionaries from the server. */
const ROWS: DataRecord[] = [
  { id: '1', title: '走访山区小学', priority: 'H', dueDate: '2024-05-01', assignee: 'admin', assignee_dictText: '管理员', status: '2', finishTime: null },
  { id: '2', title: '整理捐赠票据', priority: 'L', dueDate: '2024-05-03', assignee: '', status: '3', finishTime: '2024-05-02 18:00:00' },
];
const labels = Object.fromEntries(todo.entity.fields.map((f) => [f.name, f.label]));

type Props = {
  data: DataRecord[];
  sorting?: SortingState;
  onSortingChange?: (s: SortingState) => void;
  selection?: RowSelectionState;
  onSelectionChange?: (s: RowSelectionState) => void;
};

function TodoTable(props: Props) {
  const columns = useTableColumns(todo.list!.columns!, labels, todo.entity.fields);
  return <DataTable columns={columns} loading={false} visibility={{}} sorting={[]} onSortingChange={() => {}} {...props} />;
}

function renderTable(props: Props) {
  fakeServer(dictionaryRoutes(todo));
  return renderUi(<TodoTable {...props} />);
}

const texts = (elements: HTMLElement[]) => elements.map((e) => e.textContent);
const bodyRows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => texts(within(row).getAllByRole('cell')));
const header = (title: string) => screen.getByRole('columnheader', { name: new RegExp(`^${title}`) });

describe('data table', () => {
  it("shows the document's columns and a row per record, coded values as their dictionary's texts", async () => {
    renderTable({ data: ROWS });
    expect(texts(screen.getAllByRole('columnheader'))).toEqual(['事项', '优先级', '截止日期', '负责人', '状态', '完成时间']);
    expect(await screen.findByText('高')).toBeInTheDocument();
    expect(bodyRows()).toEqual([
      // 负责人 is the server's text ({field}_dictText); 优先级 and 状态 are looked up in their dictionaries.
      ['走访山区小学', '高', '2024-05-01', '管理员', '进行中', ''],
      ['整理捐赠票据', '低', '2024-05-03', '', '已完成', '2024-05-02 18:00:00'],
    ]);
    // render 'tag': in the colour the dictionary gives the item.
    expect(screen.getByText('高')).toHaveClass('ant-tag-red');
    expect(screen.getByText('已完成')).toHaveClass('ant-tag-green');
  });

  it('says 暂无数据 when there are no records', () => {
    renderTable({ data: [] });
    expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });

  it('a click on a sortable header asks for that sort, ascending first, then descending; other headers do not sort', async () => {
    const onSortingChange = vi.fn();
    const { user, rerender } = renderTable({ data: ROWS, onSortingChange });
    await user.click(header('事项'));
    expect(onSortingChange).not.toHaveBeenCalled();
    await user.click(header('截止日期'));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'dueDate', desc: false }]);

    // The list owns the sort and hands it back: the header shows it, and the next click reverses it.
    rerender(<TodoTable data={ROWS} sorting={[{ id: 'dueDate', desc: false }]} onSortingChange={onSortingChange} />);
    expect(header('截止日期')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(header('截止日期'));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'dueDate', desc: true }]);
  });

  it('a row checkbox selects that record by its id; 全选 selects every row', async () => {
    const onSelectionChange = vi.fn();
    const { user } = renderTable({ data: ROWS, selection: {}, onSelectionChange });
    const [, second] = screen.getAllByRole('checkbox', { name: '选择' });
    await user.click(second);
    expect(onSelectionChange).toHaveBeenLastCalledWith({ '2': true });
    await user.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ '1': true, '2': true });
  });
});

/* A big list or an expanded tree: plain columns (no dictionaries), rows numbered 1…n. */
const plainColumns: ColumnDef<DataRecord>[] = [
  { id: 'name', header: '名称', cell: ({ row }) => row.original.name as string },
  { id: 'code', header: '编码', cell: ({ row }) => row.original.code as string },
];
const numbered = (n: number, parent?: string) =>
  Array.from({ length: n }, (_, i) => ({ id: `${parent ?? ''}${i + 1}`, name: `节点${parent ?? ''}${i + 1}`, code: `C${i + 1}`, pid: parent ?? '' }));
type BigProps = { data: DataRecord[]; tree?: boolean; onSelectionChange?: (s: RowSelectionState) => void };
const renderBig = ({ data, tree, onSelectionChange }: BigProps) =>
  renderUi(
    <DataTable
      columns={plainColumns}
      data={data}
      loading={false}
      visibility={{}}
      sorting={[]}
      onSortingChange={() => {}}
      treeParentField={tree ? 'pid' : undefined}
      selection={{}}
      onSelectionChange={onSelectionChange}
    />,
  );
const scrollBox = () => screen.getByTestId('data-table').parentElement!;
const names = () => bodyRows().map((cells) => cells.at(-2));

describe('data table with many visible rows', () => {
  it('renders only a window of rows, the first ones with their cells, in a box that scrolls', () => {
    renderBig({ data: numbered(1000) });
    const rows = bodyRows();
    // jsdom lays out nothing: the box counts as 70vh of its 768 px window, rows as 43 px, plus 10 rows either side.
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(50);
    expect(rows[0]).toEqual(['节点1', 'C1']);
    expect(rows[1]).toEqual(['节点2', 'C2']);
    expect(scrollBox()).toHaveClass('virtual');
    // The rows below stand as one spacer row (hidden from the accessibility tree) of their height; none above.
    const spacers = scrollBox().querySelectorAll<HTMLElement>('.virtual-spacer td');
    expect(spacers).toHaveLength(1);
    expect(spacers[0].style.height).toBe(`${(1000 - rows.length) * 43}px`);
  });

  it('scrolling the box brings the later rows in and lets the first ones go', () => {
    renderBig({ data: numbered(1000) });
    scrollBox().scrollTop = 500 * 43;
    fireEvent.scroll(scrollBox());
    const shown = names();
    expect(shown).toContain('节点501');
    expect(shown).not.toContain('节点1');
    expect(shown.length).toBeLessThan(50);
    expect(scrollBox().querySelector<HTMLElement>('.virtual-spacer td')!.style.height).toBe(`${(Number(shown[0]!.slice(2)) - 1) * 43}px`);
  });

  it('a few rows are all rendered, with no scroll box nor spacers', () => {
    renderBig({ data: numbered(VIRTUAL_ROWS) });
    expect(names()).toHaveLength(VIRTUAL_ROWS);
    expect(scrollBox()).not.toHaveClass('virtual');
    expect(scrollBox().querySelector('.virtual-spacer')).toBeNull();
  });

  it('a tree windows its rows once a node opens on hundreds of children; toggles and selection still work', async () => {
    const onSelectionChange = vi.fn();
    const { user } = renderBig({ data: [...numbered(3), ...numbered(300, '1-')].map((r) => (r.pid ? { ...r, pid: '1' } : r)), tree: true, onSelectionChange });
    expect(names()).toEqual(['节点1', '节点2', '节点3']);
    await user.click(screen.getAllByRole('button', { name: '展开' })[0]);
    const shown = names();
    expect(shown.slice(0, 3)).toEqual(['节点1', '节点1-1', '节点1-2']);
    expect(shown.length).toBeLessThan(50);
    expect(scrollBox()).toHaveClass('virtual');
    await user.click(screen.getAllByRole('checkbox', { name: '选择' })[2]);
    expect(onSelectionChange).toHaveBeenLastCalledWith({ '1-2': true });
    await user.click(screen.getByRole('button', { name: '收起' }));
    expect(names()).toEqual(['节点1', '节点2', '节点3']);
  });
});
