import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Session } from '../auth/session.ts';
import type { FileTicketPurpose } from '../../src/core/api-types.ts';
import type { AppContext } from '../context.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import { FILE_REF_TABLE, FILE_TABLE } from '../engine/write/file-references.ts';
import { forbidden, notFound } from '../http/envelope.ts';
import { FILE_DOC } from './files.ts';

/*
 * Download and preview tickets. A stored picture is shown inline everywhere (avatars, thumbnails, rich
 * text saved with its address), so it stays readable by its unguessable path; every other upload is handed
 * out only against a ticket: signed with the install's secret (so any process checks it), bound to one path
 * and one purpose, valid for TICKET_SECONDS. Not single-use: a browser's PDF viewer asks for a preview in
 * several range requests. A ticket is issued to a user who may read the file (mayReadFile).
 */

export const TICKET_SECONDS = 120;
export const TICKET_EXPIRED = '文件链接已失效，请重新下载';

const PURPOSES: Record<string, FileTicketPurpose> = { d: 'download', p: 'preview' };
const letterOf = (purpose: FileTicketPurpose) => (purpose === 'preview' ? 'p' : 'd');

/** The ticket key: derived from the install's secret, so that it differs from the token signing key. */
const ticketKey = (secret: Uint8Array) => createHmac('sha256', secret).update('file-ticket').digest();
const macOf = (secret: Uint8Array, path: string, letter: string, expires: number) =>
  createHmac('sha256', ticketKey(secret)).update(`${path}\n${letter}\n${expires}`).digest('base64url');

/** `expires.purpose.mac`: the path is not in it, since the address it goes with names the path. */
export function issueTicket(secret: Uint8Array, path: string, purpose: FileTicketPurpose, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + TICKET_SECONDS;
  const letter = letterOf(purpose);
  return `${expires}.${letter}.${macOf(secret, path, letter, expires)}`;
}

/** The purpose a ticket grants for `path`, or undefined when it is not one (forged, other path, expired). */
export function purposeOf(secret: Uint8Array, path: string, ticket: string | undefined, now = Date.now()): FileTicketPurpose | undefined {
  const [expiresText, letter, mac, ...rest] = (ticket ?? '').split('.');
  const expires = Number(expiresText);
  if (rest.length || !PURPOSES[letter] || !mac || !Number.isInteger(expires) || expires * 1000 < now) return undefined;
  const expected = Buffer.from(macOf(secret, path, letter, expires));
  const sent = Buffer.from(mac);
  return sent.length === expected.length && timingSafeEqual(sent, expected) ? PURPOSES[letter] : undefined;
}

/**
 * Whether the session may read the stored file: its uploader may (a form not saved yet shows what was just
 * uploaded); anyone who sees its row in 文件管理 may; and anyone who sees, through the scoped reader, a
 * record that holds it (the file reference index says which). Refused otherwise, as if it were not there
 * to others' tenants.
 */
export async function demandFileReadable(ctx: AppContext, session: Session, path: string): Promise<void> {
  const db = ctx.db as unknown as Kysely<any>;
  const file = await db.selectFrom(FILE_TABLE).select(['id', 'create_by']).where('path', '=', path).executeTakeFirst();
  if (!file) throw notFound('文件不存在');
  if (file.create_by === session.user.username) return;
  const { registry, access } = ctx.runtime;
  const reader = await ctx.runtime.reader(session);
  const sees = async (model: EntityModel, ids: string[]) =>
    (await access.canView(session, model)) && !!(await (await reader.scoped(model)).select('id').where('id', 'in', ids).limit(1).executeTakeFirst());
  if (await sees(registry.get(FILE_DOC), [String(file.id)])) return;
  const refs = await db.selectFrom(FILE_REF_TABLE).select(['ref_table', 'record_id']).where('file_id', '=', file.id).execute();
  const byTable = new Map<string, string[]>();
  for (const r of refs) byTable.set(String(r.ref_table), [...(byTable.get(String(r.ref_table)) ?? []), String(r.record_id)]);
  for (const [table, ids] of byTable) {
    const model = registry.byTable(table);
    if (model && (await sees(model, ids))) return;
  }
  throw forbidden('没有权限查看该文件');
}
