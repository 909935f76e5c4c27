import { LockOutlined, LoginOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { type FormEvent, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginResult, SiteInfo } from '../../core/api-types.ts';
import { HOME_PATH, runtimeConfig } from '../../runtime/config.ts';
import { lazyInAntd } from '../../runtime/layout/antd-lazy.tsx';
import { prefetchAntdSheets } from '../../runtime/layout/antd-sheets.ts';
import { casLoginUrl, casServer } from '../../runtime/session/cas.ts';
import { announceWelcome, login } from '../../runtime/session/store.ts';
import { thirdLoginUrl, thirdProviders } from '../../runtime/session/third-login.ts';
import { local, SEVEN_DAYS_MS } from '../../runtime/storage.ts';
import { RequestFailure, userPagesApi } from './api.ts';
import { Button } from './login-kit/Button.tsx';
import { Checkbox } from './login-kit/Checkbox.tsx';
import { ErrorNotice } from './login-kit/ErrorNotice.tsx';
import { Field } from './login-kit/Field.tsx';

/** Loaded when the phone tab is chosen, with antd's configuration: the password form stays the login route's only weight. */
const PhoneLoginForm = lazyInAntd(() => import('./PhoneLoginForm.tsx'));

const REMEMBERED = 'Remembered_Username';

/** A new key for each captcha image, as JeecgBoot's client makes one (time and a random part). */
const newCheckKey = () => `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;

/** The captcha's code input and its image; clicking the image draws a new one. */
function CaptchaField({
  value,
  missing,
  checkKey,
  onChange,
  onRefresh,
}: {
  value: string;
  missing?: boolean;
  checkKey: string;
  onChange: (v: string) => void;
  onRefresh: () => void;
}) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    userPagesApi.captchaImage(checkKey).then(setImage, () => setImage(null));
  }, [checkKey]);
  return (
    <div className="login-captcha">
      <Field icon={<SafetyOutlined />} placeholder="请输入验证码" autoComplete="off" value={value} missing={missing} onChange={onChange} />
      <img className="login-captcha-image" data-testid="captcha-image" src={image ?? undefined} alt="验证码" title="看不清？点击换一张" onClick={onRefresh} />
    </div>
  );
}

/*
 * The login page (spec section 2, /user/login). It is the first thing every user loads, so its form is the
 * login kit's plain elements styled like antd's (./login-kit/, issue 21), checking its fields itself; the
 * phone tab loads with the first click on it, the other pages of the login area when opened.
 */
export default function Login() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const remembered = local.get<string>(REMEMBERED) ?? '';
  const [username, setUsername] = useState(remembered);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(!!remembered);
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean; captcha?: boolean }>({});
  const [captcha, setCaptcha] = useState('');
  const [checkKey, setCheckKey] = useState(newCheckKey);
  // A sign-in that failed before this page opened (统一身份认证) leaves its message in the navigation state.
  const [error, setError] = useState<string | null>((useLocation().state as { error?: string } | null)?.error ?? null);
  const [busy, setBusy] = useState(false);
  const [site, setSite] = useState<SiteInfo | null>(runtimeConfig().siteInfo ?? null);
  const [tab, setTab] = useState<'account' | 'phone'>('account');
  const cas = casServer();
  // 第三方登录: one button per OAuth provider of the server, when site info allows it.
  const providers = site?.allowThirdLogin ? thirdProviders() : [];

  useEffect(() => {
    userPagesApi.siteInfo().then(setSite, () => setSite(null));
    // What the signed-in shell is styled with arrives in the cache while the user types (a prefetch, not applied).
    prefetchAntdSheets();
  }, []);

  function signedIn(result: LoginResult) {
    announceWelcome(result.userInfo.realname);
    navigate(params.get('redirect') || HOME_PATH, { replace: true });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = username.trim();
    const blank = { username: !name, password: !password, captcha: !!site?.captcha && !captcha.trim() };
    setMissing(blank);
    if (blank.username || blank.password || blank.captcha) return;
    setBusy(true);
    setError(null);
    try {
      const result = await login(name, password, site?.captcha ? { captcha: captcha.trim(), checkKey } : undefined);
      if (remember) local.set(REMEMBERED, name, SEVEN_DAYS_MS);
      else local.remove(REMEMBERED);
      signedIn(result);
    } catch (e) {
      setError(e instanceof RequestFailure ? e.message : '登录失败，请稍后再试');
      // A code is good for one try: draw a new one.
      if (site?.captcha) {
        setCaptcha('');
        setCheckKey(newCheckKey());
      }
    } finally {
      setBusy(false);
    }
  }

  const guest = (site?.allowGuest || site?.allowRegister || site?.allowPhoneLogin) && (
    <div className="login-other">
      {site?.allowPhoneLogin && <Link to="/user/alteration">忘记密码</Link>}
      {site?.allowRegister && <Link to="/user/register">注册账户</Link>}
      {site?.allowGuest && <Link to={HOME_PATH}>以访客身份浏览</Link>}
    </div>
  );
  const titles = site?.allowPhoneLogin ? (
    <div className="login-tabs" role="tablist">
      {(['account', 'phone'] as const).map((key) => (
        <a key={key} role="tab" aria-selected={tab === key} className={`login-tab-title${tab === key ? '' : ' login-tab-idle'}`} onClick={() => setTab(key)}>
          {key === 'account' ? '账号密码登录' : '手机号登录'}
        </a>
      ))}
    </div>
  ) : (
    <div className="login-tab-title">账号密码登录</div>
  );

  if (tab === 'phone') {
    return (
      <div className="login-main">
        {titles}
        <Suspense fallback={null}>
          <PhoneLoginForm onSignedIn={signedIn} />
        </Suspense>
        {guest}
      </div>
    );
  }

  return (
    <form className="login-main" name="login" onSubmit={submit} noValidate>
      {titles}
      {error && <ErrorNotice message={error} />}
      <Field
        icon={<UserOutlined />}
        placeholder="请输入用户名"
        autoComplete="username"
        value={username}
        missing={missing.username}
        onChange={(v) => {
          setUsername(v);
          setMissing((m) => ({ ...m, username: false }));
          setError(null);
        }}
      />
      <Field
        password
        icon={<LockOutlined />}
        placeholder="请输入密码"
        autoComplete="current-password"
        value={password}
        missing={missing.password}
        onChange={(v) => {
          setPassword(v);
          setMissing((m) => ({ ...m, password: false }));
          setError(null);
        }}
      />
      {site?.captcha && (
        <CaptchaField
          value={captcha}
          missing={missing.captcha}
          checkKey={checkKey}
          onChange={(v) => {
            setCaptcha(v);
            setMissing((m) => ({ ...m, captcha: false }));
            setError(null);
          }}
          onRefresh={() => setCheckKey(newCheckKey())}
        />
      )}
      <div className="login-remember">
        <Checkbox checked={remember} onChange={setRemember}>
          记住用户名
        </Checkbox>
      </div>
      <Button primary type="submit" large block loading={busy} className="login-button">
        登 录
      </Button>
      {cas && (
        <Button large block className="login-cas" onClick={() => window.location.assign(casLoginUrl(cas))}>
          统一身份认证登录
        </Button>
      )}
      {providers.length > 0 && (
        <div className="login-third" data-testid="third-login">
          <div className="login-third-title">第三方登录</div>
          <div className="login-third-buttons">
            {providers.map((p) => (
              <Button key={p.source} icon={<LoginOutlined />} onClick={() => window.location.assign(thirdLoginUrl(p.source))}>
                {p.name}
              </Button>
            ))}
          </div>
        </div>
      )}
      {guest}
    </form>
  );
}
