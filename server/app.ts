import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { LoginLockout } from './auth/lockout.ts';
import { SessionResolver } from './auth/session.ts';
import { TokenService } from './auth/tokens.ts';
import type { ServerConfig } from './config.ts';
import { GRANT_TABLES, GrantCache } from './auth/grant-cache.ts';
import type { AppContext } from './context.ts';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { runSeedSteps, type SeedStep } from './db/seed-steps.ts';
import { recordRoutes } from './http/route-table.ts';
import { CacheRegistry } from './monitor/cache-stats.ts';
import { ProcessHeartbeat } from './monitor/heartbeat.ts';
import { ProcessMetrics } from './monitor/metrics.ts';
import { answeringOne } from './lib/turn.ts';
import { monitorRoutes } from './routes/monitor.ts';
import { countingRoundTrips, roundTrips } from './db/round-trips.ts';
import type { Database } from './db/connect.ts';
import { seedDonationDemo } from './db/demo/donation.ts';
import { seedEngagementDemo } from './db/demo/engagement.ts';
import { seedExamplesDemo } from './db/demo/examples.ts';
import { seedHelpDemo } from './db/demo/help.ts';
import { seedProjectDemo } from './db/demo/project.ts';
import { seedStudentDemo } from './db/demo/student.ts';
import { seedCategories } from './db/demo/categories.ts';
import { migrateToLatest } from './db/migrate.ts';
import { type SeedOutcome, seedOnFirstStart } from './db/seed.ts';
import { ApiError, fail } from './http/envelope.ts';
import { accountRoutes } from './routes/account.ts';
import { excelRunRoutes } from './routes/excel-runs.ts';
import { announcementRoutes } from './routes/announcements.ts';
import { authRoutes } from './routes/auth.ts';
import { phoneAuthRoutes } from './routes/phone-auth.ts';
import { dictRoutes } from './routes/dict.ts';
import { onlineFormRoutes } from './routes/online-forms.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { loginfoRoutes } from './routes/loginfo.ts';
import { departRoutes } from './routes/departs.ts';
import { categoryRoutes } from './routes/categories.ts';
import { sessionUserRoutes } from './routes/session-user.ts';
import { systemPermissionRoutes } from './routes/system-permissions.ts';
import { systemRoleRoutes } from './routes/system-roles.ts';
import { systemDepartPermissionRoutes } from './routes/system-depart-permissions.ts';
import { systemUserRoutes } from './routes/system-users.ts';
import { systemOpsRoutes } from './routes/system-ops.ts';
import { siteRoutes } from './routes/site.ts';
import { thirdLoginRoutes } from './routes/third-login.ts';
import { membershipRoutes } from './routes/memberships.ts';
import { categoryListRoutes, jeecgCallRoutes } from './routes/jeecg-calls.ts';
import { dataRuleGrantRoutes } from './routes/data-rule-grants.ts';
import { uploadRoutes } from './routes/upload.ts';
import { onlineReportRoutes } from './routes/online-reports.ts';
import { graphReportRoutes } from './routes/graph-reports.ts';
import { seedOnlineReports } from './services/online-reports/seed.ts';
import { seedGraphReports } from './services/graph-reports/seed.ts';
import { DictionaryService } from './services/dictionaries.ts';
import { PermissionService } from './services/permissions.ts';
import { UserMessages } from './services/user-messages.ts';
import { workflowRoutes } from './routes/workflow.ts';
import { controlRoutes } from './routes/control.ts';
import { fileStoreOf, storedFiles } from './services/file-store.ts';
import { syncFileIndex } from './services/files.ts';
import { newControlKey } from './db/backup/control.ts';
import { LocalNotices, PostgresNotices } from './realtime/notices.ts';
import { runtimeRoutes } from './routes/schema-runtime.ts';
import { SchemaRuntime } from './engine/runtime.ts';
import { refuseBadRequestText } from './engine/write/text-guard.ts';
import { JeecgPaths } from './http/jeecg-paths.ts';
import { siteInfoOf } from './services/site-info.ts';
import './hooks/index.ts';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // antd writes its styles at run time (CSS-in-JS), so inline styles are needed; inline scripts are not.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-src 'self' https: http:",
  "object-src 'none'",
  "base-uri 'self'",
  // No other site may frame these pages (clickjacking); the product frames its own pages only.
  "frame-ancestors 'self'",
].join('; ');

export function createContext(config: ServerConfig, database: Database): AppContext {
  const tokens = new TokenService(config.jwtSecret, config.tokenLifetimeMs);
  const notices = database.kind === 'postgres' && config.databaseUrl ? new PostgresNotices(database.db, config.databaseUrl) : new LocalNotices();
  const grants = new GrantCache(notices);
  database.writes.on(GRANT_TABLES, () => grants.changed());
  const permissions = new PermissionService(database.db, grants);
  const dictionaries = new DictionaryService(database.db, notices);
  const runtime = new SchemaRuntime(database.db, permissions, dictionaries, undefined, database.kind === 'pglite');
  const caches = new CacheRegistry();
  caches.add(grants.stats, dictionaries.stats, runtime.stats);
  database.statements.thresholdMs = config.slowStatementMs;
  const metrics = new ProcessMetrics();
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    tokens,
    sessions: new SessionResolver(database.db, tokens, grants, config.allowGuest),
    lockout: new LoginLockout(database.db),
    permissions,
    dictionaries,
    files: fileStoreOf(config),
    notices,
    runtime,
    metrics,
    statements: database.statements,
    caches,
    heartbeat: new ProcessHeartbeat(database.db, metrics, config.heartbeatSeconds),
    messages: new UserMessages(() => ctx),
  };
  return ctx;
}

