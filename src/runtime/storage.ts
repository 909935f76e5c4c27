/*
 * Client storage (spec section 3, "Client storage keys"): local storage entries carry the 'pro__'
 * prefix and an optional expiry, stored as {"value": …, "expire": ms|null} like vue-ls, so a token
 * kept for 7 days disappears by itself afterwards.
 */
export const PREFIX = 'pro__';

export const KEYS = {
  ACCESS_TOKEN: 'Access-Token',
  USER_NAME: 'Login_Username',
  USER_INFO: 'Login_Userinfo',
  TENANT_ID: 'TENANT_ID',
  DICT_CACHE: 'UI_CACHE_DB_DICT_DATA',
  SIDEBAR_TYPE: 'SIDEBAR_TYPE',
  DEFAULT_THEME: 'DEFAULT_THEME',
  DEFAULT_LAYOUT_MODE: 'DEFAULT_LAYOUT_MODE',
  DEFAULT_COLOR: 'DEFAULT_COLOR',
  DEFAULT_COLOR_WEAK: 'DEFAULT_COLOR_WEAK',
  DEFAULT_FIXED_HEADER: 'DEFAULT_FIXED_HEADER',
  DEFAULT_FIXED_HEADER_HIDDEN: 'DEFAULT_FIXED_HEADER_HIDDEN',
  DEFAULT_FIXED_SIDEMENU: 'DEFAULT_FIXED_SIDEMENU',
  DEFAULT_CONTENT_WIDTH_TYPE: 'DEFAULT_CONTENT_WIDTH_TYPE',
  DEFAULT_MULTI_PAGE: 'DEFAULT_MULTI_PAGE',
  ENCRYPTED_STRING: 'ENCRYPTED_STRING',
} as const;

/** Session-storage keys (no prefix): button permissions of the user and of the whole system. */
export const SESSION_KEYS = {
  USER_AUTH: 'LOGIN_USER_BUTTON_AUTH',
  SYS_BUTTON_AUTH: 'SYS_BUTTON_AUTH',
} as const;

export const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

interface Entry<T> {
  value: T;
  expire: number | null;
}

export function createStorage(backend: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, now: () => number = Date.now) {
  return {
    set<T>(key: string, value: T, ttlMs?: number) {
      const entry: Entry<T> = { value, expire: ttlMs ? now() + ttlMs : null };
      backend.setItem(PREFIX + key, JSON.stringify(entry));
    },
    get<T>(key: string, fallback: T | null = null): T | null {
      const raw = backend.getItem(PREFIX + key);
      if (raw === null) return fallback;
      try {
        const entry = JSON.parse(raw) as Entry<T>;
        if (entry.expire !== null && entry.expire <= now()) {
          backend.removeItem(PREFIX + key);
          return fallback;
        }
        return entry.value;
      } catch {
        return fallback;
      }
    },
    remove(key: string) {
      backend.removeItem(PREFIX + key);
    },
  };
}

const memory = new Map<string, string>();
const memoryBackend = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
  removeItem: (k: string) => void memory.delete(k),
};

export const local = createStorage(typeof localStorage === 'undefined' ? memoryBackend : localStorage);

export function sessionGet<T>(key: string, fallback: T): T {
  if (typeof sessionStorage === 'undefined') return fallback;
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function sessionSet(key: string, value: unknown) {
  if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(key, JSON.stringify(value));
}

export function sessionRemove(key: string) {
  if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(key);
}
