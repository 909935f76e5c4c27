import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';
import { nowText } from '../lib/time.ts';
import { SCHEMAS_DIR } from '../engine/schema/loader.ts';
import type { WfEntity, WfProcessView } from '../../src/core/workflow/wire.ts';
import { idOf } from './actions.ts';
import type { WorkflowEngine } from './engine.ts';
import { parseProcess } from './model.ts';

/*
 * 流程设计's side of the server: deployed processes and their versions, the documents a process may bind
 * to (with the fields its conditions may name), and the processes shipped in schemas/workflow/*.bpmn,
 * deployed as version 1 of their key when the key has none (a redeploy in the designer makes version 2).
 */

export const SHIPPED_DIR = join(SCHEMAS_DIR, 'workflow');

export class WorkflowProcesses {
  constructor(
    private readonly ctx: AppContext,
    private readonly engine: WorkflowEngine,
  ) {}

  private get db() {
    return this.engine.db;
  }

  async deployShipped(): Promise<void> {
    for (const name of readdirSync(SHIPPED_DIR)
      .filter((n) => n.endsWith('.bpmn'))
      .sort()) {
      const xml = readFileSync(join(SHIPPED_DIR, name), 'utf8');
      const model = await parseProcess(xml, this.engine.fieldsOf);
      await this.db
        .insertInto('wf_process')
        .values({
          id: newId(),
          process_key: model.key,
          name: model.name,
          version: 1,
          entity: model.entity ?? null,
          xml,
          create_by: 'admin',
          create_time: nowText(),
        })
        .onConflict((oc) => oc.columns(['process_key', 'version']).doNothing())
        .execute();
    }
  }

  private async views(rows: Record<string, any>[]): Promise<WfProcessView[]> {
    const keys = [...new Set(rows.map((r) => String(r.process_key)))];
    const running = keys.length
      ? await this.db
          .selectFrom('wf_instance')
          .select(['process_key', (eb) => eb.fn.countAll().as('n')])
          .where('process_key', 'in', keys)
          .where('status', 'in', ['running', 'suspended'])
          .groupBy('process_key')
          .execute()
      : [];
    return rows.map((r) => ({
      id: String(r.id),
      key: String(r.process_key),
      name: String(r.name),
      version: Number(r.version),
      entity: r.entity ? String(r.entity) : null,
      createBy: r.create_by ? String(r.create_by) : null,
      createTime: String(r.create_time),
      running: Number(running.find((x) => x.process_key === r.process_key)?.n ?? 0),
    }));
  }

  /** The latest version of every key. */
  async list(): Promise<WfProcessView[]> {
    const rows = await this.db
      .selectFrom('wf_process as p')
      .select(['p.id', 'p.process_key', 'p.name', 'p.version', 'p.entity', 'p.create_by', 'p.create_time'])
      .where((eb) =>
        eb(
          'p.version',
          '=',
          eb
            .selectFrom('wf_process as q')
            .select((q) => q.fn.max('q.version').as('v'))
            .whereRef('q.process_key', '=', 'p.process_key'),
        ),
      )
      .orderBy('p.process_key')
      .execute();
    return this.views(rows);
  }

  async versions(key: unknown): Promise<WfProcessView[]> {
    if (typeof key !== 'string' || !/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(key)) throw badRequest('流程标识格式不正确');
    return this.views(
      await this.db
        .selectFrom('wf_process')
        .select(['id', 'process_key', 'name', 'version', 'entity', 'create_by', 'create_time'])
        .where('process_key', '=', key)
        .orderBy('version', 'desc')
        .execute(),
    );
  }

  async xml(id: unknown): Promise<{ id: string; xml: string }> {
    const row = await this.db.selectFrom('wf_process').select(['id', 'xml']).where('id', '=', idOf(id, '流程ID')).executeTakeFirst();
    if (!row) throw notFound('流程定义不存在');
    return { id: String(row.id), xml: String(row.xml) };
  }

  /** Documents a process may approve (those whose rules declare a workflow), with their fields by property (what rules name). */
  entities(): WfEntity[] {
    return this.ctx.runtime.registry
      .all()
      .filter((m) => m.doc.entity.rules?.workflow)
      .map((m) => ({
        code: m.code,
        title: m.title,
        fields: m.fields.map((f) => ({ name: m.wire.wireName(f.name), label: f.label, type: f.type, dict: f.dict ?? null })),
      }));
  }
}
