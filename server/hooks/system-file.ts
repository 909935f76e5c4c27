import { sql } from 'kysely';
import { FILE_REF_TABLE, FILE_REMOVE_GRANT } from '../engine/write/file-references.ts';
import { registerHooks } from '../engine/write/hooks.ts';
import { badRequest } from '../http/envelope.ts';

/*
 * 文件管理 (schemas/system/file.json): a file in use by any record is not deleted, and only the screen's
 * 删除 operation (services/files.ts) deletes, because it alone also removes the stored bytes.
 */
registerHooks('system/file', {
  async beforeDelete({ id }, w) {
    if (!w.held.has(FILE_REMOVE_GRANT)) throw badRequest('请在文件管理中使用“删除”操作删除文件');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(FILE_REF_TABLE)} where file_id = ${id}`.execute(w.db);
    if (Number(rows[0].n) > 0) throw badRequest(`该文件正被${rows[0].n}条记录引用，不能删除`);
  },
});
