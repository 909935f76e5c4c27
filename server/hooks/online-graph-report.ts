import { registerHooks } from '../engine/write/hooks.ts';
import { checkGraph, graphOf } from '../services/graph-reports/definitions.ts';

/*
 * 图表配置 (schemas/online/graph_report.json): a chart definition is stored only when its source exists
 * and every column it names is one of the source's (numeric where the aggregate needs numbers, never a
 * masked or secret field); the refusal's message names the first problem and nothing is written.
 */
registerHooks('online/graph_report', {
  async afterSave(_model, changes, w) {
    for (const { after } of changes) if (after) await checkGraph(w.db, w.registry, graphOf(after));
  },
});
