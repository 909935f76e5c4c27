import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { intOf, paging } from '../http/paging.ts';
import { realtime } from '../realtime/index.ts';
import { registerOperation } from '../engine/write/operations.ts';
import { ANNOUNCEMENT_PERMS, AnnouncementWriter } from '../services/announcements-admin.ts';
import type { SysAnnouncement } from '../db/schema.ts';
import { AnnouncementReader, assertSelf, type ReadFilter, type Recipient, toView } from '../services/announcements.ts';
import { sendTemplate, TEMPLATE_DOC } from '../services/message-templates.ts';

/*
 * Announcements (spec section 7, "Announcements") and the socket that announces them. Reading is for
 * whoever an announcement was sent to. Writing is the schema screen schemas/system/announcement.json
 * (generic runtime); its row operations 发布 / 撤销 and the spec's doReleaseData / doReovkeData calls run
 * the same release and revoke, which send the real-time push. Every read is of the caller's tenants only
 * (their scoped reader's tenants): an announcement of another tenant reaches no one here, even one sent to
 * all users.
 */

/** The schema document whose list declares the release and revoke operations. */
const DOC = 'system/announcement';

const ID = /^[A-Za-z0-9_-]{1,32}$/;
const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
const body = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {});

function idOf(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw badRequest('请指定通告ID');
  if (!ID.test(value.trim())) throw badRequest('通告ID格式不正确');
  return value.trim();
}

function readFilter(value: unknown): ReadFilter {
  if (value === undefined || value === '') return 'all';
  if (value === '0' || value === 'unread') return 'unread';
  if (value === '1' || value === 'read') return 'read';
  throw badRequest('readFlag 只能是 0（未读）或 1（已读）');
}

export function announcementRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    const bus = await realtime(scope, ctx);
    const reader = new AnnouncementReader(ctx.db);
    const writer = new AnnouncementWriter(ctx.db, (target, message) => bus.publish(target, message));
    ctx.messages.attach((id, session) => writer.release(id, session.user));
    const demand = (request: FastifyRequest, code: string) => ctx.permissions.demand(sessionOf(request).user.id, code);
    const model = () => ctx.runtime.registry.get(DOC);
    /** The caller as a recipient: their id and the tenants their scoped reader sees. */
    const recipient = async (request: FastifyRequest): Promise<Recipient> => {
      const session = sessionOf(request);
      const scope = await (await ctx.runtime.reader(session)).scope(model());
      return { userId: session.user.id, tenants: scope?.tenants };
    };
    // The list's row buttons (permission, declaration and row scope are checked by the operation route).
    registerOperation(DOC, 'release', async ({ session, id }) => {
      await writer.release(id, session.user);
      return { message: '该系统通知发布成功' };
    });
    registerOperation(DOC, 'revoke', async ({ session, id }) => {
      await writer.revoke(id, session.user);
      return { message: '该系统通知撤销成功' };
    });
    // 消息模板's 发送 reaches people as a released announcement: the same send rows and push.
    registerOperation(TEMPLATE_DOC, 'send', (call) => sendTemplate({ ...call, release: (id) => writer.release(id, call.session.user) }));

    scope.get('/sys/annountCement/listByUser', async (request) => {
      const pageSize = intOf(query(request).pageSize, 5, 1, 50, 'pageSize');
      return ok(await reader.listByUser(await recipient(request), pageSize));
    });

    // JeecgBoot vue3's bell: unread counts by its notice types (system, flow, file, plan); ours are all system notices.
    scope.get('/sys/annountCement/getUnreadMessageCount', async (request) => {
      const count = await reader.unreadCount(await recipient(request));
      return ok({ systemCount: count, flowCount: 0, fileCount: 0, planCount: 0, count });
    });

    scope.get('/sys/annountCement/queryById', async (request) => {
      const id = idOf(query(request).id);
      const session = sessionOf(request);
      // Writers open drafts and other people's announcements to edit them (those the 系统通告 screen shows
      // them: its tenant and data rules); readers, and writers too, what they were sent.
      if (await ctx.permissions.allows(session.user.id, ANNOUNCEMENT_PERMS.edit)) {
        const row = await (await (await ctx.runtime.reader(session)).scoped(model())).selectAll().where('id', '=', id).executeTakeFirst();
        if (row) return ok(toView(row as SysAnnouncement));
      }
      return ok(await reader.sentOne(await recipient(request), id));
    });

    scope.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', async (request) => {
      const { user } = sessionOf(request);
      const b = { ...query(request), ...body(request) };
      assertSelf(user.id, b.userId);
      await reader.markRead(await recipient(request), idOf(b.anntId));
      return ok(null, '操作成功');
    });

    scope.put('/sys/sysAnnouncementSend/readAll', async (request) => {
      const n = await reader.markAllRead(await recipient(request));
      return ok(n, '全部已读');
    });

    scope.get('/sys/sysAnnouncementSend/getMyAnnouncementSend', async (request) => {
      const q = query(request);
      const category = q.msgCategory === '1' || q.msgCategory === '2' ? q.msgCategory : undefined;
      return ok(await reader.pageOf(await recipient(request), { ...paging(q), read: readFilter(q.readFlag), category }));
    });

    scope.get('/sys/annountCement/doReleaseData', async (request) => {
      await demand(request, ANNOUNCEMENT_PERMS.release);
      await ctx.runtime.access.demandInScope(sessionOf(request), model(), [idOf(query(request).id)]);
      await writer.release(idOf(query(request).id), sessionOf(request).user);
      return ok(null, '该系统通知发布成功');
    });

    scope.get('/sys/annountCement/doReovkeData', async (request) => {
      await demand(request, ANNOUNCEMENT_PERMS.revoke);
      await ctx.runtime.access.demandInScope(sessionOf(request), model(), [idOf(query(request).id)]);
      await writer.revoke(idOf(query(request).id), sessionOf(request).user);
      return ok(null, '该系统通知撤销成功');
    });
  });
}
