import { createForm } from '@formily/core';
import { Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { SchemaForm } from '../../runtime/renderers/form/SchemaForm.tsx';
import type { FormDef, WidgetItem } from '../../core/schema/types.generated.ts';

/**
 * Renders widgets through the real form compiler, as a schema screen would, with the form's
 * values shown underneath; `validate` runs validation on mount to show the error state.
 */
export function WidgetStory({
  items,
  values,
  validate,
  readPretty,
}: {
  items: WidgetItem[];
  values?: Record<string, unknown>;
  validate?: boolean;
  readPretty?: boolean;
}) {
  const form = useMemo(() => {
    const f = createForm({ initialValues: values, readPretty });
    if (validate) setTimeout(() => f.validate().catch(() => undefined), 0);
    return f;
  }, [values, validate, readPretty]);
  const [data, setData] = useState<string>('');
  const formDef: FormDef = { list: items, config: { layout: 'horizontal', labelCol: { span: 4 }, wrapperCol: { span: 18 } } };
  return (
    <div>
      <SchemaForm formDef={formDef} form={form} />
      <Space>
        <Button onClick={() => setData(JSON.stringify(form.values, null, 2))}>获取数据</Button>
        <Button onClick={() => form.validate().catch(() => undefined)}>校验</Button>
      </Space>
      {data && <pre data-testid="story-values">{data}</pre>}
    </div>
  );
}
