import { loadConfig } from './config.ts';
import { prepareApp } from './app.ts';
import { openDatabase } from './db/connect.ts';
import { DEMO_STAFF } from './db/seed.ts';
import { SchemaError } from './engine/schema/registry.ts';

/** Opens (or creates) the database, migrates, seeds a new install, and serves client and API on one port. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const { app, seed } = await prepareApp(config, database, { demoData: true });
  await app.listen({ host: config.host, port: config.port });

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

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  // A refused schema document or table change explains itself; anything else needs its stack.
  console.error('启动失败:', error instanceof SchemaError ? error.message : error);
  process.exit(1);
});
