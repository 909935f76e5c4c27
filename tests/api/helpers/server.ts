import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { prepareApp } from '../../../server/app.ts';
import { loadConfig, type ServerConfig } from '../../../server/config.ts';
import type { AppContext } from '../../../server/context.ts';
import { type Database, openDatabase } from '../../../server/db/connect.ts';
import type { DB } from '../../../server/db/schema.ts';
import type { SeedOutcome } from '../../../server/db/seed.ts';

/*
 * The API tests talk HTTP to the real server, built exactly as server/main.ts builds it, on a database
 * of its own: PGlite in memory by default, or a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL (created here, dropped on close).
 */

export const ADMIN_PASSWORD = 'Admin@1234';

export interface Reply<T = any> {
  status: number;
  /** The parsed JSON body (the envelope for API calls), or the text when it is not JSON. */
  body: T;
  headers: Headers;
}

export interface Api {
  /** POSTs a JSON body (a string is sent as is, for malformed-JSON tests); path is under the API base. */
  post(path: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<Reply>;
  get(path: string, token?: string, headers?: Record<string, string>): Promise<Reply>;
  put(path: string, body?: unknown, token?: string): Promise<Reply>;
  delete(path: string, token?: string): Promise<Reply>;
  /** POSTs a multipart form with one file under `field` (default 'file'). */
  upload(path: string, file: Buffer, fileName: string, token?: string, field?: string): Promise<Reply>;
  /** GETs a file: the body as bytes, plus the parsed envelope when the answer is JSON. */
  download(path: string, token?: string): Promise<Reply & { bytes: Buffer }>;
}

export interface TestServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  config: ServerConfig;
  ctx: AppContext;
  app: FastifyInstance;
  db: Kysely<DB>;
  seed: SeedOutcome;
  /** The key of POST /internal/backup (server/db/backup/control.ts). */
  controlKey: string;
  api: Api;
  /** Logs in and returns the token, failing loudly when the login does not succeed. */
  loginAs(username: string, password: string): Promise<string>;
  /** GET or POST any path of the origin (not only the API), for runtime-config.js and the like. */
  raw(path: string, init?: RequestInit): Promise<Reply>;
  close(): Promise<void>;
}

