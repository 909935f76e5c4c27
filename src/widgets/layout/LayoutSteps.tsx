import { onFormValidateFailed } from '@formily/core';
import { RecursionField, useField, useFieldSchema, useForm, useFormEffects } from '@formily/react';
import { Button, Space, Steps } from 'antd';
import { useState } from 'react';

/*
 * A steps layout (分步表单): each child card is one step. One step shows at a time — the others stay
 * mounted, so their values are kept and still sent — 下一步 checks the current step's fields first, and a
 * save that fails on a field of another step goes to that step.
 */
export function LayoutSteps() {
  const form = useForm();
  const field = useField();
  const schema = useFieldSchema();
  const panes = Object.entries(schema.properties ?? {}).sort(([, a], [, b]) => (a['x-index'] ?? 0) - (b['x-index'] ?? 0));
  const [current, setCurrent] = useState(0);
  const address = String(field.address);
  const paneOf = (fieldAddress: string) => panes.findIndex(([key]) => fieldAddress.startsWith(`${address}.${key}.`));

  useFormEffects(() => {
    onFormValidateFailed((f) => {
      const first = f.errors.map((e) => paneOf(String(e.address))).find((i) => i >= 0);
      if (first !== undefined) setCurrent(first);
    });
  });

  const next = async () => {
    await form.validate(`${address}.${panes[current][0]}.*`);
    setCurrent((c) => Math.min(c + 1, panes.length - 1));
  };

  return (
    <div className="form-steps" data-testid="form-steps">
      <Steps
        size="small"
        current={current}
        items={panes.map(([, s]) => ({ title: String(s['x-component-props']?.title ?? '') }))}
        style={{ marginBottom: 16 }}
      />
      {panes.map(([key, s], i) => (
        <div key={key} style={{ display: i === current ? undefined : 'none' }} data-step={i}>
          <RecursionField name={key} schema={s} />
        </div>
      ))}
      <Space className="form-steps-nav" style={{ display: 'flex', justifyContent: 'center', marginTop: 4 }}>
        {current > 0 && <Button onClick={() => setCurrent(current - 1)}>上一步</Button>}
        {current < panes.length - 1 && (
          <Button type="primary" ghost onClick={() => next().catch(() => undefined)}>
            下一步
          </Button>
        )}
      </Space>
    </div>
  );
}
