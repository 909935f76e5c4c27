import { useField, useForm } from '@formily/react';
import { Alert, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { levelFields, linkConfigError, type LinkOption, type LinkSource, loadChain, loadLevel } from './api.ts';

/*
 * The linked dropdown: one select per level, the first holding this widget's own value, the others the
 * form fields named in linkFields. Choosing a value loads the next level's options and clears the levels
 * after it; values loaded with a record load each level in turn.
 */
export interface LinkDownFieldProps extends LinkSource {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  linkFields?: string;
  placeholder?: string;
}

export function LinkDownField({ value, onChange, disabled, readOnly, linkFields, placeholder, ...source }: LinkDownFieldProps) {
  const form = useForm();
  const field = useField();
  const fields = levelFields(String(field?.props?.name ?? ''), linkFields);
  const error = linkConfigError(source);
  const [levels, setLevels] = useState<LinkOption[][]>([]);
  // The value this widget set itself: only a value arriving from outside (a loaded record) reloads the chain.
  const own = useRef<string | undefined>(undefined);
  const valueOf = (i: number) => (i === 0 ? value : (form?.getValuesIn(fields[i]) as string | undefined));

  useEffect(() => {
    if (error || (own.current !== undefined && own.current === (value ?? ''))) return;
    let live = true;
    loadChain(
      source,
      fields.map((_f, i) => valueOf(i)),
    ).then(
      (l) => live && setLevels(l),
      () => live && setLevels([]),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, error, source.table, source.txt, source.linkKey, source.idField, source.pidField, source.condition]);

  if (error) return <Alert type="error" showIcon message={error} />;

  const choose = (i: number, store: string | undefined) => {
    const v = store ?? '';
    if (i === 0) {
      own.current = v;
      onChange?.(v);
    } else form?.setValuesIn(fields[i], v);
    for (let j = i + 1; j < fields.length; j++) form?.setValuesIn(fields[j], '');
    const chosen = levels[i]?.find((o) => o.store === v);
    setLevels((prev) => prev.slice(0, i + 1));
    if (chosen && i + 1 < fields.length)
      loadLevel(source, chosen.id).then(
        (next) => setLevels((prev) => [...prev.slice(0, i + 1), next]),
        () => undefined,
      );
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      {fields.map((name, i) => (
        <Select
          key={name}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: `${100 / fields.length}%` }}
          disabled={disabled || readOnly}
          placeholder={placeholder ?? '请选择'}
          value={valueOf(i) || undefined}
          onChange={(v: string | undefined) => choose(i, v)}
          options={(levels[i] ?? []).map((o) => ({ value: o.store, label: o.label }))}
          data-testid={`link-down-${name}`}
        />
      ))}
    </Space.Compact>
  );
}
