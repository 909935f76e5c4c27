import { type Kysely, sql } from 'kysely';
import { nowText } from '../../lib/time.ts';
import { insertMenus, roleIdsOf, WORKFLOW_MENUS } from '../seed.ts';

/*
 * Workflow (issue 18): deployed process versions, running instances with their persisted token state, the
 * tasks people act on, the timeline, copies (抄送), entrusts (委托), timers and urges. Instances, tasks and
 * everything hanging off them carry tenant_id; process definitions are shared like schema documents.
 * The menu entries are added here for databases seeded before workflow existed (a new one gets them from
 * the seed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  const id = (name: string) =>
    s
      .createTable(name)
      .ifNotExists()
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey());
  await id('wf_process')
    .addColumn('process_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('entity', 'varchar(100)')
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addUniqueConstraint('uq_wf_process_version', ['process_key', 'version'])
    .execute();
  await id('wf_instance')
    .addColumn('process_id', 'varchar(32)', (c) => c.notNull().references('wf_process.id'))
    .addColumn('process_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('process_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('entity', 'varchar(100)')
    .addColumn('business_id', 'varchar(32)')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('initiator', 'varchar(100)', (c) => c.notNull())
    .addColumn('initiator_org', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('variables', 'text', (c) => c.notNull())
    .addColumn('start_time', 'timestamp', (c) => c.notNull())
    .addColumn('end_time', 'timestamp')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_wf_instance_initiator').ifNotExists().on('wf_instance').columns(['tenant_id', 'initiator', 'start_time']).execute();
  await db.schema.createIndex('idx_wf_instance_business').ifNotExists().on('wf_instance').columns(['entity', 'business_id']).execute();
  // One open instance per record, even when two processes start one at the same moment.
  await db.schema
    .createIndex('uq_wf_instance_open')
    .ifNotExists()
    .unique()
    .on('wf_instance')
    .columns(['entity', 'business_id'])
    .where(sql.ref('status'), 'in', sql`('running', 'suspended')`)
    .execute();
  await id('wf_task')
    .addColumn('instance_id', 'varchar(32)', (c) => c.notNull().references('wf_instance.id').onDelete('cascade'))
    .addColumn('token_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('assignee', 'varchar(100)')
    .addColumn('candidates', 'text')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)')
    .addColumn('comment', 'varchar(500)')
    .addColumn('actor', 'varchar(100)')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('end_time', 'timestamp')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_wf_task_assignee').ifNotExists().on('wf_task').columns(['tenant_id', 'status', 'assignee']).execute();
  await db.schema.createIndex('idx_wf_task_instance').ifNotExists().on('wf_task').columns(['instance_id', 'status']).execute();
  await id('wf_event')
    .addColumn('instance_id', 'varchar(32)', (c) => c.notNull().references('wf_instance.id').onDelete('cascade'))
    .addColumn('task_id', 'varchar(32)')
    .addColumn('node_id', 'varchar(64)')
    .addColumn('node_name', 'varchar(100)')
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor', 'varchar(100)', (c) => c.notNull())
    .addColumn('target', 'varchar(100)')
    .addColumn('comment', 'varchar(500)')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_wf_event_instance').ifNotExists().on('wf_event').columns(['instance_id', 'seq']).execute();
  await id('wf_cc')
    .addColumn('instance_id', 'varchar(32)', (c) => c.notNull().references('wf_instance.id').onDelete('cascade'))
    .addColumn('node_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('sender', 'varchar(100)', (c) => c.notNull())
    .addColumn('read_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('read_time', 'timestamp')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_wf_cc_user').ifNotExists().on('wf_cc').columns(['tenant_id', 'username', 'create_time']).execute();
  await id('wf_entrust')
    .addColumn('owner', 'varchar(100)', (c) => c.notNull())
    .addColumn('agent', 'varchar(100)', (c) => c.notNull())
    .addColumn('begin_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await id('wf_timer')
    .addColumn('instance_id', 'varchar(32)', (c) => c.notNull().references('wf_instance.id').onDelete('cascade'))
    .addColumn('token_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('due_time', 'timestamp', (c) => c.notNull())
    .addColumn('fired_time', 'timestamp')
    .addColumn('fired_by', 'varchar(120)')
    .execute();
  await db.schema.createIndex('idx_wf_timer_due').ifNotExists().on('wf_timer').columns(['fired_time', 'due_time']).execute();
  await id('wf_urge')
    .addColumn('instance_id', 'varchar(32)', (c) => c.notNull().references('wf_instance.id').onDelete('cascade'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('create_time', 'timestamp', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  if (!(await db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirst())) return;
  if (await db.selectFrom('sys_permission').select('id').where('url', '=', '/workflow').executeTakeFirst()) return;
  await insertMenus(db, WORKFLOW_MENUS, await roleIdsOf(db), nowText());
}

export async function down(): Promise<void> {}
