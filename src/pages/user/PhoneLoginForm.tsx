import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { type FormEvent, useState } from 'react';
import type { LoginResult } from '../../core/api-types.ts';
import { RequestFailure } from './api.ts';
import { phoneLogin } from '../../runtime/session/store.ts';
import { Button } from './login-kit/Button.tsx';
import { ErrorNotice } from './login-kit/ErrorNotice.tsx';
import { Field } from './login-kit/Field.tsx';
import { SmsCodeButton } from './SmsCodeButton.tsx';

/*
 * 手机号登录 (JeecgBoot's phone tab): 获取验证码 asks /sys/sms for a code (then counts down a minute before
 * it may ask again), 登 录 signs in with /sys/phoneLogin. The server checks everything again.
 */
export default function PhoneLoginForm({ onSignedIn }: { onSignedIn: (result: LoginResult) => void }) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<{ mobile?: boolean; code?: boolean }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const blank = { mobile: !mobile.trim(), code: !code.trim() };
    setMissing(blank);
    if (blank.mobile || blank.code) return;
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await phoneLogin(mobile.trim(), code.trim()));
    } catch (e) {
      setError(e instanceof RequestFailure ? e.message : '登录失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }

  const edit = (set: (v: string) => void, key: 'mobile' | 'code') => (v: string) => {
    set(v);
    setMissing((m) => ({ ...m, [key]: false }));
    setError(null);
  };

  return (
    <form name="phone-login" onSubmit={submit} noValidate data-testid="phone-login">
      {error && <ErrorNotice message={error} />}
      <Field
        icon={<MobileOutlined />}
        placeholder="请输入手机号"
        autoComplete="tel"
        value={mobile}
        missing={missing.mobile}
        onChange={edit(setMobile, 'mobile')}
      />
      <div className="login-captcha">
        <Field
          icon={<SafetyOutlined />}
          placeholder="请输入验证码"
          autoComplete="one-time-code"
          value={code}
          missing={missing.code}
          onChange={edit(setCode, 'code')}
        />
        <SmsCodeButton phone={mobile} mode="0" onError={setError} />
      </div>
      <Button primary type="submit" large block loading={busy} className="login-button">
        登 录
      </Button>
    </form>
  );
}
