import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';

/** Public facts about the site for the login page (spec section 3, "Site info"). */
export function siteRoutes(app: FastifyInstance, { config }: AppContext) {
  app.get('/site/siteinfo', { config: { public: true } }, async () =>
    ok({
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
    }),
  );
}
