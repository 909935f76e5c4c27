import { HolderOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { Collapse } from 'antd';
import { useState } from 'react';
import { local } from '../../runtime/storage.ts';
import { widgetRegistry } from '../../widgets/registry.ts';
import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { useUpdate } from '../context.ts';
import type { DragData } from '../dnd.ts';
import { addWidget } from '../state/designer.ts';

/*
 * The left side: one collapsible panel per registry group, built from the widget registry itself, so a
 * registered widget appears here without a second list. Which panels are open is remembered; panel 1
 * (基础控件) by default (spec section 2).
 */
export const COLLAPSE_KEY = 'FORM_DESIGNER_COLLAPSE';

const PANELS: { key: string; group: WidgetRegistration['group']; title: string }[] = [
  { key: '1', group: 'basic', title: '基础控件' },
  { key: '2', group: 'advanced', title: '自定义组件' },
  { key: '3', group: 'layout', title: '布局控件' },
];

function PaletteItem({ widget }: { widget: WidgetRegistration }) {
  const update = useUpdate();
  const data: DragData = { kind: 'new', type: widget.type, label: widget.label };
  const { setNodeRef, attributes, listeners } = useDraggable({ id: `new:${widget.type}`, data });
  return (
    <button
      type="button"
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      className="fd-palette-item"
      data-widget={widget.type}
      onClick={() => update((s) => addWidget(s, widget.type, Date.now()))}
    >
      <HolderOutlined />
      <span>{widget.label}</span>
    </button>
  );
}

export function Palette() {
  const [open, setOpen] = useState<string[]>(() => local.get<string[]>(COLLAPSE_KEY) ?? ['1']);
  const widgets = [...widgetRegistry.values()];
  const items = PANELS.map((panel) => ({
    key: panel.key,
    label: panel.title,
    children: (
      <div className="fd-palette-grid">
        {widgets
          .filter((w) => w.group === panel.group)
          .map((w) => (
            <PaletteItem key={w.type} widget={w} />
          ))}
      </div>
    ),
  }));
  return (
    <Collapse
      className="fd-palette"
      activeKey={open}
      onChange={(keys) => {
        const next = Array.isArray(keys) ? keys : [keys];
        setOpen(next);
        local.set(COLLAPSE_KEY, next);
      }}
      items={items}
    />
  );
}
