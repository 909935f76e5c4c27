import { Checkbox, Radio, Select } from 'antd';
import type { OptionItem } from '../../runtime/schema/types.generated.ts';
import { useOptionsSource } from './useOptionsSource.ts';

/*
 * Select, radio and checkbox fed from a static list, a dictionary or a table dictionary. Formily hands
 * them value and onChange like any input; they are antd's own components underneath.
 */
interface SourceProps {
  dictCode?: string;
  staticOptions?: OptionItem[];
  [prop: string]: unknown;
}

export function SourceSelect({ dictCode, staticOptions, ...props }: SourceProps) {
  const options = useOptionsSource({ dictCode, options: staticOptions });
  return <Select allowClear showSearch optionFilterProp="label" {...props} options={options.map((o) => ({ label: o.label, value: o.value as string }))} />;
}

export function SourceRadio({ dictCode, staticOptions, ...props }: SourceProps) {
  const options = useOptionsSource({ dictCode, options: staticOptions });
  return <Radio.Group {...props} options={options.map((o) => ({ label: o.label, value: o.value as string }))} />;
}

/** Checked values travel as a comma list, so the column stays a plain string. */
export function SourceCheckbox({ dictCode, staticOptions, value, onChange, ...props }: SourceProps) {
  const options = useOptionsSource({ dictCode, options: staticOptions });
  const checked = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];
  const emit = onChange as ((v: string) => void) | undefined;
  return (
    <Checkbox.Group
      {...props}
      value={checked.map(String)}
      onChange={(next) => emit?.(next.join(','))}
      options={options.map((o) => ({ label: o.label, value: String(o.value) }))}
    />
  );
}
