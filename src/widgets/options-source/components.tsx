import { Checkbox, Radio, Select } from 'antd';
import type { OptionItem } from '../../core/schema/types.generated.ts';
import { useOptionsSource } from './useOptionsSource.ts';

/*
 * Select, radio and checkbox fed from a static list, a dictionary or a table dictionary. Formily hands
 * them value and onChange like any input; they are antd's own components underneath.
 */
interface SourceProps {
  dictCode?: string;
  staticOptions?: OptionItem[];
  disabled?: boolean;
  /** Formily's read-only pattern: these controls have no read-only state of their own, so they are locked. */
  readOnly?: boolean;
  [prop: string]: unknown;
}

export function SourceSelect({ dictCode, staticOptions, disabled, readOnly, ...props }: SourceProps) {
  const options = useOptionsSource({ dictCode, options: staticOptions });
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      {...props}
      disabled={disabled || readOnly}
      options={options.map((o) => ({ label: o.label, value: o.value as string }))}
    />
  );
}

export function SourceRadio({ dictCode, staticOptions, disabled, readOnly, ...props }: SourceProps) {
  const options = useOptionsSource({ dictCode, options: staticOptions });
  return <Radio.Group {...props} disabled={disabled || readOnly} options={options.map((o) => ({ label: o.label, value: o.value as string }))} />;
}

/** Checked values travel as a comma list, so the column stays a plain string. */
export function SourceCheckbox({ dictCode, staticOptions, value, onChange, disabled, readOnly, ...props }: SourceProps) {
  const options = useOptionsSource({ dictCode, options: staticOptions });
  const checked = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];
  const emit = onChange as ((v: string) => void) | undefined;
  return (
    <Checkbox.Group
      {...props}
      disabled={disabled || readOnly}
      value={checked.map(String)}
      onChange={(next) => emit?.(next.join(','))}
      options={options.map((o) => ({ label: o.label, value: String(o.value) }))}
    />
  );
}
