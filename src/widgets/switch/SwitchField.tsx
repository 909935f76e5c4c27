import { Switch } from 'antd';

/** A switch storing a value pair (default Y and N) rather than a boolean (spec sections 3 and 9). */
export function SwitchField({
  value,
  onChange,
  activeValue = 'Y',
  inactiveValue = 'N',
  disabled,
  readOnly,
}: {
  value?: unknown;
  onChange?: (v: unknown) => void;
  activeValue?: unknown;
  inactiveValue?: unknown;
  disabled?: boolean;
  readOnly?: boolean;
}) {
  return <Switch checked={value === activeValue} disabled={disabled || readOnly} onChange={(on) => onChange?.(on ? activeValue : inactiveValue)} />;
}
