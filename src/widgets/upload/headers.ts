import { runtimeConfig } from '../../runtime/config.ts';
import { KEYS, local } from '../../runtime/storage.ts';

/** The token and tenant headers of spec section 7, for requests made outside the http client (antd Upload). */
export function authHeaders(): Record<string, string> {
  return { 'X-Access-Token': local.get<string>(KEYS.ACCESS_TOKEN) ?? '', tenant_id: String(local.get(KEYS.TENANT_ID) ?? 0) };
}

/**
 * The upload address: the designer may name another path on this server, but never another origin,
 * because the token header goes with the file.
 */
export function uploadAction(action?: string): string {
  return action && action.startsWith('/') && !action.startsWith('//') ? action : `${runtimeConfig().apiBase}/sys/common/upload`;
}

/** The extra form data: a JSON object string (only a hint in the designer), merged over biz 'temp' and isup 1. */
export function uploadData(data?: string): Record<string, unknown> {
  let extra: unknown;
  try {
    extra = data ? JSON.parse(data) : {};
  } catch {
    extra = {};
  }
  return { biz: 'temp', isup: 1, ...(extra && typeof extra === 'object' && !Array.isArray(extra) ? extra : {}) };
}
