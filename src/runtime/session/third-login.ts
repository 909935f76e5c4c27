import { runtimeConfig } from '../config.ts';

/*
 * Third-party sign-in in the browser (the server does the OAuth exchange: server/auth/oauth.ts). Each
 * provider's button on the login page sends the browser to the server's render/{source}, which sends it on to
 * the provider; the provider sends it back to the server's callback, which sends it to the client's
 * THIRD_LOGIN_PATH with a one-time login code, a binding ticket or an error key (pages/user/ThirdLogin.tsx).
 */

/** The providers the server has (OAUTH_PROVIDERS): the source in the paths and the name shown. */
export const thirdProviders = (): { source: string; name: string }[] => runtimeConfig().thirdLogin ?? [];

/** The provider's name as shown, by its source. */
export const thirdProviderName = (source: string | null) => thirdProviders().find((p) => p.source === source)?.name ?? '第三方';

/** Where a provider's button sends the browser: there and back in this page (mode=page), not JeecgBoot's popup. */
export const thirdLoginUrl = (source: string) => `${runtimeConfig().apiBase}/sys/thirdLogin/render/${encodeURIComponent(source)}?mode=page`;
