import { Alert } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LOGIN_PATH } from '../../runtime/config.ts';
import { userPagesApi } from './api.ts';
import { RegisterForm } from './RegisterForm.tsx';

/*
 * 注册 (spec section 2, /user/register; JeecgBoot's Register page): the fields of registering (RegisterForm.tsx);
 * POST /sys/user/register makes the account and the result page names it.
 */
export default function Register() {
  const [error, setError] = useState<string | null>(null);

  return (
    <div className="login-main" data-testid="register">
      <div className="login-tab-title">注册</div>
      {error && <Alert type="error" showIcon message={error} className="login-error" data-testid="register-error" />}
      <RegisterForm create={(account) => userPagesApi.register(account)} submitText="注 册" onError={setError} />
      <div className="login-other">
        <Link to={LOGIN_PATH}>使用已有账户登录</Link>
      </div>
    </div>
  );
}
