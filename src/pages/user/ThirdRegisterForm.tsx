import { userPagesApi } from './api.ts';
import { RegisterForm } from './RegisterForm.tsx';

/*
 * 绑定账号's 新账号 tab, where registration is open: the fields of 注册, then POST /sys/thirdLogin/user/create
 * registers the account and binds the third-party one to it. Like any registered account it waits for an
 * administrator to grant a role, so the result page follows, as after 注册.
 */
export default function ThirdRegisterForm({ ticket, onError }: { ticket: string; onError: (message: string | null) => void }) {
  return (
    <RegisterForm
      create={(account) => userPagesApi.createThirdAccount({ ticket, ...account })}
      submitText="注册并绑定"
      onError={onError}
      testId="third-register"
    />
  );
}
