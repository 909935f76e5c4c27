import type { Kysely } from 'kysely';
import type { Session } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import type { DB } from '../db/schema.ts';
import { columnFor, PropertyMap } from '../../src/core/schema/field-names.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import { readInput, sanitizeRichText } from '../engine/write/record-input.ts';
import { badRequest } from '../http/envelope.ts';
import { nowText } from '../lib/time.ts';

/*
 * 消息模板 (schemas/system/message_template.json): a template's named placeholders ${name} are filled
 * from a JSON object — plain substitution, never evaluated — and the message goes to the chosen users,
 * roles' users and departments' users as a released 系统消息 announcement, so it reaches the bell, the
 * live push and 我的消息 (read/unread) through the existing channel. Every send is logged in 消息记录
 * (schemas/system/message.json).
 */

export const TEMPLATE_DOC = 'system/message_template';
const MESSAGE_DOC = 'system/message';
const ANNOUNCEMENT_DOC = 'system/announcement';
const RICH_TEXT = '2';
/** The announcement's 指定用户 holds at most 999 usernames (its pattern). */
export const MAX_RECEIVERS = 999;

const PLACEHOLDER = /\$\{\s*([A-Za-z0-9_\u4e00-\u9fa5]{1,40})\s*\}/g;

/** The placeholder names of a template, each once, in order of appearance. */
export const placeholdersOf = (content: string): string[] => [...new Set([...content.matchAll(PLACEHOLDER)].map((m) => m[1]))];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The values for the placeholders: a JSON object of strings or numbers (the form's 模板参数), or nothing. */
export function parseParams(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null || raw === '') return {};
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest('模板参数必须是 JSON 对象，例如 {"name": "张三"}');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('模板参数必须是 JSON 对象，例如 {"name": "张三"}');
  const params: Record<string, string> = {};
  for (const [name, v] of Object.entries(value)) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw badRequest(`模板参数 ${name} 的值必须是文字或数字`);
    params[name] = String(v);
  }
  return params;
}

/**
 * The message as HTML: a rich-text template keeps its markup (sanitised) with the values escaped into it;
 * a text template is escaped as a whole, its line breaks kept. A placeholder without a value is refused.
 */
export function renderTemplate(content: string, type: string, params: Record<string, string>): string {
  const missing = placeholdersOf(content).filter((name) => !(name in params) || params[name].trim() === '');
  if (missing.length) throw badRequest(`模板参数缺少值：${missing.join('、')}`);
  if (type === RICH_TEXT) return sanitizeRichText(content.replace(PLACEHOLDER, (_, name: string) => escapeHtml(params[name])));
  return escapeHtml(content.replace(PLACEHOLDER, (_, name: string) => params[name])).replace(/\r?\n/g, '<br>');
}

/** A picker's value: a comma list or an array of strings. */
const listOf = (value: unknown): string[] => {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(items.map((v) => String(v).trim()).filter(Boolean))];
};

/** The 发送 form's receivers: values of the form, not fields of the template, named by property as every body names its values. */
export interface Receivers {
  userNames?: unknown;
  roleCodes?: unknown;
  departIds?: unknown;
}

const RECEIVERS = new PropertyMap(['userNames', 'roleCodes', 'departIds'].map(columnFor));

