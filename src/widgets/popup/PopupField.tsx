import { useField, useForm } from '@formily/react';
import { Alert, App } from 'antd';
import { useEffect, useState } from 'react';
import { mappedValues, popupConfigError } from '../../core/widgets/popup-config.ts';
import { PopupInput } from './PopupInput.tsx';
import { ReportModal } from './ReportModal.tsx';

/*
 * The popup picker (spec section 2): a read-only input with a cluster icon and a clear icon that opens
 * an online-report popup. The chosen rows fill the form: destFields[i] gets the values of report column
 * orgFields[i]; the picker's own value is its own entry in destFields (or the first column's values).
 */
export interface PopupFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  popupCode?: string;
  orgFields?: string;
  destFields?: string;
  multi?: boolean;
  groupId?: string;
  placeholder?: string;
}

export function PopupField({ value, onChange, disabled, readOnly, popupCode, orgFields, destFields, multi, groupId, placeholder }: PopupFieldProps) {
  const { message } = App.useApp();
  const form = useForm();
  const field = useField();
  const [open, setOpen] = useState(false);
  const error = popupConfigError(popupCode, orgFields, destFields);
  const own = String(field?.props?.name ?? '');
  const locked = disabled || readOnly;

  useEffect(() => {
    if (error) message.error(error);
  }, [error, message]);

  if (error) return <Alert type="error" showIcon message={error} data-testid="popup-config-error" />;

  const fill = (rows: Record<string, unknown>[]) => {
    const values = mappedValues(rows, orgFields!, destFields!);
    for (const [dest, v] of Object.entries(values)) if (dest !== own) form?.setValuesIn(dest, v);
    onChange?.(own in values ? values[own] : (Object.values(values)[0] ?? ''));
  };

  const clear = () => fill([]);

  return (
    <>
      <PopupInput value={value ?? ''} disabled={disabled} locked={locked} placeholder={placeholder ?? '请选择'} onOpen={() => setOpen(true)} onClear={clear} />
      {open && (
        <ReportModal
          code={popupCode!}
          multi={multi}
          groupId={groupId}
          onCancel={() => setOpen(false)}
          onOk={(rows) => {
            fill(rows);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
