import { Form, Input } from 'antd';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { useDesigner, useUpdate } from '../context.ts';
import { updateItem } from '../state/designer.ts';
import { modelProblem } from '../state/io.ts';
import { findItem } from '../state/tree.ts';
import { descriptorsFor, hasModel, hasRules, hasSource } from './descriptors.ts';
import { GridColumnsEditor, RulesEditor, SourceEditor } from './ItemEditors.tsx';
import { OptionEditor } from './OptionEditor.tsx';

/* The selected widget's properties ('控件属性设置'), or '未选择控件' when nothing is selected. */
export const NO_SELECTION = '未选择控件';

function ModelField({ item }: { item: WidgetItem }) {
  const update = useUpdate();
  const problem = useDesigner((s) => modelProblem(s.def, item.key, item.model));
  return (
    <Form.Item label="数据字段" validateStatus={problem ? 'error' : undefined} help={problem ?? undefined}>
      <Input
        aria-label="数据字段"
        value={item.model ?? ''}
        onChange={(e) => update((s) => updateItem(s, item.key, (it) => ({ ...it, model: e.target.value })))}
      />
    </Form.Item>
  );
}

export function ItemProperties() {
  const item = useDesigner((s) => (s.selected ? findItem(s.def, s.selected) : null));
  const update = useUpdate();
  if (!item) return <div className="fd-empty">{NO_SELECTION}</div>;
  const patch = (fn: (it: WidgetItem) => WidgetItem) => update((s) => updateItem(s, item.key, fn));
  return (
    <Form layout="vertical" size="small" className="fd-props" data-testid="item-properties">
      <div className="fd-props-type">类型：{item.type}</div>
      <Form.Item label="标签">
        <Input aria-label="标签" value={item.label ?? ''} onChange={(e) => patch((it) => ({ ...it, label: e.target.value }))} />
      </Form.Item>
      {hasModel(item.type) && <ModelField item={item} />}
      {hasSource(item) && <SourceEditor options={item.options} onChange={(options) => patch((it) => ({ ...it, options }))} />}
      {descriptorsFor(item).map((d) => (
        <OptionEditor key={d.id} d={d} item={item} onChange={(options) => patch((it) => ({ ...it, options }))} />
      ))}
      {item.type === 'grid' && <GridColumnsEditor item={item} onChange={patch} />}
      {hasRules(item.type) && <RulesEditor rules={item.rules} onChange={(rules) => patch((it) => ({ ...it, rules }))} />}
    </Form>
  );
}
