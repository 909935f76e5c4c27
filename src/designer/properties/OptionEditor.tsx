import { Form, Input, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem, WidgetOptions } from '../../core/schema/types.generated.ts';
import { useDesignerEnv } from '../context.ts';
import { JsonInput } from './CommitInput.tsx';
import { applyOption, type OptionDescriptor } from './descriptors.ts';

/* One generic editor for any option description in descriptors.ts. */

/** A switch on one line with its label, so the many on/off options stay compact. */
export function SwitchRow({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="fd-prop-switch">
      <span>{label}</span>
      <Switch size="small" aria-label={label} checked={checked} onChange={onChange} />
    </div>
  );
}

function FormCodeSelect({ label, value, onChange }: { label: string; value: string; onChange: (code: string) => void }) {
  const { onlineForms } = useDesignerEnv();
  if (!onlineForms.length) return <Input aria-label={label} value={value} placeholder="area/entity" onChange={(e) => onChange(e.target.value)} />;
  return (
    <Select
      aria-label={label}
      value={value || undefined}
      allowClear
      showSearch
      placeholder="请选择子表表单"
      onChange={(v) => onChange(v ?? '')}
      options={onlineForms.map((f) => ({ value: f.code, label: `${f.title} (${f.code})` }))}
    />
  );
}

export function OptionEditor({ d, item, onChange }: { d: OptionDescriptor; item: WidgetItem; onChange: (options: WidgetOptions) => void }) {
  const raw = item.options?.[d.key];
  const value = raw ?? d.fallback;
  const emit = (v: unknown) => onChange(applyOption(item.options, d, v));
  if (d.editor === 'switch') return <SwitchRow label={d.label} checked={!!value} onChange={emit} />;
  let control: ReactNode;
  switch (d.editor) {
    case 'text':
      control = <Input aria-label={d.label} value={(value as string) ?? ''} placeholder={d.placeholder} onChange={(e) => emit(e.target.value)} />;
      break;
    case 'textarea':
      control = <Input.TextArea aria-label={d.label} value={(value as string) ?? ''} rows={3} onChange={(e) => emit(e.target.value)} />;
      break;
    case 'number':
      control = (
        <InputNumber
          aria-label={d.label}
          style={{ width: '100%' }}
          value={typeof value === 'number' ? value : null}
          min={d.min}
          max={d.max}
          placeholder={d.placeholder}
          onChange={(v) => emit(v)}
        />
      );
      break;
    case 'select':
      control = <Select aria-label={d.label} value={value as string} options={d.choices} onChange={emit} />;
      break;
    case 'tags':
      control = (
        <Select
          aria-label={d.label}
          mode="tags"
          value={(value as string[]) ?? []}
          maxCount={d.max}
          placeholder={d.placeholder}
          onChange={emit}
          open={false}
          suffixIcon={null}
        />
      );
      break;
    case 'json':
      control = <JsonInput label={d.label} value={raw} onChange={emit} />;
      break;
    case 'formCode':
      control = <FormCodeSelect label={d.label} value={(value as string) ?? ''} onChange={emit} />;
      break;
  }
  return <Form.Item label={d.label}>{control}</Form.Item>;
}
