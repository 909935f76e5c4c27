import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, notification } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { SiteInfo } from '../../runtime/api-types.ts';
import { HOME_PATH } from '../../runtime/config.ts';
import { greeting } from '../../runtime/helpers/greeting.ts';
import { http, RequestFailure } from '../../runtime/http/client.ts';
import { login } from '../../runtime/session/store.ts';
import { local, SEVEN_DAYS_MS } from '../../runtime/storage.ts';

interface LoginForm {
  username: string;
  password: string;
  remember: boolean;
}

const REMEMBERED = 'Remembered_Username';

/** The login page (spec section 2, /user/login). */
export default function Login() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [site, setSite] = useState<SiteInfo | null>(null);
  const remembered = local.get<string>(REMEMBERED) ?? '';

  useEffect(() => {
    http.get<SiteInfo>('site/siteinfo', undefined, { silent: true }).then((r) => setSite(r.result), () => setSite(null));
  }, []);

  async function submit(values: LoginForm) {
    setBusy(true);
    setError(null);
    try {
      const result = await login(values.username.trim(), values.password);
      if (values.remember) local.set(REMEMBERED, values.username.trim(), SEVEN_DAYS_MS);
      else local.remove(REMEMBERED);
      notification.success({ message: '欢迎', description: `${greeting()}，欢迎回来，${result.userInfo.realname}`, duration: 3 });
      navigate(params.get('redirect') || HOME_PATH, { replace: true });
    } catch (e) {
      setError(e instanceof RequestFailure ? e.message : '登录失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="login-main">
      <div className="login-tab-title">账号密码登录</div>
      {error && <Alert type="error" showIcon message={error} className="login-error" data-testid="login-error" />}
      <Form<LoginForm> name="login" size="large" onFinish={submit} initialValues={{ username: remembered, remember: !!remembered }} onValuesChange={() => error && setError(null)}>
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
          <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="remember" valuePropName="checked" className="login-remember">
          <Checkbox>记住用户名</Checkbox>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} className="login-button">
            登 录
          </Button>
        </Form.Item>
      </Form>
      {site?.allowGuest && (
        <div className="login-other">
          <Link to={HOME_PATH}>以访客身份浏览</Link>
        </div>
      )}
    </div>
  );
}

