import { lockedMessage } from '../auth/lockout.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { demandActive } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import type { SysUser } from '../db/schema.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { recordLogin } from './logs.ts';
import { departsOf, userInfoOf } from './users.ts';

export const WRONG_CREDENTIALS = '用户名或密码错误';

/** What every sign-in shares (password, phone, CAS, third-party): the password check with its lockout, and the answer. */
export function signIns(ctx: AppContext) {
  const { db, lockout, tokens, sessions, dictionaries } = ctx;
  // An unknown username is checked against this hash too, so the answer takes as long as for a real
  // account with a wrong password: the timing must not tell which usernames exist.
  let dummyHash: Promise<string> | undefined;

  /** Refuses, with the lockout's message, a username locked by wrong passwords (whichever way it now signs in). */
  async function demandUnlocked(username: string): Promise<void> {
    const lockedMs = await lockout.lockedFor(username);
    if (lockedMs > 0) throw new ApiError(423, lockedMessage(lockedMs));
  }

  return {
    /**
     * The active account `username` names when `password` is its own; otherwise the lockout's or the wrong
     * password's message, the failure counted toward the lock.
     */
    async passwordUser(username: string, password: string, ip: string): Promise<SysUser> {
      await demandUnlocked(username);
      const user = await db.selectFrom('sys_user').selectAll().where('username', '=', username).where('del_flag', '=', 0).executeTakeFirst();
      const hash = user?.password ?? (await (dummyHash ??= hashPassword('no-such-user')));
      const valid = (await verifyPassword(password, hash)) && !!user;
      if (!user || !valid) {
        const left = await lockout.recordFailure(username, ip);
        if (left === 0) throw new ApiError(423, lockedMessage(15 * 60_000));
        throw new ApiError(401, `${WRONG_CREDENTIALS}，还可尝试${left}次`);
      }
      demandActive(user);
      await lockout.clear(username);
      return user;
    },

    demandUnlocked,

    /** What every successful sign-in answers: the token, the user and all dictionaries; `how` marks the login log's line. */
    async signIn(user: SysUser, request: { ip: string }, how = '') {
      const { token } = await tokens.sign(user);
      const departs = await departsOf(db, user.id);
      await recordLogin(db, {
        userId: user.id,
        username: user.username,
        ip: request.ip,
        content: `用户名: ${user.username},登录成功${how}！`,
        tenantId: user.tenant_id,
      });
      await sessions.pruneRevocations();
      return ok(
        {
          token,
          userInfo: await userInfoOf(db, user),
          sysAllDictItems: await dictionaries.allItems(),
          departs: departs.map((d) => ({ id: d.id, orgCode: d.org_code, departName: d.depart_name })),
          // 0 no department, 1 exactly one, 2 several (the client then asks which one).
          multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
        },
        '登录成功',
      );
    },
  };
}
