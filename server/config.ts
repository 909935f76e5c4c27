import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { S3Settings } from './services/file-store.ts';

/** Everything the server reads from its environment, resolved once at start. */
export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** postgres://… when a real PostgreSQL server is used; undefined means embedded PGlite in dataDir. */
  databaseUrl?: string;
  /** Admin password for the first start; generated when unset. */
  adminPassword?: string;
  allowGuest: boolean;
  jwtSecret: Uint8Array;
  tokenLifetimeMs: number;
  /** Login attempts allowed per client address per minute. */
  loginRateLimit: number;
  apiBase: string;
  /** Built client (vite output); served when it exists. */
  clientDir: string;
  systemName: string;
  logLevel: string;
  /** Adds the x-db-round-trips header (statements and transaction control per request): the bench and tests read it. */
  countRoundTrips: boolean;
  /** Sign-in asks for the captcha of /sys/randomImage/{key} (CAPTCHA=true; off by default, as the spec's login). */
  captcha: boolean;
  /** The bearer token a Prometheus scraper sends to {API_BASE}/monitor/metrics; unset: the endpoint is closed. */
  metricsToken?: string;
  /** How often each process looks for due workflow timers (WORKFLOW_TIMER_MS; 0 turns the timers off). */
  workflowTimerMs: number;
  /** A statement taking at least this long is listed in 监控中心's 慢语句 (SLOW_STATEMENT_MS, default 200). */
  slowStatementMs: number;
  /** An online report's statement running longer is cancelled (REPORT_TIMEOUT_MS, default 30,000; on the embedded database its worker is stopped and reopened). */
  reportTimeoutMs: number;
  /** How often each process writes its figures to sys_monitor_process (MONITOR_HEARTBEAT_SECONDS, default 10). */
  heartbeatSeconds: number;
  /** redis://… whose INFO 监控中心 shows (REDIS_URL); unset: no Redis figures. The server keeps nothing in Redis. */
  redisUrl?: string;
  /** Where SMS codes go (SMS_PROVIDER): 'console' (server log and DATA_DIR/sms-outbox.log) or 'off' (no phone sign-in). */
  smsProvider: 'console' | 'off';
  /** Self-registration on the login page (ALLOW_REGISTER, on by default as spec section 9 says; it needs SMS). */
  allowRegister: boolean;
  /** A first start writes the demo records of every area (DEMO_DATA, on by default; false: accounts, menus and dictionaries only). */
  demoData: boolean;
  /** Uploads in an S3-compatible bucket (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PREFIX, S3_FORCE_PATH_STYLE); unset: DATA_DIR/upload. */
  s3?: S3Settings;
  /** CAS single sign-on (CAS_SERVER_URL, CAS_SERVICE_URL); unset: no 统一身份认证 (server/auth/cas.ts). */
  cas?: CasSettings;
  /** Third-party sign-in over OAuth 2.0 (OAUTH_PROVIDERS and OAUTH_<SOURCE>_…); empty: no 第三方登录 (server/auth/oauth.ts). */
  oauth: OAuthProvider[];
  /** This site's address as the OAuth providers send browsers back to it (OAUTH_SITE_URL); unset: the host the request came to. */
  oauthSiteUrl?: string;
}

/** One OAuth 2.0 authorization-code provider (JeecgBoot's `source`: the name in /sys/thirdLogin/render/{source}). */
export interface OAuthProvider {
  /** Lower case, as in the paths and sys_third_account.third_type: github, gitee, wechat_open… */
  source: string;
  /** What the login page's button says (OAUTH_<SOURCE>_NAME; the source when unset). */
  name: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** The scope asked for (OAUTH_<SOURCE>_SCOPE); unset: none. */
  scope?: string;
  /** The user-info field that names the account at the provider (OAUTH_<SOURCE>_ID_FIELD); unset: sub, id, uuid, openid, then unionid. */
  idField?: string;
}

export interface CasSettings {
  /** The CAS server's base address, e.g. https://sso.example.org/cas (login, serviceValidate and logout live under it). */
  serverUrl: string;
  /** The address this site gives CAS as its service; unset: any address on the host the request came to. */
  serviceUrl?: string;
}

export const TOKEN_LIFETIME_MS = 7 * 24 * 3600 * 1000;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

