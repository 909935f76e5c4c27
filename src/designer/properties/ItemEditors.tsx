import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Radio } from 'antd';
import type { Rule, WidgetItem, WidgetOptions } from '../../core/schema/types.generated.ts';
import { addGridColumn, removeGridColumn, SPAN_MAX, setColumnSpan } from '../state/limits.ts';
import { addPatternRule, patternError, patternRules, removePatternRule, setRequired, setRequiredMessage, updatePatternRule } from '../state/rules.ts';
import { addStaticOption, removeStaticOption, SOURCE_KINDS, setStaticOption, sourceOf, switchSource } from '../state/sources.ts';
import { SwitchRow } from './OptionEditor.tsx';

/* The editors that are more than one value: options source, grid columns and validation rules. */

const RemoveButton = ({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) => (
  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={label} disabled={disabled} onClick={onClick} />
);

const AddButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <Button size="small" type="dashed" block icon={<PlusOutlined />} onClick={onClick}>
    {label}
  </Button>
);

export function SourceEditor({ options, onChange }: { options: WidgetOptions | undefined; onChange: (o: WidgetOptions) => void }) {
  const kind = sourceOf(options);
  const distal = options?.distal ?? {};
  const setDistal = (patch: Partial<typeof distal>) => onChange({ ...options, distal: { ...distal, ...patch } });
  return (
    <Form.Item label="选项来源">
      <Radio.Group size="small" optionType="button" value={kind} options={SOURCE_KINDS} onChange={(e) => onChange(switchSource(options, e.target.value))} />
      <div className="fd-source">
        {kind === 'static' && (
          <>
            {(options?.options ?? []).map((o, i) => (
              <div className="fd-row" key={i}>
                <Input
                  size="small"
                  aria-label="选项值"
                  value={String(o.value)}
                  onChange={(e) => onChange(setStaticOption(options, i, { value: e.target.value }))}
                />
                <Input
                  size="small"
                  aria-label="选项标签"
                  value={o.label ?? ''}
                  onChange={(e) => onChange(setStaticOption(options, i, { label: e.target.value }))}
                />
                <RemoveButton label="删除选项" onClick={() => onChange(removeStaticOption(options, i))} />
              </div>
            ))}
            <AddButton label="添加选项" onClick={() => onChange(addStaticOption(options))} />
          </>
        )}
        {kind === 'dict' && (
          <Input
            aria-label="字典编码"
            placeholder="字典编码，如 sex"
            value={options?.dynamicKey ?? ''}
            onChange={(e) => onChange({ ...options, dynamicKey: e.target.value })}
          />
        )}
        {kind === 'distal' && (
          <>
            <Input aria-label="表名" addonBefore="表名" value={distal.tableName ?? ''} onChange={(e) => setDistal({ tableName: e.target.value })} />
            <Input aria-label="值字段" addonBefore="值字段" value={distal.value ?? ''} onChange={(e) => setDistal({ value: e.target.value })} />
            <Input aria-label="文本字段" addonBefore="文本字段" value={distal.label ?? ''} onChange={(e) => setDistal({ label: e.target.value })} />
          </>
        )}
      </div>
    </Form.Item>
  );
}

export function GridColumnsEditor({ item, onChange }: { item: WidgetItem; onChange: (fn: (grid: WidgetItem) => WidgetItem) => void }) {
  const columns = item.columns ?? [];
  return (
    <Form.Item label={`栅格列（每列 0–${SPAN_MAX}）`}>
      {columns.map((c, i) => (
        <div className="fd-row" key={i}>
          <span className="fd-row-label">第{i + 1}列</span>
          <InputNumber
            size="small"
            aria-label={`第${i + 1}列宽度`}
            min={0}
            max={SPAN_MAX}
            value={c.span}
            onChange={(v) => onChange((g) => setColumnSpan(g, i, v))}
          />
          <RemoveButton label="删除列" disabled={columns.length <= 1} onClick={() => onChange((g) => removeGridColumn(g, i))} />
        </div>
      ))}
      <AddButton label="添加列" onClick={() => onChange(addGridColumn)} />
    </Form.Item>
  );
}

export function RulesEditor({ rules, onChange }: { rules: Rule[] | undefined; onChange: (rules: Rule[]) => void }) {
  const first = rules?.[0];
  return (
    <Form.Item label="校验">
      <SwitchRow label="必填" checked={!!first?.required} onChange={(on) => onChange(setRequired(rules, on))} />
      <Input aria-label="必填提示" placeholder="必填项" value={first?.message ?? ''} onChange={(e) => onChange(setRequiredMessage(rules, e.target.value))} />
      {patternRules(rules).map((r, i) => (
        <div className="fd-rule" key={i}>
          <Input
            size="small"
            aria-label="正则表达式"
            placeholder="正则表达式，如 ^\d+$"
            status={patternError(r.pattern) ? 'error' : undefined}
            value={r.pattern ?? ''}
            onChange={(e) => onChange(updatePatternRule(rules, i, { pattern: e.target.value }))}
          />
          <Input
            size="small"
            aria-label="校验提示"
            placeholder="不符合时的提示"
            value={r.message ?? ''}
            onChange={(e) => onChange(updatePatternRule(rules, i, { message: e.target.value }))}
          />
          <RemoveButton label="删除校验" onClick={() => onChange(removePatternRule(rules, i))} />
        </div>
      ))}
      <AddButton label="增加校验" onClick={() => onChange(addPatternRule(rules))} />
    </Form.Item>
  );
}
