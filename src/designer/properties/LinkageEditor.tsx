import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { useMemo } from 'react';
import type { Condition, Linkage } from '../../core/schema/types.generated.ts';
import { useDesigner, useUpdate } from '../context.ts';
import { updateConfig } from '../state/designer.ts';
import { isDataWidget } from '../state/items.ts';
import {
  type ConditionRow,
  conditionRows,
  EFFECTS,
  expressionText,
  newLinkage,
  OPERATORS,
  parseExpression,
  rowsCondition,
  tidyLinkage,
} from '../state/linkage.ts';
import { allItems } from '../state/tree.ts';
import { CommitInput, JsonInput } from './CommitInput.tsx';

/*
 * config.linkage as data: target field, effect, and a condition in the grammar's simple form (field,
 * operator, value rows, all required). Conditions beyond the simple form are edited as JSON.
 */

function ConditionRows({
  when,
  fields,
  onChange,
}: {
  when: Condition | undefined;
  fields: { value: string; label: string }[];
  onChange: (when: Condition | undefined) => void;
}) {
  const rows = conditionRows(when);
  if (rows === null) return <JsonInput label="条件(JSON)" value={when} onChange={(v) => onChange(v as Condition)} />;
  const set = (next: ConditionRow[]) => onChange(rowsCondition(next));
  return (
    <>
      {rows.map((row, i) => (
        <div className="fd-cond" key={i}>
          <Select
            size="small"
            aria-label="条件字段"
            value={row.field || undefined}
            options={fields}
            popupMatchSelectWidth={false}
            placeholder="字段"
            onChange={(field) => set(rows.map((r, j) => (j === i ? { ...r, field } : r)))}
          />
          <Select
            size="small"
            aria-label="比较"
            value={row.op}
            options={OPERATORS}
            popupMatchSelectWidth={false}
            onChange={(op) => set(rows.map((r, j) => (j === i ? { ...r, op } : r)))}
          />
          <Input
            size="small"
            aria-label="条件值"
            value={row.value}
            onChange={(e) => set(rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))}
          />
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除条件" onClick={() => set(rows.filter((_, j) => j !== i))} />
        </div>
      ))}
      <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => set([...rows, { field: fields[0]?.value ?? '', op: '$eq', value: '' }])}>
        添加条件
      </Button>
    </>
  );
}

function LinkageRule({
  rule,
  fields,
  onChange,
  onRemove,
}: {
  rule: Linkage;
  fields: { value: string; label: string }[];
  onChange: (rule: Linkage) => void;
  onRemove: () => void;
}) {
  return (
    <div className="fd-linkage">
      <div className="fd-linkage-head">
        <Select
          size="small"
          aria-label="目标字段"
          value={rule.target || undefined}
          options={fields}
          placeholder="目标字段"
          onChange={(target) => onChange({ ...rule, target })}
        />
        <Select size="small" aria-label="效果" value={rule.effect} options={EFFECTS} onChange={(effect) => onChange({ ...rule, effect })} />
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除联动" onClick={onRemove} />
      </div>
      <div className="fd-linkage-when">当以下条件都满足时（无条件为始终）：</div>
      <ConditionRows when={rule.when} fields={fields} onChange={(when) => onChange({ ...rule, when })} />
      {rule.effect === 'set' && (
        <CommitInput
          label="赋值（文本或 JSON 表达式）"
          value={expressionText(rule.value)}
          onCommit={(text) => onChange({ ...rule, value: parseExpression(text) })}
        />
      )}
    </div>
  );
}

export function LinkageEditor() {
  const update = useUpdate();
  const rules = useDesigner((s) => s.def.config.linkage);
  const list = useDesigner((s) => s.def.list);
  const fields = useMemo(
    () => Array.from(allItems(list)).flatMap((i) => (i.model && isDataWidget(i.type) ? [{ value: i.model, label: `${i.label ?? ''} (${i.model})` }] : [])),
    [list],
  );
  const setRules = (next: Linkage[]) => update((s) => updateConfig(s, (c) => ({ ...c, linkage: next })));
  const current = rules ?? [];
  return (
    <div className="fd-linkages">
      {current.map((rule, i) => (
        <LinkageRule
          key={i}
          rule={rule}
          fields={fields}
          onChange={(r) => setRules(current.map((x, j) => (j === i ? tidyLinkage(r) : x)))}
          onRemove={() => setRules(current.filter((_, j) => j !== i))}
        />
      ))}
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={!fields.length}
        onClick={() => setRules([...current, newLinkage(fields[0]?.value ?? '')])}
      >
        添加联动
      </Button>
    </div>
  );
}
