/*
 * `npm run bench` (workflow figure): the time to advance 1,000 running instances one step. A fresh
 * embedded database gets BENCH_WF_INSTANCES (default 1,000) project applications submitted into
 * 项目立项审批; then 王芳 approves each at 财务审核 (the step moves each to its end, writing the project's
 * status through the writer), one after another, as the server does for requests. Prints figures only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareApp } from '../server/app.ts';
import type { Session } from '../server/auth/session.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connect.ts';
import { workflowOf } from '../server/routes/workflow.ts';

const N = Number(process.env.BENCH_WF_INSTANCES || 1000);
const dataDir = mkdtempSync(join(tmpdir(), 'hope-bench-wf-'));
const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench@12345', LOG_LEVEL: 'error', CLIENT_DIR: join(dataDir, 'none'), WORKFLOW_TIMER_MS: '0' });
const database = await openDatabase({ inMemory: true });
const { app, ctx } = await prepareApp(config, database, { demoData: false });
await app.ready();

const sessionOf = async (username: string): Promise<Session> => {
  const user = await ctx.db.selectFrom('sys_user').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  return { user, jti: 'bench', exp: 0, tenantId: user.tenant_id };
};
const lina = await sessionOf('lina');
const wangfang = await sessionOf('wangfang');
const model = ctx.runtime.registry.get('project/application');

let t = performance.now();
for (let i = 0; i < N; i++) {
  await ctx.runtime.write(lina, model, async (w) => {
    const row = await w.add(model, {
      values: { project_name: `基准项目${i}`, project_type: '1', school: '某校', contact: '某人', apply_amount: 5000 + i },
      batches: new Map(),
    });
    await w.transition(model, String(row.id), '2', {}, true);
  });
}
const submitMs = performance.now() - t;

const tasks = await ctx.db
  .selectFrom('wf_task' as never)
  .select(['id' as never])
  .where('status' as never, '=', 'open' as never)
  .execute();
const { actions } = workflowOf(ctx)!;
const samples: number[] = [];
t = performance.now();
for (const task of tasks as { id: string }[]) {
  const s = performance.now();
  await actions.approve(wangfang, { id: task.id, values: { approvedAmount: 5000 }, comment: '同意' });
  samples.push(performance.now() - s);
}
const advanceMs = performance.now() - t;
samples.sort((a, b) => a - b);
const pct = (p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)];
const done = await ctx.db
  .selectFrom('wf_instance' as never)
  .select(['id' as never])
  .where('status' as never, '=', 'approved' as never)
  .execute();

console.log(`\nworkflow (embedded database, ${N} instances of 项目立项审批)`);
console.log(`  submit (record + 提交审核 + instance start): ${(submitMs / 1000).toFixed(2)} s total, ${(submitMs / N).toFixed(2)} ms each`);
console.log(
  `  advance ${tasks.length} instances one step (财务审核 → end, status written): ${(advanceMs / 1000).toFixed(2)} s total; per step p50 ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms`,
);
console.log(`  instances ended 已通过: ${done.length}`);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
