import { Alert, Button, Form, Result, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../runtime/config.ts';
import { RequestFailure, userPagesApi } from './api.ts';
import { NewPassword, PhoneAndCode } from './AccountFields.tsx';

interface Proven {
  phone: string;
  username: string;
  smscode: string;
}

/*
 * 找回密码 (spec section 2, /user/alteration; JeecgBoot's Alteration steps): 手机验证 — a code texted for
 * recovery (smsmode 2) proves the phone and names its account (/sys/user/phoneVerification); 更改密码 — the
 * new password twice (/sys/user/passwordChange, which uses the code up and ends the account's sessions);
 * 完成 — back to the login page.
 */
export default function Alteration() {
  const [step, setStep] = useState(0);
  const [proven, setProven] = useState<Proven | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [phoneForm] = Form.useForm<{ mobile: string; captcha: string }>();
  const navigate = useNavigate();

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(e instanceof RequestFailure ? e.message : '操作失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }

  const verify = ({ mobile: phone, captcha }: { mobile: string; captcha: string }) =>
    run(async () => {
      const { username } = await userPagesApi.verifyPhone(phone.trim(), captcha.trim());
      setProven({ phone: phone.trim(), username, smscode: captcha.trim() });
      setStep(1);
    });

  const change = ({ password }: { password: string }) =>
    run(async () => {
      await userPagesApi.changeForgottenPassword({ ...proven!, password });
      setStep(2);
    });

  return (
    <div className="login-main alteration" data-testid="alteration">
      <Steps size="small" current={step} items={[{ title: '手机验证' }, { title: '更改密码' }, { title: '完成' }]} className="alteration-steps" />
      {error && <Alert type="error" showIcon message={error} className="login-error" data-testid="alteration-error" />}
      {step === 0 && (
        <Form form={phoneForm} onFinish={verify} onValuesChange={() => setError(null)}>
          <PhoneAndCode mode="2" placeholder="账户绑定的手机号" onError={setError} />
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            下一步
          </Button>
        </Form>
      )}
      {step === 1 && proven && (
        <Form onFinish={change} onValuesChange={() => setError(null)}>
          <div className="alteration-account">
            账户：<strong>{proven.username}</strong>
          </div>
          <NewPassword placeholders={['新密码', '确认新密码']} />
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            提 交
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Result
          status="success"
          title="密码已重置"
          subTitle={`账户 ${proven?.username ?? ''} 的其他登录已失效，请用新密码登录。`}
          extra={
            <Button type="primary" onClick={() => navigate(LOGIN_PATH)}>
              返回登录
            </Button>
          }
        />
      )}
      <div className="login-other">
        <Link to={LOGIN_PATH}>返回登录</Link>
      </div>
    </div>
  );
}
