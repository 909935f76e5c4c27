import { badRequest } from '../http/envelope.ts';
import { registerHooks } from '../engine/write/hooks.ts';
import { checkStoredReport } from '../services/online-reports/definitions.ts';
import { ReportSqlError } from '../services/online-reports/sql-template.ts';

/*
 * 报表配置 (schemas/online/report.json): a report definition written through the form (head, 报表字段 and
 * 报表参数 sub-tables) passes the rules saveReport applies — one select statement, every ${parameter}
 * declared, #{variables} known, column names plain — checked after its sub-table rows are written, in the
 * same transaction, so a refused definition leaves nothing behind. Its scope must name a screen.
 */
registerHooks('online/report', {
  async afterSave(_model, changes, w) {
    for (const { after } of changes) {
      if (!after) continue;
      const scope = after.scope_entity ? String(after.scope_entity) : '';
      if (scope && !w.registry.find(scope)?.doc.menu) throw badRequest(`数据范围【${scope}】不是一个有菜单的表单`);
      try {
        await checkStoredReport(w.db, String(after.id));
      } catch (error) {
        if (error instanceof ReportSqlError) throw badRequest(error.message);
        throw error;
      }
    }
  },
});
