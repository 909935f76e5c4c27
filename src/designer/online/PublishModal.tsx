import { Alert, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { onlineFormApi } from './api.ts';

/*
 * Publishing: the roles that get the new menu and its buttons when it is first created (admin always
 * does). Publication creates or evolves the table at once; the server refuses a change that would drop
 * or narrow a column holding data.
 */
export function PublishModal({ desformName, onPublish, onClose }: { desformName: string; onPublish: (roles: string[]) => Promise<void>; onClose: () => void }) {
  const [roles, setRoles] = useState<string[]>([]);
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    onlineFormApi.roles().then(
      (list) => setOptions(list.map((r) => ({ value: r.roleCode, label: `${r.roleName} (${r.roleCode})` }))),
      () => setOptions([]),
    );
  }, []);
  const submit = async () => {
    setBusy(true);
    try {
      await onPublish(roles);
      onClose();
    } catch {
      // Shown by the HTTP client (a refused table change names the table and column).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`发布表单 - ${desformName}`} onCancel={onClose} onOk={submit} okText="发布" cancelText="取消" confirmLoading={busy} maskClosable={false}>
      <Alert type="info" showIcon message="发布后表结构、菜单和按钮权限立即生效；已有数据的字段不能删除或缩小。" />
      <Form layout="vertical" className="fd-publish-form">
        <Form.Item label="授权角色" extra="这些角色在首次发布时获得新菜单及其全部按钮（管理员总是获得）">
          <Select mode="multiple" aria-label="授权角色" value={roles} onChange={setRoles} options={options} placeholder="选择角色" optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
