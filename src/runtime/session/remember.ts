import type { DictOption, LoginResult, UserInfo } from '../../core/api-types.ts';
import { type createStorage, KEYS, SEVEN_DAYS_MS } from '../storage.ts';

/**
 * The tenant the client names in its tenant_id header: the user's own tenant when it is one of theirs,
 * else their first, else 0. The server checks it against the user's tenants and stamps it on new rows.
 */
export function currentTenantOf(userInfo: Pick<UserInfo, 'tenantId' | 'relTenantIds'>): number {
  const mine = String(userInfo.relTenantIds ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number);
  if (mine.includes(Number(userInfo.tenantId))) return Number(userInfo.tenantId);
  return mine[0] ?? 0;
}

/**
 * What a sign-in leaves in local storage (spec section 3's keys), for 7 days: the token, the tenant,
 * the user and the dictionaries. Kept free of the session store so the end-to-end tests can leave the
 * same entries after signing in through the API.
 */
export function rememberSignIn(storage: ReturnType<typeof createStorage>, result: LoginResult) {
  storage.set(KEYS.ACCESS_TOKEN, result.token, SEVEN_DAYS_MS);
  storage.set(KEYS.TENANT_ID, currentTenantOf(result.userInfo), SEVEN_DAYS_MS);
  storage.set(KEYS.USER_NAME, result.userInfo.username, SEVEN_DAYS_MS);
  storage.set(KEYS.USER_INFO, result.userInfo, SEVEN_DAYS_MS);
  storage.set<Record<string, DictOption[]>>(KEYS.DICT_CACHE, result.sysAllDictItems, SEVEN_DAYS_MS);
}
