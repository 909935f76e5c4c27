import type { ColumnDef as TColumn } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import type { DictOption } from '../../../core/api-types.ts';
import { loadDictOptions } from '../../dict/dictionaries.ts';
import type { DataRecord } from '../../schema/api.ts';
import type { ColumnDef, FieldDef } from '../../../core/schema/types.generated.ts';
import { AUDIT_PROPERTIES } from '../../../core/schema/audit-fields.ts';
import { columnWidth } from './column-widths.ts';
import { renderCell } from './cells.tsx';

/** The dictionaries the columns render with, loaded once per list. */
function useColumnDicts(columns: readonly ColumnDef[]): Record<string, DictOption[]> {
  const [dicts, setDicts] = useState<Record<string, DictOption[]>>({});
  const codes = useMemo(() => [...new Set(columns.map((c) => c.dict).filter((c): c is string => !!c))], [columns]);
  useEffect(() => {
    let live = true;
    Promise.all(
      codes.map((code) =>
        loadDictOptions(code).then(
          (o) => [code, o] as const,
          () => [code, []] as const,
        ),
      ),
    ).then((entries) => live && setDicts(Object.fromEntries(entries)));
    return () => {
      live = false;
    };
  }, [codes]);
  return dicts;
}

/** The schema's list columns as TanStack columns; the id is the field, which is also the sort column. `fields` size undeclared widths. */
export function useTableColumns(columns: readonly ColumnDef[], labels: Record<string, string>, fields?: readonly FieldDef[]): TColumn<DataRecord>[] {
  const dicts = useColumnDicts(columns);
  return useMemo(
    () =>
      columns.map((c) => ({
        id: c.dataIndex,
        accessorFn: (r: DataRecord) => r[c.dataIndex],
        header: c.title ?? labels[c.dataIndex] ?? c.dataIndex,
        size: columnWidth(
          c,
          [...(fields ?? []), ...AUDIT_PROPERTIES].find((f) => f.name === c.dataIndex),
          c.title ?? labels[c.dataIndex] ?? c.dataIndex,
        ),
        enableSorting: !!c.sorter,
        cell: ({ row }) => renderCell(c, row.original, c.dict ? dicts[c.dict] : undefined),
      })),
    [columns, labels, dicts, fields],
  );
}
