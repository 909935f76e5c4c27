import { Button, message } from 'antd';
import { useEffect, useState } from 'react';
import { sendSmsCode, type SmsMode } from '../../runtime/session/store.ts';
import { RequestFailure } from './api.ts';

export const PHONE = /^1[3-9]\d{9}$/;
const RESEND_SECONDS = 60;

/**
 * 获取验证码: asks the server to text a code for `mode` to the phone typed, then counts down a minute
 * before another may be asked. A malformed phone or the server's refusal goes to `onError`.
 */
export function SmsCodeButton({ phone, mode, onError }: { phone: string; mode: SmsMode; onError: (message: string | null) => void }) {
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function send() {
    const mobile = phone.trim();
    if (!PHONE.test(mobile)) return onError(mobile ? '手机号码格式不正确' : '请输入手机号');
    onError(null);
    setBusy(true);
    try {
      message.success(await sendSmsCode(mobile, mode));
      setWait(RESEND_SECONDS);
    } catch (e) {
      onError(e instanceof RequestFailure ? e.message : '验证码发送失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button size="large" className="login-sms-button" disabled={wait > 0} loading={busy} onClick={send}>
      {wait > 0 ? `${wait} s` : '获取验证码'}
    </Button>
  );
}