function errorToEnvelope(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send(fail(error.envelopeCode, error.message, error.result));
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return reply.status(429).send(fail(429, '请求过于频繁，请稍后再试'));
    // A value of the wrong shape for its column (a word as a numeric id): the request is wrong, not the server.
    if ((error as { code?: string }).code === '22P02') return reply.status(400).send(fail(400, '参数格式不正确'));
    if ((error as FastifyError).validation) return reply.status(400).send(fail(400, `参数错误：${error.message}`));
    if (status >= 400 && status < 500) return reply.status(status).send(fail(status, status === 415 ? '不支持的请求格式' : '请求格式不正确'));
    request.log.error(error);
    return reply.status(500).send(fail(500, '操作失败，服务器内部错误'));
  });
}

/** The API: every route under config.apiBase, each authenticated unless it says it is public. */
async function api(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (request) => {
    // An unknown path is answered 404 with or without a token: there is nothing there to protect.
    if (request.routeOptions.config?.public || request.is404) return;
    request.session = await ctx.sessions.resolve(request);
  });
  app.addHook('preHandler', refuseBadRequestText);
  for (const register of [
    authRoutes,
    phoneAuthRoutes,
    thirdLoginRoutes,
    siteRoutes,
    sessionUserRoutes,
    dictRoutes,
    accountRoutes,
    uploadRoutes,
    announcementRoutes,
    systemUserRoutes,
    systemRoleRoutes,
    systemPermissionRoutes,
    systemDepartPermissionRoutes,
    departRoutes,
    categoryRoutes,
    systemOpsRoutes,
    runtimeRoutes,
    onlineReportRoutes,
    graphReportRoutes,
    loginfoRoutes,
    dashboardRoutes,
    onlineFormRoutes,
    membershipRoutes,
    jeecgCallRoutes,
    categoryListRoutes,
    dataRuleGrantRoutes,
    monitorRoutes,
    workflowRoutes,
    excelRunRoutes,
  ])
    register(app, ctx);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(fail(404, '很抱歉，资源未找到!')));
}

/** The client's runtime configuration, loaded by index.html before the bundle (never baked into it). */
function runtimeConfig(ctx: AppContext): string {
  const cfg = {
    apiBase: ctx.config.apiBase,
    staticDomainURL: `${ctx.config.apiBase}/sys/common/static`,
    wsPath: `${ctx.config.apiBase}/websocket`,
    systemName: ctx.config.systemName,
    // Where the login page sends 统一身份认证 (and sign-out), when CAS is on.
    ...(ctx.config.cas ? { casServerUrl: ctx.config.cas.serverUrl } : {}),
    // The login page's 第三方登录 buttons, one per configured OAuth provider.
    ...(ctx.config.oauth.length ? { thirdLogin: ctx.config.oauth.map(({ source, name }) => ({ source, name })) } : {}),
    // What the login page offers, so that it renders without waiting for GET /site/siteinfo.
    siteInfo: siteInfoOf(ctx.config),
  };
  return `window._CONFIG = ${JSON.stringify(cfg)};\n`;
}

const SCHEMA_TOPIC = 'schema';

/**
 * A publication on one process (a published or deleted online form) is in force on all: the publisher
 * sends the 'schema' notice, and every other process reloads its documents from the database.
 */
function followPublications(ctx: AppContext): void {
  const origin = randomUUID();
  ctx.runtime.onPublished(() => {
    ctx.notices.publish(SCHEMA_TOPIC, { origin }).catch((error) => console.warn('schema notice not sent:', error));
  });
  ctx.notices.on(SCHEMA_TOPIC, (payload) => {
    if (payload.origin === origin) return;
    ctx.runtime.reload().catch((error) => console.warn('documents not reloaded after a publication elsewhere:', error));
  });
}

