import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { PASSWORD_RULE, PASSWORD_RULE_MESSAGE } from '../../core/password-rule.ts';
import type { SmsMode } from '../../runtime/session/store.ts';
import { PHONE, SmsCodeButton } from './SmsCodeButton.tsx';

/*
 * The fields registration and recovery share, inside an antd Form: a phone with its texted code
 * (`mobile`, `captcha`), and a new password typed twice (`password`, `confirm`) under the system's rule.
 */

export function PhoneAndCode({ mode, placeholder, onError }: { mode: SmsMode; placeholder: string; onError: (message: string | null) => void }) {
  const mobile = Form.useWatch('mobile', Form.useFormInstance()) ?? '';
  return (
    <>
      <Form.Item
        name="mobile"
        rules={[
          { required: true, message: '请输入手机号' },
          { pattern: PHONE, message: '手机号码格式不正确' },
        ]}
      >
        <Input size="large" prefix={<MobileOutlined />} placeholder={placeholder} autoComplete="tel" />
      </Form.Item>
      <div className="login-captcha">
        <Form.Item name="captcha" className="login-field" rules={[{ required: true, message: '请输入验证码' }]}>
          <Input size="large" prefix={<SafetyOutlined />} placeholder="验证码" autoComplete="one-time-code" />
        </Form.Item>
        <SmsCodeButton phone={mobile} mode={mode} onError={onError} />
      </div>
    </>
  );
}

export function NewPassword({ placeholders: [first, again] }: { placeholders: [string, string] }) {
  return (
    <>
      <Form.Item
        name="password"
        rules={[
          { required: true, message: `请输入${first}` },
          { pattern: PASSWORD_RULE, message: PASSWORD_RULE_MESSAGE },
        ]}
      >
        <Input.Password size="large" prefix={<LockOutlined />} placeholder={first} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: `请输入${again}` },
          ({ getFieldValue }) => ({
            validator: (_, v) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一样！'))),
          }),
        ]}
      >
        <Input.Password size="large" prefix={<LockOutlined />} placeholder={again} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
