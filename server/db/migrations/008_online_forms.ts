import type { Kysely } from 'kysely';

/*
 * Online forms (spec section 3, "Online form record"): one row per designed form, and every saved
 * design kept as a numbered version. Publishing turns the latest version into schema documents in
 * sys_schema; the row remembers which version is in force (published_version) and its document code
 * (cgform_code). The column names follow the spec's record (desformCode → desform_code).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('onl_desform')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('desform_code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('desform_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('desform_icon', 'varchar(100)')
    // The latest saved design (a copy of the newest version row), as the designer's { list, config }.
    // Text, not jsonb: the design comes back exactly as the designer wrote it (jsonb reorders keys).
    .addColumn('desform_design_json', 'text', (c) => c.notNull())
    .addColumn('cgform_code', 'varchar(100)')
    .addColumn('parent_id', 'varchar(32)')
    .addColumn('parent_code', 'varchar(40)')
    // 1 a form of its own, 2 a main form with sub-tables (the tableTypes of /form/formConfiguration/list)
    .addColumn('desform_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('iz_mobile_view', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('iz_oa_show', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('published_version', 'integer')
    .addColumn('publish_time', 'timestamp(0)')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamp(0)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamp(0)')
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable('onl_desform_version')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('desform_id', 'varchar(32)', (c) => c.notNull().references('onl_desform.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('desform_design_json', 'text', (c) => c.notNull())
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamp(0)', (c) => c.notNull())
    .addUniqueConstraint('uq_desform_version', ['desform_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['onl_desform_version', 'onl_desform']) await db.schema.dropTable(t).ifExists().execute();
}
