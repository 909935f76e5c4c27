import { App, Divider, Form, Input, InputNumber, Modal, message } from 'antd';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { hasPermission } from '../../permission/has-permission.ts';
import { type DataRecord, entityApi, RequestFailure } from '../../schema/api.ts';
import type { SchemaDocument, TransitionRule } from '../../../core/schema/types.generated.ts';
import { session } from '../../session/store.ts';

/*
 * Status moves as row actions: every labelled step of the document's transition rule whose `from` holds
 * the row's status and whose permission the user has (the edit button for a step without one) is a link.
 * A step asking for a comment or further fields opens a small dialog first; others confirm. The move is
 * POST /{area}/{entity}/transition { id, to, ... }, and the server checks the step and the permission again.
 */

type Step = TransitionRule['steps'][number];

/** The labelled steps a row's status allows, for a user holding `holds`. */
export function availableSteps(doc: SchemaDocument, row: DataRecord, holds: (code: string) => boolean): Step[] {
  const rule = doc.entity.rules?.transitions;
  if (!rule) return [];
  const status = String(row[rule.field] ?? '');
  // While an approval process runs it owns the status: the moves are made in 我的任务.
  if (doc.entity.rules?.workflow?.running === status) return [];
  const editCode = `${doc.permissionPrefix ?? doc.code.replace('/', ':')}:edit`;
  return rule.steps.filter((s) => s.label && s.from.includes(status) && holds(s.permission ?? editCode));
}

export const needsDialog = (step: Step) => !!(step.comment || step.fields?.length);

async function send(doc: SchemaDocument, body: Record<string, unknown>, label: string): Promise<boolean> {
  try {
    const result = await entityApi(doc.code).transition(body);
    message.success(result.message);
    return true;
  } catch (e) {
    message.error(e instanceof RequestFailure ? e.message : `${label}失败`);
    return false;
  }
}

function StepDialog({ doc, step, id, onClose, onDone }: { doc: SchemaDocument; step: Step; id: string; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const fieldOf = (name: string) => doc.entity.fields.find((f) => f.name === name);
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    const done = await send(doc, { ...values, id, to: step.to }, step.label!);
    setBusy(false);
    if (done) {
      onClose();
      onDone();
    }
  };
  return (
    <Modal
      open
      title={step.label}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="transition-form">
        {(step.fields ?? []).map((name) => {
          const f = fieldOf(name);
          const numeric = f?.type === 'decimal' || f?.type === 'integer';
          return (
            <Form.Item key={name} name={name} label={f?.label ?? name} rules={[{ required: true, message: `请填写${f?.label ?? name}` }]}>
              {numeric ? <InputNumber style={{ width: '100%' }} min={f?.min} precision={f?.type === 'integer' ? 0 : (f?.scale ?? 2)} /> : <Input />}
            </Form.Item>
          );
        })}
        {step.comment && (
          <Form.Item
            name={step.comment}
            label={fieldOf(step.comment)?.label ?? step.comment}
            rules={[{ required: !!step.commentRequired, whitespace: true, message: `请填写${fieldOf(step.comment)?.label ?? step.comment}` }]}
          >
            <Input.TextArea rows={3} maxLength={fieldOf(step.comment)?.length} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

export function TransitionActions({ doc, row, onDone }: { doc: SchemaDocument; row: DataRecord; onDone: () => void }) {
  const { auth, allAuth } = useSnapshot(session);
  const [open, setOpen] = useState<Step | null>(null);
  // The app's modal (not the static Modal.confirm): it follows the theme and the reduced-motion setting.
  const { modal } = App.useApp();
  const steps = availableSteps(doc, row, (code) => hasPermission(code, auth as never, allAuth as never));
  if (!steps.length) return null;
  const id = String(row.id);
  const click = (step: Step) => {
    if (needsDialog(step)) return setOpen(step);
    modal.confirm({
      title: step.label,
      content: `确定${step.label}吗?`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => send(doc, { id, to: step.to }, step.label!).then((done) => done && onDone()),
    });
  };
  return (
    <>
      {steps.map((step) => (
        <span key={`${step.to}-${step.label}`}>
          <Divider type="vertical" />
          <a data-testid={`transition-${step.to}`} onClick={() => click(step)}>
            {step.label}
          </a>
        </span>
      ))}
      {open && <StepDialog doc={doc} step={open} id={id} onClose={() => setOpen(null)} onDone={onDone} />}
    </>
  );
}
