import type { ActivityItem } from '../../../src/core/api-types.ts';
import { sql } from 'kysely';
import { GUEST_USERNAME, type Session } from '../../auth/session.ts';
import type { SchemaRuntime } from '../../engine/runtime.ts';
import { LOG_LOGIN, LOG_OPERATION } from '../logs.ts';

/*
 * 工作台's 最近动态: the signed-in user's own lines of the system log, newest first — their sign-ins and
 * sign-outs, and the changes they made to documents (新增/编辑/删除 … of a record, named by the document's
 * title and linked to its list when the user may open it). Read through the scoped reader of 系统日志 (its
 * tenant wall and data rules) and narrowed to the user's own lines, so nobody else's ever shows. The guest
 * account is shared by every anonymous visitor: its lines are other people's visits, so it gets none.
 */

const LOG = 'system/log';
const LIMIT = 10;
/** The document routes of server/routes/records.ts: {API}/:area/:entity/<action>. */
const DOCUMENT_ROUTE = '%/:area/:entity/%';
const ACTIONS: Record<string, string> = { add: '新增', edit: '编辑', delete: '删除', deleteBatch: '批量删除', transition: '变更状态', importExcel: '导入' };

interface LogLine {
  id: string;
  log_type: number;
  log_content: string | null;
  method: string | null;
  request_url: string | null;
  ip: string | null;
  create_time: unknown;
}

const timeText = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? '')).replace('T', ' ').slice(0, 19);

function loginText(content: string | null): string {
  if (content?.includes('退出')) return '退出登录';
  return content?.includes('登录成功') ? '登录成功' : (content ?? '登录');
}

async function operation(runtime: SchemaRuntime, session: Session, line: LogLine): Promise<Pick<ActivityItem, 'text' | 'path'>> {
  const action = /\/:area\/:entity\/(\w+)$/.exec(line.method ?? '')?.[1] ?? '';
  const [, area, entity] = /\/([\w-]+)\/([\w-]+)\/\w+$/.exec(line.request_url ?? '') ?? [];
  const model = area && entity ? runtime.find(area, entity) : undefined;
  const verb = ACTIONS[action] ?? '操作';
  if (!model) return { text: `${verb} ${area ?? ''}/${entity ?? ''}`, path: null };
  return { text: `${verb} ${model.title}`, path: (await runtime.access.canView(session, model)) ? `/${model.code}` : null };
}

/** The user's last sign-ins and document changes (a change that failed is left out). */
export async function recentActivity(runtime: SchemaRuntime, session: Session): Promise<ActivityItem[]> {
  const model = runtime.registry.find(LOG);
  if (!model || session.user.username === GUEST_USERNAME) return [];
  const lines: LogLine[] = await (
    await (await runtime.reader(session)).scoped(model)
  )
    .select(['id', 'log_type', 'log_content', 'method', 'request_url', 'ip', 'create_time'])
    .where('userid', '=', session.user.id)
    .where((eb) =>
      eb.or([
        eb('log_type', '=', LOG_LOGIN),
        eb.and([eb('log_type', '=', LOG_OPERATION), eb('method', 'like', DOCUMENT_ROUTE), sql<boolean>`coalesce(result_code, 200) < 400`]),
      ]),
    )
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(LIMIT)
    .execute();
  const items: ActivityItem[] = [];
  for (const line of lines) {
    const base = { id: line.id, time: timeText(line.create_time), ip: line.ip };
    if (line.log_type === LOG_LOGIN) items.push({ ...base, kind: 'login', text: loginText(line.log_content), path: null });
    else items.push({ ...base, kind: 'operation', ...(await operation(runtime, session, line)) });
  }
  return items;
}