export async function buildApp(config: ServerConfig, database: Database): Promise<{ app: FastifyInstance; ctx: AppContext; controlKey: string }> {
  const ctx = createContext(config, database);
  if (ctx.notices instanceof PostgresNotices) await ctx.notices.start();
  // Documents are loaded, checked and synced (tables, dictionaries, menus) before any route serves.
  await ctx.runtime.reload();
  // What an import left pending when its process stopped is dropped before any request is served.
  await ctx.runtime.dropLeftoverImports();
  followPublications(ctx);
  const jeecgPaths = new JeecgPaths(config.apiBase);
  const app = Fastify({
    logger: { level: config.logLevel },
    // JeecgBoot's client names (/sys/quartzJob/…) reach our documents' routes (/system/job/…): http/jeecg-paths.ts.
    rewriteUrl: jeecgPaths.rewrite,
    trustProxy: false,
    bodyLimit: 2 * 1024 * 1024,
    // The router answers malformed URLs and over-long path parameters itself, before any error handler:
    // without this they would leave in Fastify's own shape instead of the envelope.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      (reply as FastifyReply).status(status).send(fail(status, status === 414 ? '请求地址过长' : '请求格式不正确'));
    },
  });
  errorToEnvelope(app);
  // Each request counts its own database round trips (the statement budget); the header is opt-in.
  app.addHook('onRequest', (_request, _reply, done) => countingRoundTrips(done));
  // Long work (an import's pending batch) steps aside while requests are being answered (lib/turn.ts).
  app.addHook('onRequest', async (request, reply) => {
    if (!request.headers.upgrade) answeringOne(reply.raw);
  });
  if (config.countRoundTrips) {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('x-db-round-trips', String(roundTrips()));
      return payload;
    });
  }
  app.addHook('onRoute', jeecgPaths.remember);
  recordRoutes(app);
  ctx.metrics.attach(app);
  // Once the routes are ready (a listen or an inject makes them so): the first heartbeat, then one per interval.
  app.addHook('onReady', () => ctx.heartbeat.start());
  app.addHook('onClose', async () => {
    await ctx.heartbeat.stop();
    ctx.metrics.stop();
    ctx.permissions.grants.close();
    await ctx.notices.close();
  });
  await app.register(rateLimit, { global: false });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    // For browsers that predate CSP's frame-ancestors.
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('Content-Security-Policy', CSP);
    return payload;
  });

  await app.register(
    (instance, _opts, done) => {
      api(instance, ctx).then(() => done(), done);
    },
    { prefix: config.apiBase },
  );

  // For a proxy or an orchestrator: alive (the process answers) and ready (the database answers, not stopping).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A request in flight when the stop began is answered, and its kept-alive connection closed with it:
  // otherwise the connection turns idle after the server's one sweep of idle connections and holds the stop.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('Connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
  app.get('/health', async () => ({ status: 'UP' }));
  app.get('/ready', async (_request, reply) => {
    if (closing) return reply.status(503).send({ status: 'STOPPING' });
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: 'READY', database: ctx.dbKind };
    } catch {
      return reply.status(503).send({ status: 'DATABASE_UNAVAILABLE' });
    }
  });

  const controlKey = newControlKey();
  controlRoutes(app, ctx, controlKey);

  app.get('/runtime-config.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-store').send(runtimeConfig(ctx)),
  );

  const indexFile = join(config.clientDir, 'index.html');
  if (existsSync(indexFile)) {
    const indexHtml = readFileSync(indexFile, 'utf8');
    await app.register(fastifyStatic, {
      root: config.clientDir,
      index: false,
      wildcard: false,
      maxAge: '1y',
      immutable: true,
      // The build writes a gzipped copy beside each script and stylesheet (build/precompress.ts).
      preCompressed: true,
      allowedPath: (path) => path !== '/index.html',
    });
    app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml));
  } else {
    app.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('客户端尚未构建：请运行 npm run build（npm start 会自动构建）。'));
  }
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(fail(404, '很抱歉，资源未找到!')));
  return { app, ctx, controlKey };
}

/**
 * The whole start-up sequence, shared by server/main.ts and the API tests: migrate, seed a new install,
 * build the app (which loads, checks and syncs the schema documents) and, on the first start only, write
 * the demo donations through the runtime.
 */
export async function prepareApp(
  config: ServerConfig,
  database: Database,
  opts: { demoData: boolean },
): Promise<{ app: FastifyInstance; ctx: AppContext; controlKey: string; seed: SeedOutcome }> {
  await migrateToLatest(database.db);
  // Set once the app is built: the demo steps run after that, with it.
  let ctx: AppContext | undefined;
  const steps: SeedStep[] = [
    { name: 'categories', run: () => seedCategories(database.db) },
    { name: 'online_reports', run: () => seedOnlineReports(database.db) },
    { name: 'graph_reports', run: () => seedGraphReports(database.db) },
    ...[seedDonationDemo, seedEngagementDemo, seedProjectDemo, seedStudentDemo, seedHelpDemo, seedExamplesDemo].map((seedArea, i) => ({
      name: `demo_${i + 1}`,
      run: () => seedArea(ctx!),
    })),
  ];
  const plan = steps.map((s) => s.name).filter((name) => opts.demoData || !name.startsWith('demo_'));
  const seed = await seedOnFirstStart(database.db, { dataDir: config.dataDir, adminPassword: config.adminPassword, plan });
  const built = await buildApp(config, database);
  ctx = built.ctx;
  try {
    await runSeedSteps(database.db, database.kind, steps);
    await syncFileIndex(database.db, ctx.runtime.registry, await storedFiles(ctx.files, config.dataDir));
  } catch (error) {
    await built.app.close();
    throw error;
  }
  return { ...built, seed };
}
