import { Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useDesigner } from '../context.ts';
import { FormProperties } from './FormProperties.tsx';
import { ItemProperties } from './ItemProperties.tsx';

/* The right side: item properties headed '控件属性设置', and the form's own properties. Selecting an item shows its tab. */
export function PropertiesPanel() {
  const selected = useDesigner((s) => s.selected);
  const [tab, setTab] = useState('item');
  useEffect(() => {
    if (selected) setTab('item');
  }, [selected]);
  return (
    <Tabs
      className="fd-properties"
      activeKey={tab}
      onChange={setTab}
      centered
      items={[
        { key: 'item', label: '控件属性设置', children: <ItemProperties /> },
        { key: 'form', label: '表单属性设置', children: <FormProperties /> },
      ]}
    />
  );
}