/** The usernames of the active users chosen directly, through their roles and through their departments. */
export async function receiversOf(db: Kysely<DB>, input: Receivers & Record<string, unknown>): Promise<string[]> {
  // A receiver under its column's spelling (user_names) is refused, naming the property, rather than taken as none chosen.
  for (const key of Object.keys(input)) {
    const property = RECEIVERS.property(key);
    if (property !== undefined && property !== key) throw badRequest(`未知字段: ${RECEIVERS.describe(key)}`);
  }
  const names = listOf(input.userNames);
  const roleCodes = listOf(input.roleCodes);
  const departIds = listOf(input.departIds);
  if (!names.length && !roleCodes.length && !departIds.length) throw badRequest('请选择接收用户、角色或部门');
  const users = new Set<string>();
  const active = () =>
    db.selectFrom('sys_user').select(['sys_user.id', 'sys_user.username']).where('sys_user.del_flag', '=', 0).where('sys_user.status', '=', 1);

  if (names.length) {
    const found = await active().where('sys_user.username', 'in', names).execute();
    const unknown = names.filter((n) => !found.some((u) => u.username === n));
    if (unknown.length) throw badRequest(`接收用户不存在或已冻结：${unknown.slice(0, 5).join(',')}`);
    found.forEach((u) => users.add(u.username));
  }
  if (roleCodes.length) {
    const roles = await db.selectFrom('sys_role').select(['id', 'role_code']).where('role_code', 'in', roleCodes).execute();
    const unknown = roleCodes.filter((c) => !roles.some((r) => r.role_code === c));
    if (unknown.length) throw badRequest(`接收角色不存在：${unknown.slice(0, 5).join(',')}`);
    const members = await active()
      .innerJoin('sys_user_role', 'sys_user_role.user_id', 'sys_user.id')
      .where(
        'sys_user_role.role_id',
        'in',
        roles.map((r) => r.id),
      )
      .execute();
    members.forEach((u) => users.add(u.username));
  }
  if (departIds.length) {
    const departs = await db.selectFrom('sys_depart').select('id').where('id', 'in', departIds).where('del_flag', '=', 0).execute();
    const unknown = departIds.filter((d) => !departs.some((x) => x.id === d));
    if (unknown.length) throw badRequest(`接收部门不存在：${unknown.slice(0, 5).join(',')}`);
    const members = await active()
      .innerJoin('sys_user_depart', 'sys_user_depart.user_id', 'sys_user.id')
      .where('sys_user_depart.dep_id', 'in', departIds)
      .execute();
    members.forEach((u) => users.add(u.username));
  }
  if (users.size === 0) throw badRequest('所选角色或部门下没有可接收消息的用户');
  if (users.size > MAX_RECEIVERS) throw badRequest(`接收人过多：一次最多发送给 ${MAX_RECEIVERS} 人`);
  return [...users];
}

export interface SendCall {
  ctx: AppContext;
  session: Session;
  model: EntityModel;
  id: string;
  input: Record<string, unknown>;
  /** Releases the announcement: send rows and the live push (the announcement writer's release). */
  release: (announcementId: string) => Promise<void>;
}

/** Sends one template: renders it, writes the announcement through the writer, releases it, logs the send. */
/**
 * A message to named users: a 系统消息 announcement addressed to them, released at once (the bell and its
 * socket push). Message templates and workflow urges both reach people this way.
 */
export async function announceTo(
  ctx: AppContext,
  session: Session,
  usernames: string[],
  title: string,
  html: string,
  release: (id: string) => Promise<void>,
): Promise<Record<string, unknown>> {
  const announcements = ctx.runtime.registry.get(ANNOUNCEMENT_DOC);
  const announcement = await ctx.runtime.write(session, announcements, (w) =>
    w.add(
      announcements,
      // readInput reads a body as the API gets it, by property.
      readInput(
        announcements,
        announcements.wire.toWire({
          titile: title.slice(0, 100),
          msg_content: html,
          msg_category: '2',
          msg_type: 'USER',
          priority: 'M',
          user_ids: usernames.join(','),
        }),
      ),
    ),
  );
  await release(String(announcement.id));
  return announcement;
}

export async function sendTemplate({ ctx, session, model, id, input, release }: SendCall): Promise<{ message: string; result: { receivers: number } }> {
  const reader = await ctx.runtime.reader(session);
  const template = await reader.byId(model, id);
  const html = renderTemplate(String(template.template_content ?? ''), String(template.template_type ?? '1'), parseParams(input.template_test_json));
  const receivers = await receiversOf(ctx.db, input);
  const title = String(template.template_name);

  const log = ctx.runtime.registry.get(MESSAGE_DOC);
  const announcement = await announceTo(ctx, session, receivers, title, html, release);
  await ctx.runtime.write(session, log, (w) =>
    w.add(
      log,
      readInput(
        log,
        log.wire.toWire({
          template_code: template.template_code,
          title,
          content: html,
          receivers: receivers.join(','),
          receiver_count: receivers.length,
          send_status: '1',
          send_time: nowText(),
          annt_id: announcement.id,
        }),
      ),
    ),
  );
  return { message: `消息已发送给 ${receivers.length} 人`, result: { receivers: receivers.length } };
}
