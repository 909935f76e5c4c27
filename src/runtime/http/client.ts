import ky, { HTTPError, TimeoutError } from 'ky';
import { type Envelope, NO_AUTH_CODE } from '../../core/api-types.ts';
import { runtimeConfig } from '../config.ts';
import { KEYS, local } from '../storage.ts';

/*
 * The shared client of spec section 7: base path from the runtime config, 600000 ms timeout, the
 * X-Access-Token and tenant_id headers on every call, _t (seconds) on GETs except dictionary item
 * lookups, and the body unwrapped to its envelope. Failures go through the error catalogue unless
 * the caller says it shows them itself (silent), and are always passed on.
 */
export const REQUEST_TIMEOUT_MS = 600000;

export interface RequestOptions {
  params?: Record<string, unknown>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** The caller shows the failure itself; the catalogue stays quiet. */
  silent?: boolean;
  /** A list read (records, sub-table, dictionary list): a no-auth refusal (code 510) is a warning, as spec section 8 says. */
  warnNoAuth?: boolean;
}

export class RequestFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly envelope?: Envelope,
  ) {
    super(message);
  }
}

let logoutHandler: () => Promise<unknown> = async () => undefined;

/** The session module tells the client how to log out on a 401 (kept out of here to avoid a cycle). */
export function onUnauthorized(logout: () => Promise<unknown>) {
  logoutHandler = logout;
}

const currentRoute = () => (typeof location === 'undefined' ? '/' : location.hash.replace(/^#/, '').split('?')[0] || '/');

export function withTimestamp(path: string, method: string, params: Record<string, unknown> = {}): Record<string, unknown> {
  if (method !== 'GET' || path.includes('sys/dict/getDictItems')) return params;
  return { ...params, _t: Math.floor(Date.now() / 1000) };
}

function searchParams(params: Record<string, unknown>): URLSearchParams {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) sp.append(k, String(v));
  return sp;
}

async function envelopeOf(error: HTTPError): Promise<Envelope | undefined> {
  try {
    return (await error.response.clone().json()) as Envelope;
  } catch {
    return undefined;
  }
}

/** A list read's no-auth refusal (code 510) is shown as a warning with the server's words (spec section 8); anything else by its status. */
export const showsAsWarning = (failure: RequestFailure, options: Pick<RequestOptions, 'warnNoAuth'>) =>
  !!options.warnNoAuth && failure.envelope?.code === NO_AUTH_CODE;

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const token = local.get<string>(KEYS.ACCESS_TOKEN);
  const tenant = local.get<string | number>(KEYS.TENANT_ID);
  const headers: Record<string, string> = { 'X-Access-Token': token ?? '', tenant_id: String(tenant ?? 0), ...options.headers };
  const url = `${runtimeConfig().apiBase}/${path.replace(/^\/+/, '')}`;
  try {
    return await ky(url, {
      method,
      headers,
      searchParams: searchParams(withTimestamp(path, method, options.params)),
      json: options.json,
      body: options.body,
      timeout: REQUEST_TIMEOUT_MS,
      retry: 0,
    }).json<Envelope<T>>();
  } catch (error) {
    let failure: RequestFailure;
    if (error instanceof HTTPError) {
      const envelope = await envelopeOf(error);
      failure = new RequestFailure(error.response.status, envelope?.message ?? error.message, envelope);
    } else if (error instanceof TimeoutError) {
      failure = new RequestFailure(504, '网络超时');
    } else {
      failure = new RequestFailure(0, '网络连接失败，请检查网络');
    }
    if (!options.silent) {
      // Loaded on the first failure only: the notification and modal code stays off the login route.
      const context = { hasToken: !!token, route: currentRoute(), logout: logoutHandler, reload: () => location.reload() };
      void import('./error-catalogue.ts').then(({ showHttpError, showWarning }) =>
        showsAsWarning(failure, options) ? showWarning(failure.message) : showHttpError(failure.status, failure.message, context),
      );
    }
    throw failure;
  }
}

export const http = {
  get: <T>(path: string, params?: Record<string, unknown>, opts: Omit<RequestOptions, 'params'> = {}) => request<T>('GET', path, { ...opts, params }),
  post: <T>(path: string, json?: unknown, opts: Omit<RequestOptions, 'json'> = {}) => request<T>('POST', path, { ...opts, json }),
  put: <T>(path: string, json?: unknown, opts: Omit<RequestOptions, 'json'> = {}) => request<T>('PUT', path, { ...opts, json }),
  delete: <T>(path: string, params?: Record<string, unknown>, opts: Omit<RequestOptions, 'params'> = {}) => request<T>('DELETE', path, { ...opts, params }),
};
