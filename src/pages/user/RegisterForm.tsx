import { UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RequestFailure } from './api.ts';
import { NewPassword, PhoneAndCode } from './AccountFields.tsx';

interface Values {
  username: string;
  password: string;
  confirm: string;
  mobile: string;
  captcha: string;
}

/** What registering sends: the account's name and password, and the phone with the code texted to it. */
export interface NewAccount {
  username: string;
  password: string;
  phone: string;
  smscode: string;
}

/*
 * The fields of registering (注册, and 绑定账号's 新账号): an account named, a password under the system's rule
 * typed twice, a phone proven by a code texted for registration (smsmode 1). `create` makes the account (the
 * server checks everything again); the result page then names it, since a new account waits for a role.
 */
export function RegisterForm({
  create,
  submitText,
  onError,
  testId,
}: {
  create: (account: NewAccount) => Promise<unknown>;
  submitText: string;
  onError: (message: string | null) => void;
  testId?: string;
}) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function submit(values: Values) {
    setBusy(true);
    onError(null);
    try {
      const username = values.username.trim();
      await create({ username, password: values.password, phone: values.mobile.trim(), smscode: values.captcha.trim() });
      navigate(`/user/register-result?account=${encodeURIComponent(username)}`);
    } catch (e) {
      onError(e instanceof RequestFailure ? e.message : '注册失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form form={form} onFinish={submit} onValuesChange={() => onError(null)} data-testid={testId}>
      <Form.Item
        name="username"
        rules={[
          { required: true, message: '请输入用户名' },
          { pattern: /^[A-Za-z0-9_]{2,30}$/, message: '用户名只能由2到30位字母、数字或下划线组成' },
        ]}
      >
        <Input size="large" prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" />
      </Form.Item>
      <NewPassword placeholders={['密码', '确认密码']} />
      <PhoneAndCode mode="1" placeholder="11 位手机号" onError={onError} />
      <Button type="primary" htmlType="submit" size="large" block loading={busy} className="login-button">
        {submitText}
      </Button>
    </Form>
  );
}
