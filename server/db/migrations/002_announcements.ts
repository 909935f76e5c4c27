import { type Kysely, sql } from 'kysely';

/*
 * Announcements (system notices) and who has read them. An announcement to all users has no send rows
 * until someone reads it; one to chosen users gets a row per recipient when it is released, so "was it
 * sent to me" is one join either way and nothing is written per user for the common case.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('sys_announcement')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // Spelled as the JeecgBoot API spells it.
    .addColumn('titile', 'varchar(100)', (c) => c.notNull())
    .addColumn('msg_content', 'text')
    .addColumn('msg_abstract', 'varchar(500)')
    .addColumn('sender', 'varchar(100)')
    .addColumn('priority', 'varchar(1)', (c) => c.notNull().defaultTo('L'))
    // '1' notice (通知公告), '2' system message (系统消息).
    .addColumn('msg_category', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    // 'ALL' every user, 'USER' the users listed in user_ids.
    .addColumn('msg_type', 'varchar(10)', (c) => c.notNull().defaultTo('ALL'))
    .addColumn('user_ids', 'text')
    // '0' draft, '1' released, '2' revoked.
    .addColumn('send_status', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('send_time', 'timestamp(0)')
    .addColumn('cancel_time', 'timestamp(0)')
    .addColumn('open_type', 'varchar(20)')
    .addColumn('open_page', 'varchar(255)')
    .addColumn('bus_type', 'varchar(20)')
    .addColumn('bus_id', 'varchar(50)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamp(0)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamp(0)')
    .execute();
  await s.createIndex('idx_announcement_released').on('sys_announcement').columns(['send_status', 'msg_category', 'send_time']).execute();

  await s
    .createTable('sys_announcement_send')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('annt_id', 'varchar(32)', (c) => c.notNull().references('sys_announcement.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('read_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'timestamp(0)')
    .addColumn('create_time', 'timestamp(0)', (c) => c.notNull().defaultTo(sql`localtimestamp(0)`))
    .addUniqueConstraint('uq_announcement_send', ['annt_id', 'user_id'])
    .execute();
  await s.createIndex('idx_announcement_send_user').on('sys_announcement_send').columns(['user_id', 'read_flag']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_announcement_send').ifExists().execute();
  await db.schema.dropTable('sys_announcement').ifExists().execute();
}
