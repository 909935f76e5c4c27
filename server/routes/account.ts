import type { FastifyInstance } from 'fastify';
import { GUEST_USERNAME, sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, ok } from '../http/envelope.ts';
import { nowText } from '../lib/time.ts';
import { departsOf, userInfoOf } from '../services/users.ts';

/** An avatar is an image this server stored (biz/yyyyMMdd/random.png|jpg|gif, see routes/upload.ts) or nothing. */
const STORED_IMAGE = /^[a-z0-9_]{1,32}\/\d{8}\/[0-9a-f]{32}\.(png|jpg|gif)$/i;

/*
 * The account centre and settings: the signed-in user reads their profile and edits their own basic
 * information. Nothing here takes a user id: it is always the session's user.
 */

const PHONE = /^1[3-9]\d{9}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{1,60}$/;

type Body = Record<string, unknown>;

/** A field's new value: undefined when the body leaves it out (unchanged), null when it clears it. */
function text(body: Body, field: string, label: string, max: number): string | null | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string') throw badRequest(`${label}格式不正确`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw badRequest(`${label}长度不能超过${max}`);
  return trimmed || null;
}

/** The editable fields, checked; each message says what is wrong with which field. */
function profileInput(raw: unknown) {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('请求内容不能为空');
  const body = raw as Body;
  const realname = text(body, 'realname', '姓名', 50);
  if (!realname) throw badRequest('请输入姓名');
  const phone = text(body, 'phone', '手机号码', 20);
  if (phone && !PHONE.test(phone)) throw badRequest('请输入正确的手机号码');
  const email = text(body, 'email', '邮箱', 100);
  if (email && !EMAIL.test(email)) throw badRequest('请输入正确的邮箱地址');
  const avatar = text(body, 'avatar', '头像', 255);
  if (avatar && !STORED_IMAGE.test(avatar)) throw badRequest('头像必须是上传的图片');
  const sex = body.sex === undefined ? undefined : body.sex === null || body.sex === '' ? null : Number(body.sex);
  if (sex !== undefined && sex !== null && sex !== 1 && sex !== 2) throw badRequest('性别只能是 1（男）或 2（女）');
  return { realname, phone, email, avatar, sex };
}

export function accountRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/sys/user/login/setting/getUserData', async (request) => {
    const { user } = sessionOf(request);
    const [departs, roles] = await Promise.all([
      departsOf(db, user.id),
      db
        .selectFrom('sys_role as r')
        .innerJoin('sys_user_role as ur', 'ur.role_id', 'r.id')
        .select(['r.role_code', 'r.role_name'])
        .where('ur.user_id', '=', user.id)
        .orderBy('r.role_code')
        .execute(),
    ]);
    return ok({
      ...(await userInfoOf(db, user)),
      departNames: departs.map((d) => d.depart_name),
      roles: roles.map((r) => ({ roleCode: r.role_code, roleName: r.role_name })),
    });
  });

  app.put('/sys/user/login/setting/userEdit', async (request) => {
    const { user } = sessionOf(request);
    if (user.username === GUEST_USERNAME) throw forbidden('访客不能修改个人信息');
    const input = profileInput(request.body);
    if (input.phone) {
      const taken = await db
        .selectFrom('sys_user')
        .select('id')
        .where('phone', '=', input.phone)
        .where('id', '!=', user.id)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (taken) throw badRequest('该手机号已被其他用户使用');
    }
    const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const changes = { ...given, realname: input.realname, update_by: user.username, update_time: nowText() };
    await db.updateTable('sys_user').set(changes).where('id', '=', user.id).execute();
    return ok({ userInfo: await userInfoOf(db, { ...user, ...changes }) }, '修改成功');
  });
}
