import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LOGIN_PATH } from '../../runtime/config.ts';

/** 注册结果 (spec section 2, /user/register-result): the new account named, and the way to sign in with it. */
export default function RegisterResult() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <div className="login-main login-result" data-testid="register-result">
      <Result
        status="success"
        title={`你的账户：${params.get('account') ?? ''} 注册成功`}
        subTitle="管理员为账户分配角色后，即可使用相应的功能。"
        extra={
          <Button type="primary" size="large" onClick={() => navigate(LOGIN_PATH)}>
            使用该账户登录
          </Button>
        }
      />
    </div>
  );
}
