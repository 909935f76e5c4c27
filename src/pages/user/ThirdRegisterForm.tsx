import { UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RequestFailure, userPagesApi } from './api.ts';
import { NewPassword, PhoneAndCode } from './AccountFields.tsx';

interface Values {
  username: string;
  password: string;
  confirm: string;
  mobile: string;
  captcha: string;
}

/*
 * 绑定账号's 新账号 tab, where registration is open: the fields of 注册 (an account name, a password typed
 * twice, a phone proven by a code texted for registration), then POST /sys/thirdLogin/user/create registers the
 * account and binds the third-party one to it. Like any registered account it waits for an administrator to
 * grant a role, so the result page follows, as after 注册.
 */
export default function ThirdRegisterForm({ ticket, onError }: { ticket: string; onError: (message: string | null) => void }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function submit(values: Values) {
    setBusy(true);
    onError(null);
    try {
      const username = values.username.trim();
      await userPagesApi.createThirdAccount({ ticket, username, password: values.password, phone: values.mobile.trim(), smscode: values.captcha.trim() });
      navigate(`/user/register-result?account=${encodeURIComponent(username)}`);
    } catch (e) {
      onError(e instanceof RequestFailure ? e.message : '注册失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form form={form} onFinish={submit} onValuesChange={() => onError(null)} data-testid="third-register">
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
        注册并绑定
      </Button>
    </Form>
  );
}
