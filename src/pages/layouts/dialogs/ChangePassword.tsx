import { App, Form, Input, Modal } from 'antd';
import { useSnapshot } from 'valtio';
import { PASSWORD_RULE, PASSWORD_RULE_MESSAGE } from '../../../core/password-rule.ts';
import { changePassword } from '../../../runtime/session/api.ts';
import { session } from '../../../runtime/session/store.ts';
import { dialogs } from './store.ts';
import { useSubmit } from './useSubmit.ts';

interface Values {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export const NO_USER_MESSAGE = '当前系统无登陆用户!';

/**
 * 修改密码 (spec section 2, "Change-password dialog"; rules and messages of section 5). The server checks
 * the same rules again and verifies the old password; its answer is shown as a success or a warning.
 */
export function ChangePassword() {
  const { password: open } = useSnapshot(dialogs);
  const { userInfo } = useSnapshot(session);
  const [form] = Form.useForm<Values>();
  const { busy, submit: send } = useSubmit();
  const { message } = App.useApp();

  const close = () => {
    dialogs.password = false;
    form.resetFields();
  };

  async function submit() {
    // Invalid input is shown on the fields themselves; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const username = userInfo?.username;
    if (!username) {
      message.warning(NO_USER_MESSAGE);
      return;
    }
    await send(() => changePassword({ username, ...values }), close, '密码修改失败');
  }

  return (
    <Modal title="修改密码" width={1000} open={open} onOk={submit} onCancel={close} confirmLoading={busy} okText="确定" cancelText="取消" destroyOnHidden>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} data-testid="password-form">
        <Form.Item label="旧密码" name="oldpassword" rules={[{ required: true, message: '请输入旧密码!' }]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="password" rules={[{ required: true, pattern: PASSWORD_RULE, message: PASSWORD_RULE_MESSAGE }]}>
          <Input.Password placeholder="新密码至少8位，包含字母、数字和特殊符号" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: '请确认新密码!' },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一样！')),
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
