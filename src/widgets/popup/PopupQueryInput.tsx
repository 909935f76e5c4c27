import { Input } from 'antd';
import { useState } from 'react';
import type { QueryInputProps } from '../../runtime/widgets/contract.ts';
import { PopupInput } from './PopupInput.tsx';
import { ReportModal } from './ReportModal.tsx';

/**
 * The popup query view (spec section 3, query items): the online report named by dictTable opens in its
 * popup; the chosen rows' dictText column (the first column when unnamed) becomes the query value, several
 * as a comma list. The server reads the value as it reads the field's typed one.
 */
export function PopupQueryInput({ item, value, onChange }: QueryInputProps) {
  const [open, setOpen] = useState(false);
  const text = value === undefined || value === null ? '' : String(value);
  if (!item.dictTable) return <Input disabled placeholder="popup参数未正确配置!" />;
  return (
    <>
      <PopupInput
        value={text}
        placeholder={`请选择${item.label}`}
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(undefined)}
        testId={`query-popup-${item.field}`}
      />
      {open && (
        <ReportModal
          code={item.dictTable}
          onCancel={() => setOpen(false)}
          onOk={(rows) => {
            const column = item.dictText || Object.keys(rows[0] ?? {})[0];
            const picked = rows.map((r) => String(r[column] ?? '')).filter(Boolean);
            onChange?.(picked.length ? picked.join(',') : undefined);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
