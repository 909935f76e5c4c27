import { loadConfig } from './config.ts';
import { prepareApp } from './app.ts';
import { openDatabase } from './db/connect.ts';
import { DataDirBusy } from './db/data-dir-lock.ts';
import { publishControl } from './db/backup/control.ts';
import { DEMO_STAFF } from './db/seed.ts';
import { SchemaError } from './engine/schema/registry.ts';

/** A shutdown that has not finished by then is cut short. */
const STOP_TIMEOUT_MS = 10_000;

/** Opens (or creates) the database, migrates, seeds a new install, and serves client and API on one port. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const { app, seed, controlKey } = await prepareApp(config, database, { demoData: config.demoData });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  // `npm run backup` reaches this process through it (server/db/backup/control.ts).
  const withdrawControl =
    typeof address === 'object' && address
      ? publishControl(config.dataDir, { pid: process.pid, origin: `http://127.0.0.1:${address.port}`, key: controlKey })
      : () => {};

  const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${shown}:${config.port}/`;
  const where = database.kind === 'pglite' ? `嵌入式 PostgreSQL (${config.dataDir}/pgdata)` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\n希望工程后台已启动: ${url}#/user/login`);
  console.log(`数据库: ${where}${seed.seeded ? '，已写入演示数据' : ''}`);
  if (seed.generatedAdminPassword) {
    console.log(`登录: 用户名 admin，初始密码 ${seed.generatedAdminPassword}`);
    console.log(`      (只显示这一次，已保存到 ${config.dataDir}/initial-admin-password.txt；登录后请修改)`);
  } else if (seed.seeded) {
    console.log('登录: 用户名 admin，密码为 ADMIN_PASSWORD 的值');
  }
  if (seed.seeded) {
    console.log(`演示账号: ${DEMO_STAFF.map((s) => `${s.username}(${s.realname})`).join('、')}，初始密码与 admin 相同`);
  } else {
    console.log(`登录: 用户名 admin（初始密码见 ${config.dataDir}/initial-admin-password.txt，或 ADMIN_PASSWORD）`);
  }

  // SIGTERM or SIGINT, once: a process-group signal reaches this process twice (directly and through
  // scripts/start.mjs), and the second must not cut the first shutdown short.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`收到 ${signal}，正在停止：不再接受新连接，处理完进行中的请求…`);
    const deadline = setTimeout(() => {
      console.error(`停止超时（${STOP_TIMEOUT_MS / 1000} 秒），强制退出`);
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    deadline.unref();
    // app.close: stops listening, answers in-flight requests, closes idle kept-alive connections and
    // WebSockets, runs every onClose (job timers, notices); then the database (and its directory lock).
    withdrawControl();
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error) => {
          console.error('停止时出错:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  // A refused schema document or table change explains itself; anything else needs its stack.
  console.error('启动失败:', error instanceof SchemaError || error instanceof DataDirBusy ? error.message : error);
  process.exit(1);
});