/** A number setting: unset, unreadable or out of range (below 0, or 0 when `zero` is not allowed) gives the default. */
function positive(value: string | undefined, fallback: number, zero = false): number {
  const n = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) && (n > 0 || (zero && n === 0)) ? n : fallback;
}

/** The JWT secret is made once per install and kept beside the data, so tokens survive restarts. */
function installSecret(dataDir: string, fromEnv?: string): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = resolve(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    host: env.HOST || '127.0.0.1',
    port: Number(env.PORT || 3000),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    allowGuest: flag(env.ALLOW_GUEST, true),
    jwtSecret: installSecret(dataDir, env.JWT_SECRET),
    tokenLifetimeMs: TOKEN_LIFETIME_MS,
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT || 60),
    apiBase: (env.API_BASE || '/hope-boot').replace(/\/$/, ''),
    clientDir: resolve(env.CLIENT_DIR || './dist'),
    systemName: env.SYSTEM_NAME || '希望工程后台管理系统',
    logLevel: env.LOG_LEVEL || 'warn',
    countRoundTrips: flag(env.COUNT_ROUND_TRIPS, false),
    captcha: flag(env.CAPTCHA, false),
    metricsToken: env.METRICS_TOKEN || undefined,
    workflowTimerMs: Number(env.WORKFLOW_TIMER_MS ?? 5000),
    slowStatementMs: positive(env.SLOW_STATEMENT_MS, 200, true),
    reportTimeoutMs: positive(env.REPORT_TIMEOUT_MS, 30_000),
    heartbeatSeconds: positive(env.MONITOR_HEARTBEAT_SECONDS, 10),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    smsProvider: env.SMS_PROVIDER === 'off' ? 'off' : 'console',
    allowRegister: flag(env.ALLOW_REGISTER, true) && env.SMS_PROVIDER !== 'off',
    demoData: flag(env.DEMO_DATA, true),
    s3: s3Settings(env),
    cas: casSettings(env),
    oauth: oauthProviders(env),
    oauthSiteUrl: env.OAUTH_SITE_URL?.trim().replace(/\/+$/, '') || undefined,
  };
}

const OAUTH_SOURCE = /^[a-z][a-z0-9_]{0,31}$/;
const OAUTH_REQUIRED = ['CLIENT_ID', 'CLIENT_SECRET', 'AUTHORIZE_URL', 'TOKEN_URL', 'USERINFO_URL'] as const;

/** OAUTH_PROVIDERS=github,gitee and, per source, OAUTH_GITHUB_CLIENT_ID and the rest; a provider named but incomplete stops the start. */
function oauthProviders(env: NodeJS.ProcessEnv): OAuthProvider[] {
  const sources = (env.OAUTH_PROVIDERS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(sources)].map((source) => {
    if (!OAUTH_SOURCE.test(source)) throw new Error(`OAUTH_PROVIDERS: "${source}" is not a source name (a-z, 0-9, _; 32 characters at most)`);
    const prefix = `OAUTH_${source.toUpperCase()}_`;
    const value = (key: string) => env[prefix + key]?.trim() || undefined;
    const missing = OAUTH_REQUIRED.filter((key) => !value(key));
    if (missing.length)
      throw new Error(`OAUTH_PROVIDERS names ${source}, but ${missing.map((k) => prefix + k).join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set`);
    for (const key of ['AUTHORIZE_URL', 'TOKEN_URL', 'USERINFO_URL']) {
      if (!/^https?:\/\//.test(value(key)!)) throw new Error(`${prefix}${key} must be an http(s) address`);
    }
    return {
      source,
      name: value('NAME') ?? source,
      clientId: value('CLIENT_ID')!,
      clientSecret: value('CLIENT_SECRET')!,
      authorizeUrl: value('AUTHORIZE_URL')!,
      tokenUrl: value('TOKEN_URL')!,
      userinfoUrl: value('USERINFO_URL')!,
      scope: value('SCOPE'),
      idField: value('ID_FIELD'),
    };
  });
}

function casSettings(env: NodeJS.ProcessEnv): CasSettings | undefined {
  const serverUrl = env.CAS_SERVER_URL?.trim().replace(/\/+$/, '');
  if (!serverUrl) return undefined;
  return { serverUrl, serviceUrl: env.CAS_SERVICE_URL?.trim() || undefined };
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    prefix: (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, ''),
    // MinIO, s3rver and most self-hosted stores want path-style addresses; AWS itself does not need them.
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, !!env.S3_ENDPOINT),
  };
}