/** Where a test database lives, and how to get rid of it. */
export interface TestDatabase {
  /** postgres://… of the database itself when it lives on TEST_DATABASE_URL's server; undefined for PGlite. */
  url?: string;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

const adminUrl = () => process.env.TEST_DATABASE_URL || undefined;

/**
 * A new, empty database. With TEST_DATABASE_URL: `hope_t_<random>` on that server. Otherwise PGlite,
 * in memory unless `dataDir` is given (restart tests need the files on disk).
 */
export async function createTestDatabase(opts: { dataDir?: string; image?: Blob | Uint8Array; template?: string } = {}): Promise<TestDatabase> {
  const url = adminUrl();
  if (!url) {
    // Never initdb again: an empty cluster's image when no other is given.
    const image = opts.image ?? blankImage();
    return {
      open: () => openDatabase({ ...(opts.dataDir ? { dataDir: opts.dataDir } : { inMemory: true }), image, sharedBuffers: TEST_SHARED_BUFFERS }),
      dispose: async () => {},
    };
  }
  const name = `hope_t_${randomBytes(6).toString('hex')}`;
  // The template's name is the global setup's own (hope_seed_<hex>), never a request's.
  await adminQuery(url, `create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    open: () => openDatabase({ databaseUrl: dbUrl.toString() }),
    dispose: () => adminQuery(url, `drop database if exists ${name} with (force)`),
  };
}

/** Runs one statement on a fresh connection to the given PostgreSQL URL. */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function parse(response: Response): Promise<Reply> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers };
}

/** A fresh, empty DATA_DIR. */
export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'hope-api-'));

/** A DATA_DIR and a database that outlive one server (restart tests); dispose() removes both. */
export async function persistentStore(): Promise<{ dataDir: string; database: TestDatabase; dispose(): Promise<void> }> {
  const dataDir = tempDataDir();
  const database = await createTestDatabase({ dataDir });
  return {
    dataDir,
    database,
    async dispose() {
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Where the global setup (seeded-database.ts) leaves a database as a first start leaves it: the embedded
 * database's image, or the name of a template database on the PostgreSQL server.
 */
const SEEDED_DIR = join(import.meta.dirname, '..', '..', '..', '.tmp', 'api-seeded-database');
export const SEEDED_IMAGE_FILE = join(SEEDED_DIR, 'pglite.tar');
export const SEEDED_TEMPLATE_FILE = join(SEEDED_DIR, 'postgres-template.txt');
/** An empty embedded cluster (initdb, nothing more), for databases that must start empty or seed for themselves. */
export const BLANK_IMAGE_FILE = join(SEEDED_DIR, 'pglite-blank.tar');
/** Settings that change what a first start writes to the database: a start given one seeds for itself. */
const SEEDING_ENV = ['ADMIN_PASSWORD', 'DEMO_DATA', 'DATABASE_URL'];
let seededImage: Uint8Array | undefined;
let blank: Uint8Array | undefined;
/**
 * A test database's shared_buffers: PGlite clears them on every open, and a run opens a hundred databases;
 * 16MB holds a test's data many times over (PostgreSQL's 128MB cost half a second an open).
 */
const TEST_SHARED_BUFFERS = '16MB';

const imageFile = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);
export function blankImage(): Uint8Array | undefined {
  blank ??= imageFile(BLANK_IMAGE_FILE);
  return blank;
}

/**
 * Makes `dataDir` an embedded install's data directory holding an empty cluster, for a test that starts a
 * server process on it: the process then migrates and seeds as on a first start, without running initdb.
 */
export async function emptyEmbeddedDataDir(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ dataDir, image: blankImage(), sharedBuffers: TEST_SHARED_BUFFERS });
  await database.close();
}

/**
 * The database as a first start with the test settings leaves it (migrated, seeded), to start from instead
 * of running initdb, the migrations and the seed again: a start on it is a restart with a new DATA_DIR.
 * Not for a start whose settings seed differently.
 */
function seededStartFor(env: Record<string, string | undefined>): { image?: Uint8Array; template?: string } | undefined {
  if (SEEDING_ENV.some((key) => key in env)) return undefined;
  if (adminUrl()) return existsSync(SEEDED_TEMPLATE_FILE) ? { template: readFileSync(SEEDED_TEMPLATE_FILE, 'utf8').trim() } : undefined;
  seededImage ??= imageFile(SEEDED_IMAGE_FILE);
  return seededImage && { image: seededImage };
}

/** The configuration a test server runs with: the test defaults, then `env` (a key set to undefined is removed). */
export function testConfig(dataDir: string, env: Record<string, string | undefined> = {}): ServerConfig {
  const fullEnv: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    ADMIN_PASSWORD,
    // Many logins per file; the rate-limit test starts its own server with a low limit.
    LOGIN_RATE_LIMIT: '100000',
    // No built client in the tests: the API does not depend on it.
    CLIENT_DIR: join(dataDir, 'no-client'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL || 'error',
  };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete fullEnv[key];
    else fullEnv[key] = value;
  }
  return loadConfig(fullEnv);
}

/**
 * Starts the server on 127.0.0.1, port 0, on a fresh database and a fresh DATA_DIR.
 * `env` adds to or overrides the environment the config is read from (e.g. LOGIN_RATE_LIMIT, ALLOW_GUEST;
 * DEMO_DATA=true also writes the demo donations that a first `npm start` writes);
 * a key set to undefined is removed (e.g. ADMIN_PASSWORD: undefined to have one generated).
 * `reuse` starts it on an existing data dir and database instead (restart tests); the caller then
 * removes them, close() only stops the server.
 */
export async function startServer(env: Record<string, string | undefined> = {}, reuse?: { dataDir: string; database: TestDatabase }): Promise<TestServer> {
  const dataDir = reuse?.dataDir ?? tempDataDir();
  const cleanUp = async (testDb: TestDatabase) => {
    if (reuse) return;
    await testDb.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const config = testConfig(dataDir, env);
  const seeded = reuse ? undefined : seededStartFor(env);
  const testDb = reuse?.database ?? (await createTestDatabase(seeded));
  const database = await testDb.open();
  let app: FastifyInstance | undefined;
  try {
    // As server/main.ts starts, except that the demo donations are written only when asked for
    // (DEMO_DATA=true): most tests want a database with nothing but their own records.
    const built = await prepareApp(config, database, { demoData: env.DEMO_DATA === 'true' });
    // From the image the seed has run already; what a first start reports is what it reported then.
    const seed = seeded ? { seeded: true } : built.seed;
    app = built.app;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('server has no TCP address');
    const origin = `http://127.0.0.1:${address.port}`;
    const base = `${origin}${config.apiBase}`;

    const send = async (method: string, path: string, body: unknown, token?: string, headers: Record<string, string> = {}) => {
      const h: Record<string, string> = { ...headers };
      if (token !== undefined) h['X-Access-Token'] = token;
      let payload: string | undefined;
      if (body !== undefined) {
        payload = typeof body === 'string' ? body : JSON.stringify(body);
        h['content-type'] ??= 'application/json';
      }
      return parse(await fetch(urlOf(path), { method, headers: h, body: payload }));
    };
    const urlOf = (path: string) => `${base}${path.startsWith('/') ? '' : '/'}${path}`;
    const auth = (token?: string): Record<string, string> => (token === undefined ? {} : { 'X-Access-Token': token });
    const api: Api = {
      post: (path, body, token, headers) => send('POST', path, body, token, headers),
      get: (path, token, headers) => send('GET', path, undefined, token, headers),
      put: (path, body, token) => send('PUT', path, body, token),
      delete: (path, token) => send('DELETE', path, undefined, token),
      async upload(path, file, fileName, token, field = 'file') {
        const form = new FormData();
        form.append(field, new Blob([new Uint8Array(file)]), fileName);
        return parse(await fetch(urlOf(path), { method: 'POST', headers: auth(token), body: form }));
      },
      async download(path, token) {
        const response = await fetch(urlOf(path), { headers: auth(token) });
        const bytes = Buffer.from(await response.arrayBuffer());
        let body: unknown = null;
        if ((response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(bytes.toString('utf8'));
        return { status: response.status, body, headers: response.headers, bytes };
      },
    };

    const closeApp = app;
    return {
      origin,
      config,
      ctx: built.ctx,
      app: closeApp,
      db: database.db,
      seed,
      controlKey: built.controlKey,
      api,
      async loginAs(username, password) {
        const r = await api.post('/sys/login', { username, password });
        if (r.status !== 200 || !r.body?.result?.token) throw new Error(`login as ${username} failed: ${r.status} ${JSON.stringify(r.body)}`);
        return r.body.result.token as string;
      },
      raw: async (path, init) => parse(await fetch(`${origin}${path}`, init)),
      async close() {
        await closeApp.close();
        await database.close();
        await cleanUp(testDb);
      },
    };
  } catch (error) {
    await app?.close();
    await database.close();
    await cleanUp(testDb);
    throw error;
  }
}
