import { Button, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { WfField, WfTaskDetail } from '../../core/workflow/wire.ts';
import { RequestFailure, workflow } from '../../runtime/workflow/provider.ts';
import { UserField } from '../../widgets/user/UserField.tsx';
import { InstanceView } from './InstanceView.tsx';
import { useRun } from './useRun.ts';

/*
 * One task as its assignee handles it: the application (fields the step hides are not sent at all), the
 * fields the step lets them fill in, an opinion, and 同意 / 驳回 (to the applicant or an earlier step) /
 * 转办 / 加签, or 签收 first when it was offered to several people. The server checks all of it again.
 */

const TO_APPLICANT = '__applicant__';

/** A value as the lists show it: dictionary text, amounts with two decimals and separators. */
const shown = (record: Record<string, unknown>, f: WfField) => {
  const text = record[`${f.name}_dictText`] ?? record[f.name];
  if (text === null || text === undefined || text === '') return '—';
  if (f.type === 'decimal' && !Number.isNaN(Number(text))) return Number(text).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return String(text);
};

function EditableField({ field }: { field: WfField }) {
  const numeric = field.type === 'decimal' || field.type === 'integer' || field.type === 'number';
  return (
    <Form.Item name={field.name} label={field.label} rules={[{ required: true, message: `请填写${field.label}` }]}>
      {numeric ? <InputNumber style={{ width: 220 }} min={0} precision={field.type === 'integer' ? 0 : 2} /> : <Input style={{ width: 320 }} />}
    </Form.Item>
  );
}

type Dialog = null | 'reject' | 'transfer' | 'addSigner';

export function TaskPanel({ taskId, onDone }: { taskId: string; onDone: () => void }) {
  const act = useRun();
  const [task, setTask] = useState<WfTaskDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm();
  const [dialogForm] = Form.useForm();

  const load = () =>
    workflow.task(taskId).then(
      (t) => {
        setTask(t);
        form.setFieldsValue(Object.fromEntries(t.fields.filter((f) => f.access === 'edit').map((f) => [f.name, t.record[f.name] ?? undefined])));
      },
      (e) => setError(e instanceof RequestFailure ? e.message : '读取失败'),
    );
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taskId]);

  /** An action on the task: done with it (the drawer closes), or still here (claimed, a signer added: reload). */
  const run = async (work: () => Promise<string>, finish = true) => {
    setBusy(true);
    const ok = await act(work, finish ? onDone : load);
    setBusy(false);
    return ok;
  };

  if (error) return <div style={{ color: '#ff4d4f' }}>{error}</div>;
  if (!task) return <Spin />;
  const editable = task.fields.filter((f) => f.access === 'edit');
  const readable = task.fields.filter((f) => f.access !== 'edit');

  const approve = async () => {
    const values = editable.length ? await form.validateFields() : {};
    const comment = form.getFieldValue('comment') as string | undefined;
    const cc = form.getFieldValue('cc') as string | undefined;
    const fieldValues = Object.fromEntries(Object.entries(values).filter(([k]) => k !== 'comment' && k !== 'cc'));
    await run(() => workflow.act('approve', { id: task.id, comment, values: fieldValues, cc }));
  };

  const submitDialog = async () => {
    const v = await dialogForm.validateFields();
    const ok =
      dialog === 'reject'
        ? await run(() => workflow.act('reject', { id: task.id, comment: v.comment, target: v.target === TO_APPLICANT ? undefined : v.target }))
        : await run(() => workflow.act(dialog as 'transfer' | 'addSigner', { id: task.id, username: v.username, comment: v.comment }), dialog === 'addSigner');
    if (ok) setDialog(null);
  };

  return (
    <div data-testid="wf-task">
      <h3 style={{ marginTop: 0 }}>
        {task.instance.title} · {task.nodeName}
      </h3>
      {readable.length > 0 && (
        <Descriptions size="small" column={2} bordered data-testid="wf-task-record">
          {readable.map((f) => (
            <Descriptions.Item key={f.name} label={f.label}>
              {shown(task.record, f)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      <Form form={form} layout="horizontal" labelCol={{ span: 4 }} style={{ marginTop: 16 }} data-testid="wf-task-form">
        {editable.map((f) => (
          <EditableField key={f.name} field={f} />
        ))}
        <Form.Item name="comment" label="审批意见">
          <Input.TextArea rows={3} maxLength={500} placeholder="请输入审批意见" />
        </Form.Item>
        <Form.Item name="cc" label="抄送">
          <UserField multiple placeholder="同意时抄送给（可选）" />
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 16 }}>
        {task.claimable ? (
          <Button type="primary" loading={busy} onClick={() => run(() => workflow.act('claim', { id: task.id }), false)}>
            签收
          </Button>
        ) : (
          <>
            <Button type="primary" loading={busy} onClick={approve} data-testid="wf-approve">
              同意
            </Button>
            <Button danger disabled={busy} onClick={() => (dialogForm.resetFields(), setDialog('reject'))} data-testid="wf-reject">
              驳回
            </Button>
            <Button disabled={busy} onClick={() => (dialogForm.resetFields(), setDialog('transfer'))}>
              转办
            </Button>
            <Button disabled={busy} onClick={() => (dialogForm.resetFields(), setDialog('addSigner'))}>
              加签
            </Button>
          </>
        )}
      </Space>
      <InstanceView instance={task.instance} />
      <Modal
        open={!!dialog}
        title={dialog === 'reject' ? '驳回' : dialog === 'transfer' ? '转办' : '加签'}
        onOk={submitDialog}
        onCancel={() => setDialog(null)}
        okText="确定"
        cancelText="取消"
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form form={dialogForm} layout="vertical" data-testid="wf-dialog">
          {dialog === 'reject' ? (
            <Form.Item name="target" label="驳回到" initialValue={TO_APPLICANT}>
              <Select options={[{ value: TO_APPLICANT, label: '发起人（结束流程）' }, ...task.rejectTargets.map((t) => ({ value: t.node, label: t.name }))]} />
            </Form.Item>
          ) : (
            <Form.Item name="username" label={dialog === 'transfer' ? '转办给' : '加签人'} rules={[{ required: true, message: '请选择用户' }]}>
              <UserField />
            </Form.Item>
          )}
          <Form.Item
            name="comment"
            label={dialog === 'reject' ? '驳回意见' : '说明'}
            rules={dialog === 'reject' ? [{ required: true, whitespace: true, message: '请填写驳回意见' }] : []}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
