import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { DESFORM_CODE, DESFORM_CODE_MESSAGE } from '../../core/publication.ts';

/* A new online form's code and name, asked on its first save (the server checks them again). */
export interface SaveAsValues {
  desformCode: string;
  desformName: string;
}

export function SaveAsModal({ onSubmit, onClose }: { onSubmit: (values: SaveAsValues) => Promise<void>; onClose: () => void }) {
  const [form] = Form.useForm<SaveAsValues>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    // Invalid input is shown on the fields themselves; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await onSubmit({ desformCode: values.desformCode.trim(), desformName: values.desformName.trim() });
      onClose();
    } catch {
      // The server's message was shown by the HTTP client; the dialog stays open for a correction.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="保存到服务器" onCancel={onClose} onOk={submit} okText="保存" cancelText="取消" confirmLoading={busy} maskClosable={false}>
      <Form form={form} layout="vertical" data-testid="save-as-form">
        <Form.Item
          name="desformCode"
          label="表单编码"
          extra="发布后菜单地址为 /online/{表单编码}"
          rules={[
            { required: true, message: '请填写表单编码' },
            { pattern: DESFORM_CODE, message: DESFORM_CODE_MESSAGE },
          ]}
        >
          <Input placeholder="如 family_visit" />
        </Form.Item>
        <Form.Item
          name="desformName"
          label="表单名称"
          rules={[
            { required: true, message: '请填写表单名称' },
            { max: 100, message: '表单名称不能超过 100 个字符' },
          ]}
        >
          <Input placeholder="如 家访登记" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
