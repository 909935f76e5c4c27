import { sql } from 'kysely';
import type { ProjectFigures, StatusCount } from '../../../src/core/api-types.ts';
import type { Session } from '../../auth/session.ts';
import type { EntityModel } from '../../engine/schema/model.ts';
import type { SchemaRuntime } from '../../engine/runtime.ts';
import type { RecordReader } from '../../engine/read/reader.ts';
import type { DictOption } from '../dictionaries.ts';

/*
 * Projects on the home page: applications by status (every status of the dictionary, zeros included)
 * and the funds approved against the funds disbursed, in total and for the projects with most approved.
 * Missing documents (an area not built yet) give zeros. Every figure counts only the rows the user's
 * lists would show (the scoped reader: tenant, data rules).
 */

const APPLICATION = 'project/application';
const SENDING = 'project/sending';
/** Statuses whose approved amount is committed: 已立项, 实施中, 已结项. */
const APPROVED_STATUSES = ['3', '5', '6'];
const TOP_PROJECTS = 8;
/** A disbursement counts once it is 已拨付 (send_status '2'); 待拨付 and 已撤销 ones do not. */
const DISBURSED = '2';

const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

async function byStatus(reader: RecordReader, model: EntityModel, dicts: Record<string, DictOption[]>): Promise<StatusCount[]> {
  const rows = await (
    await reader.scoped(model)
  )
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
  const counts = new Map(rows.map((r) => [String(r.status), Number(r.n)]));
  const items = dicts[model.field.get('status')?.dict ?? ''] ?? [];
  const listed = items.map((i) => ({ value: i.value, text: i.text, count: counts.get(i.value) ?? 0 }));
  // Values outside the dictionary still count, under their own code.
  const others = [...counts].filter(([v]) => !items.some((i) => i.value === v)).map(([value, count]) => ({ value, text: value, count }));
  return [...listed, ...others];
}

async function funds(
  reader: RecordReader,
  app: EntityModel,
  sending: EntityModel | undefined,
): Promise<Pick<ProjectFigures, 'approved' | 'disbursed' | 'byProject'>> {
  const canSum = sending?.field.has('amount') && sending.field.has('project_id');
  const paidOut = sending?.field.has('status') ? sql<boolean>`status = ${DISBURSED}` : sql<boolean>`true`;
  const label = sending?.field.get('project_id')?.ref?.label ?? (app.field.has('project_name') ? 'project_name' : 'id');
  const disbursedOf = (id: string) =>
    canSum
      ? sql<string>`(select coalesce(sum(s.amount), 0) from ${sql.table(sending!.table)} s where s.project_id = ${sql.ref(id)} and ${paidOut})`
      : sql<string>`0`;
  const top = await (
    await reader.scoped(app, 'a')
  )
    .select([sql.ref(`a.${label}`).as('text'), 'a.approved_amount as approved', disbursedOf('a.id').as('disbursed')])
    .where('a.status', 'in', APPROVED_STATUSES)
    .orderBy('a.approved_amount', (ob) => ob.desc().nullsLast())
    .orderBy('a.id')
    .limit(TOP_PROJECTS)
    .execute();
  const { approved } = await (
    await reader.scoped(app)
  )
    .select(sql<string>`coalesce(sum(approved_amount), 0)`.as('approved'))
    .where('status', 'in', APPROVED_STATUSES)
    .executeTakeFirstOrThrow();
  const disbursed = canSum
    ? (
        await (
          await reader.scoped(sending!)
        )
          .select(sql<string>`coalesce(sum(amount), 0)`.as('d'))
          .where(paidOut)
          .executeTakeFirstOrThrow()
      ).d
    : 0;
  return {
    approved: money(approved),
    disbursed: money(disbursed),
    byProject: top.map((r) => ({ text: String(r.text ?? ''), approved: money(r.approved), disbursed: money(r.disbursed) })),
  };
}

export const NO_PROJECTS: ProjectFigures = { byStatus: [], approved: 0, disbursed: 0, byProject: [] };

/** null when the user may not see project applications. */
export async function projectFigures(runtime: SchemaRuntime, session: Session, dicts: Record<string, DictOption[]>): Promise<ProjectFigures | null> {
  const app = runtime.registry.find(APPLICATION);
  if (!app?.field.has('status')) return NO_PROJECTS;
  if (!(await runtime.access.canView(session, app))) return null;
  const sending = runtime.registry.find(SENDING);
  const visibleSending = sending && (await runtime.access.canView(session, sending)) ? sending : undefined;
  const reader = await runtime.reader(session);
  const fundsFigures = app.field.has('approved_amount') ? await funds(reader, app, visibleSending) : { approved: 0, disbursed: 0, byProject: [] };
  return { byStatus: await byStatus(reader, app, dicts), ...fundsFigures };
}
