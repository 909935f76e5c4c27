import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { loginInfo, visitInfo } from '../services/loginfo.ts';

/** Any signed-in user (the guest too) sees these figures on the home page, as in JeecgBoot. */
export function loginfoRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/sys/loginfo', async () => ok(await loginInfo(db), '登录成功'));
  app.get('/sys/visitInfo', async () => ok(await visitInfo(db)));
}
