import { Form, Input, InputNumber, Radio, Tag } from 'antd';
import type { FormConfig } from '../../core/schema/types.generated.ts';
import { useDesigner, useUpdate } from '../context.ts';
import { updateConfig } from '../state/designer.ts';
import { SPAN_MAX, setLabelSpan } from '../state/limits.ts';
import { LinkageEditor } from './LinkageEditor.tsx';
import { SwitchRow } from './OptionEditor.tsx';

/* The form's own properties (config): layout, label span (the wrapper takes 24 minus it), marks, style, linkage. */
const LAYOUTS = [
  { value: 'horizontal', label: '水平' },
  { value: 'vertical', label: '垂直' },
  { value: 'inline', label: '行内' },
];

export function FormProperties() {
  const config = useDesigner((s) => s.def.config);
  const update = useUpdate();
  const patch = (fn: (c: FormConfig) => FormConfig) => update((s) => updateConfig(s, fn));
  const label = config.labelCol?.span ?? 4;
  return (
    <Form layout="vertical" size="small" className="fd-props" data-testid="form-properties">
      <Form.Item label="表单布局">
        <Radio.Group
          size="small"
          optionType="button"
          value={config.layout ?? 'horizontal'}
          options={LAYOUTS}
          onChange={(e) => patch((c) => ({ ...c, layout: e.target.value }))}
        />
      </Form.Item>
      <Form.Item label={`标签宽度（0–${SPAN_MAX} 栅格）`} extra={`控件宽度 ${config.wrapperCol?.span ?? 18} 栅格`}>
        <InputNumber aria-label="标签宽度" min={0} max={SPAN_MAX} value={label} onChange={(v) => patch((c) => setLabelSpan(c, v))} />
      </Form.Item>
      <SwitchRow label="隐藏必选标记" checked={!!config.hideRequiredMark} onChange={(on) => patch((c) => ({ ...c, hideRequiredMark: on }))} />
      <Form.Item label="自定义样式">
        <Input aria-label="自定义样式" value={config.customStyle ?? ''} onChange={(e) => patch((c) => ({ ...c, customStyle: e.target.value }))} />
      </Form.Item>
      {!!config.cclist?.length && (
        <Form.Item label="抄送人字段">
          {config.cclist.map((m) => (
            <Tag key={m}>{m}</Tag>
          ))}
        </Form.Item>
      )}
      <Form.Item label="联动规则">
        <LinkageEditor />
      </Form.Item>
    </Form>
  );
}
