import type { Kysely } from 'kysely';

/*
 * 部门负责人 (issue 18: a workflow step may go to the leader of the initiator's department): the usernames
 * of a department's leaders, comma-separated like a user field's value, set in 部门管理.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_depart').addColumn('leader', 'varchar(500)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_depart').dropColumn('leader').execute();
}
