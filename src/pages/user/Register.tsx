import { UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../runtime/config.ts';
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
 * 注册 (spec section 2, /user/register; JeecgBoot's Register page): an account named, a password under the
 * system's rule typed twice, and a phone proven by a texted code (smsmode 1). POST /sys/user/register makes
 * it (the server checks everything again); the result page names the account.
 */
export default function Register() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: Values) {
    setBusy(true);
    setError(null);
    try {
      await userPagesApi.register({ username: values.username.trim(), password: values.password, phone: values.mobile.trim(), smscode: values.captcha.trim() });
      navigate(`/user/register-result?account=${encodeURIComponent(values.username.trim())}`);
    } catch (e) {
      setError(e instanceof RequestFailure ? e.message : '注册失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="login-main" data-testid="register">
      <div className="login-tab-title">注册</div>
      {error && <Alert type="error" showIcon message={error} className="login-error" data-testid="register-error" />}
      <Form form={form} onFinish={submit} onValuesChange={() => setError(null)}>
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
        <PhoneAndCode mode="1" placeholder="11 位手机号" onError={setError} />
        <Button type="primary" htmlType="submit" size="large" block loading={busy} className="login-button">
          注 册
        </Button>
      </Form>
      <div className="login-other">
        <Link to={LOGIN_PATH}>使用已有账户登录</Link>
      </div>
    </div>
  );
}
