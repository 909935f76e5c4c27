import type { SiteInfo } from '../../src/core/api-types.ts';
import type { ServerConfig } from '../config.ts';

/**
 * Public facts about the site for the login page (spec section 3, "Site info"): all from configuration, so
 * runtime-config.js carries them too and the login page renders without asking GET /site/siteinfo.
 */
export function siteInfoOf(config: ServerConfig): SiteInfo {
  return {
    appName: config.systemName,
    appAbbr: '希望工程',
    appDesc: '希望工程公益项目后台管理系统——捐赠、项目、助学一站式管理',
    appLogo: '/logo.svg',
    helpPath: '',
    // Registration and phone sign-in follow ALLOW_REGISTER and SMS_PROVIDER; third-party sign-in is on once OAUTH_PROVIDERS names one.
    allowRegister: config.allowRegister,
    allowPhoneLogin: config.smsProvider !== 'off',
    allowThirdLogin: config.oauth.length > 0,
    isSetAppLogo: true,
    allowGuest: config.allowGuest,
    captcha: config.captcha,
  };
}
