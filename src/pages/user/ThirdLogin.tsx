import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isThirdLoginError, THIRD_LOGIN_ERRORS } from '../../core/third-login.ts';
import { HOME_PATH, LOGIN_PATH } from '../../runtime/config.ts';
import { announceWelcome, bindThirdAccount, thirdLogin } from '../../runtime/session/store.ts';
import { thirdProviderName } from '../../runtime/session/third-login.ts';
import { PageLoading } from '../../runtime/session/PageLoading.tsx';
import { RequestFailure, userPagesApi } from './api.ts';
import { Button } from './login-kit/Button.tsx';
import { ErrorNotice } from './login-kit/ErrorNotice.tsx';
import { Field } from './login-kit/Field.tsx';
import { SmsCodeButton } from './SmsCodeButton.tsx';

/** 新账号 uses antd's Form (as 注册 does): loaded only when that tab is chosen. */
const ThirdRegisterForm = lazy(() => import('./ThirdRegisterForm.tsx'));

type Tab = 'account' | 'phone' | 'register';
const TAB_TITLES: Record<Tab, string> = { account: '已有账号', phone: '手机号', register: '新账号' };

/*
 * Where third-party sign-in comes back to (/user/third-login, from the server's callback): with a login code
 * the account signs in and goes home; with an error key, back to the login page with its message; with a
 * binding ticket — an account at the provider not bound yet — 绑定账号: to an existing account by its username
 * and password (已有账号), or by its phone and a code texted to it (手机号); the binding answers a login code.
 * Where registration is open, 新账号 registers an account for it (ThirdRegisterForm.tsx).
 */
export default function ThirdLogin() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const ticket = params.get('ticket');
  const type = params.get('type') ?? '';
  const errorKey = params.get('error');
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  async function signInWith(loginCode: string) {
    const result = await thirdLogin(loginCode, type);
    announceWelcome(result.userInfo.realname);
    navigate(HOME_PATH, { replace: true });
  }

  useEffect(() => {
    // Once per code: the effect runs twice in development, and a code is good for one try.
    if (started.current) return;
    started.current = true;
    const back = (message: string) => navigate(LOGIN_PATH, { replace: true, state: { error: message } });
    if (code) signInWith(code).catch((e: unknown) => back(e instanceof RequestFailure ? e.message : '第三方登录失败，请稍后再试'));
    else if (!ticket) back(isThirdLoginError(errorKey) ? THIRD_LOGIN_ERRORS[errorKey] : THIRD_LOGIN_ERRORS.state);
  });

  if (!ticket) return <PageLoading />;
  return <BindAccount ticket={ticket} provider={thirdProviderName(type)} error={error} setError={setError} onBound={signInWith} />;
}

function BindAccount({
  ticket,
  provider,
  error,
  setError,
  onBound,
}: {
  ticket: string;
  provider: string;
  error: string | null;
  setError: (message: string | null) => void;
  onBound: (loginCode: string) => Promise<void>;
}) {
  const [tab, setTab] = useState<Tab>('account');
  const [tabs, setTabs] = useState<Tab[]>(['account', 'phone']);
  useEffect(() => {
    userPagesApi.siteInfo().then(
      (site) => site?.allowRegister && setTabs(['account', 'phone', 'register']),
      () => undefined,
    );
  }, []);
  const [values, setValues] = useState({ username: '', password: '', mobile: '', captcha: '' });
  const [missing, setMissing] = useState<Partial<Record<keyof typeof values, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const fields: (keyof typeof values)[] = tab === 'account' ? ['username', 'password'] : tab === 'phone' ? ['mobile', 'captcha'] : [];

  const edit = (key: keyof typeof values) => (v: string) => {
    setValues((old) => ({ ...old, [key]: v }));
    setMissing((m) => ({ ...m, [key]: false }));
    setError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const blank = Object.fromEntries(fields.map((f) => [f, !values[f].trim()]));
    setMissing(blank);
    if (fields.some((f) => blank[f])) return;
    setBusy(true);
    setError(null);
    try {
      const how =
        tab === 'account' ? { username: values.username.trim(), password: values.password } : { mobile: values.mobile.trim(), captcha: values.captcha.trim() };
      await onBound(await bindThirdAccount(ticket, how));
    } catch (e) {
      setError(e instanceof RequestFailure ? e.message : '绑定失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="login-main" data-testid="third-bind">
      <div className="login-tab-title">绑定账号</div>
      <p className="third-bind-hint">
        您的{provider}账号尚未绑定本系统账号，请绑定已有账号{tabs.includes('register') ? '或注册新账号' : ''}，以后用{provider}即可直接登录。
      </p>
      <div className="login-tabs third-bind-tabs" role="tablist">
        {tabs.map((key) => (
          <a
            key={key}
            role="tab"
            aria-selected={tab === key}
            className={`login-tab-title${tab === key ? '' : ' login-tab-idle'}`}
            onClick={() => {
              setTab(key);
              setMissing({});
              setError(null);
            }}
          >
            {TAB_TITLES[key]}
          </a>
        ))}
      </div>
      {error && <ErrorNotice message={error} />}
      {tab === 'register' ? (
        <Suspense fallback={null}>
          <ThirdRegisterForm ticket={ticket} onError={setError} />
        </Suspense>
      ) : (
        <form name="third-bind" onSubmit={submit} noValidate>
          {tab === 'account' ? (
            <>
              <Field
                icon={<UserOutlined />}
                placeholder="请输入用户名"
                autoComplete="username"
                value={values.username}
                missing={missing.username}
                onChange={edit('username')}
              />
              <Field
                password
                icon={<LockOutlined />}
                placeholder="请输入密码"
                autoComplete="current-password"
                value={values.password}
                missing={missing.password}
                onChange={edit('password')}
              />
            </>
          ) : (
            <>
              <Field
                icon={<MobileOutlined />}
                placeholder="请输入手机号"
                autoComplete="tel"
                value={values.mobile}
                missing={missing.mobile}
                onChange={edit('mobile')}
              />
              <div className="login-captcha">
                <Field
                  icon={<SafetyOutlined />}
                  placeholder="请输入验证码"
                  autoComplete="one-time-code"
                  value={values.captcha}
                  missing={missing.captcha}
                  onChange={edit('captcha')}
                />
                <SmsCodeButton phone={values.mobile} mode="0" onError={setError} />
              </div>
            </>
          )}
          <Button primary type="submit" large block loading={busy} className="login-button">
            绑定并登录
          </Button>
        </form>
      )}
      <div className="login-other">
        <Link to={LOGIN_PATH}>返回登录</Link>
      </div>
    </div>
  );
}
