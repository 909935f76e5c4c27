import { createForm } from '@formily/core';
import { App, Button, Divider, Modal, message, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type DataRecord, entityApi, RequestFailure } from '../../schema/api.ts';
import { evaluateCondition } from '../../../core/schema/condition.ts';
import { fillLink } from '../../../core/schema/links.ts';
import type { OperationDef, SchemaDocument } from '../../../core/schema/types.generated.ts';
import { SchemaForm } from '../form/SchemaForm.tsx';
import { withoutInternals } from '../form/values.ts';

/*
 * A list's declared row operations (list.operations): a button per operation the user holds
 * ({prefix}:{key}) and the row meets (`when`). A `link` opens that page with the row's values put in;
 * otherwise the button asks `confirm` first — or, when the operation declares a `form`, asks its values in
 * a dialog — then calls POST /{area}/{entity}/operation/{key}?id= with those values and shows the server's
 * message. The server checks again.
 */

export async function runOperation(doc: SchemaDocument, op: OperationDef, id: string, values: Record<string, unknown> = {}): Promise<boolean> {
  try {
    const result = await entityApi(doc.code).operate(op.key, id, values);
    message.success(result.message);
    return true;
  } catch (e) {
    message.error(e instanceof RequestFailure ? e.message : `${op.label}失败`);
    return false;
  }
}

/** The values of a form's fields that the row already has (a template's 参数示例 starts its 模板参数). */
function startingValues(op: OperationDef, row: DataRecord): Record<string, unknown> {
  const models = new Set((op.form?.list ?? []).map((item) => item.model).filter(Boolean));
  return Object.fromEntries(Object.entries(row).filter(([name, value]) => models.has(name) && value !== null && value !== undefined));
}

/** The dialog of an operation with a form: 确定 validates, calls, and closes only when the server agreed. */
function OperationForm({ doc, op, row, onClose, onDone }: { doc: SchemaDocument; op: OperationDef; row: DataRecord; onClose: () => void; onDone: () => void }) {
  const form = useMemo(() => createForm({ validateFirst: false, initialValues: startingValues(op, row) }), [op, row]);
  const [sending, setSending] = useState(false);
  const submit = async () => {
    await form.validate();
    setSending(true);
    try {
      if (await runOperation(doc, op, String(row.id), withoutInternals(form.values as DataRecord))) {
        onClose();
        onDone();
      }
    } finally {
      setSending(false);
    }
  };
  const footer = (
    <Space>
      <Button onClick={onClose}>关闭</Button>
      <Button type="primary" loading={sending} onClick={() => submit().catch(() => undefined)} data-testid={`op-${op.key}-submit`}>
        确定
      </Button>
    </Space>
  );
  return (
    <Modal open title={op.label} width={doc.list?.formWidth ?? 800} onCancel={onClose} footer={footer} destroyOnHidden maskClosable={false}>
      <SchemaForm formDef={op.form!} form={form} />
    </Modal>
  );
}

export function RowOperations({ doc, row, can, onDone }: { doc: SchemaDocument; row: DataRecord; can: (action: string) => boolean; onDone: () => void }) {
  const [asking, setAsking] = useState<OperationDef | null>(null);
  const navigate = useNavigate();
  // The app's modal (not the static Modal.confirm): it follows the theme and the reduced-motion setting.
  const { modal } = App.useApp();
  const values = row as Record<string, unknown>;
  const ops = (doc.list?.operations ?? []).filter((op) => can(op.key) && evaluateCondition(op.when, values) && (!op.link || fillLink(op.link, values)));
  if (!ops.length) return null;
  const id = String(row.id);
  const click = (op: OperationDef) => {
    if (op.link) return navigate(fillLink(op.link, values)!);
    if (op.form) return setAsking(op);
    const go = () => runOperation(doc, op, id).then(onDone);
    if (op.confirm) modal.confirm({ title: op.label, content: op.confirm, okText: '确定', cancelText: '取消', onOk: go });
    else void go();
  };
  return (
    <>
      {ops.map((op) => (
        <span key={op.key}>
          <Divider type="vertical" />
          <a data-testid={`op-${op.key}`} onClick={() => click(op)}>
            {op.label}
          </a>
        </span>
      ))}
      {asking && <OperationForm doc={doc} op={asking} row={row} onClose={() => setAsking(null)} onDone={onDone} />}
    </>
  );
}
