import type { SiteInfo } from '../core/api-types.ts';

/** Runtime configuration written by the server into /runtime-config.js (never baked into the bundle). */
export interface RuntimeConfig {
  apiBase: string;
  staticDomainURL: string;
  wsPath: string;
  systemName: string;
  /** The CAS server of 统一身份认证, when the server has one (CAS_SERVER_URL). */
  casServerUrl?: string;
  /** The OAuth providers of 第三方登录, when the server has any (OAUTH_PROVIDERS): the source in the paths and the name shown. */
  thirdLogin?: { source: string; name: string }[];
  /** What the login page offers (the answer of GET /site/siteinfo), written in so the page need not ask. */
  siteInfo?: SiteInfo;
}

declare global {
  interface Window {
    _CONFIG?: Partial<RuntimeConfig>;
  }
}

const DEFAULTS: RuntimeConfig = {
  apiBase: '/hope-boot',
  staticDomainURL: '/hope-boot/sys/common/static',
  wsPath: '/hope-boot/websocket',
  systemName: '希望工程后台管理系统',
};

export function runtimeConfig(): RuntimeConfig {
  const fromServer = typeof window === 'undefined' ? {} : (window._CONFIG ?? {});
  return { ...DEFAULTS, ...fromServer };
}

/** The route users land on after sign-in and that '/' redirects to. */
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';
