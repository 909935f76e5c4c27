import { Cascader } from 'antd';

interface Option {
  value: string | number | boolean;
  label?: string;
  children?: Option[];
}

interface Props {
  value?: (string | number)[];
  onChange?: (value: (string | number)[]) => void;
  disabled?: boolean;
  readOnly?: boolean;
  options?: Option[];
  placeholder?: string;
  showSearch?: boolean;
  allowClear?: boolean;
}

const toAntd = (options: Option[] = []): { value: string | number; label: string; children?: object[] }[] =>
  options.map((o) => ({
    value: typeof o.value === 'boolean' ? String(o.value) : o.value,
    label: o.label ?? String(o.value),
    children: o.children?.length ? toAntd(o.children) : undefined,
  }));

/** A stored path → its labels level by level ('选项1 / 选项11'); a value no option holds stands for itself. */
export function pathLabels(options: Option[] = [], path: string[]): string {
  let level = options;
  return path
    .map((value) => {
      const option = level.find((o) => String(o.value) === value);
      level = option?.children ?? [];
      return option?.label ?? value;
    })
    .join(' / ');
}

/** Cascader over static options with children; the value is the path of chosen values. */
export function CascaderField({ value, onChange, disabled, readOnly, options, placeholder, showSearch, allowClear }: Props) {
  return (
    <Cascader
      value={value}
      onChange={(v) => onChange?.((v ?? []) as (string | number)[])}
      disabled={disabled || readOnly}
      options={toAntd(options)}
      placeholder={placeholder ?? '请选择'}
      showSearch={!!showSearch}
      allowClear={!!allowClear}
      style={{ width: '100%' }}
    />
  );
}
