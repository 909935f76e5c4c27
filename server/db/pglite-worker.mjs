/*
 * The embedded database's own thread (server/db/pglite-thread.ts starts it): PGlite opened here, and every
 * statement the server sends posted in and its rows posted back, so a running statement never holds the
 * server's event loop, and one that overruns its deadline can be stopped by terminating this thread.
 * Plain JavaScript: a worker thread starts without the TypeScript loader the server runs under.
 *
 * workerData: { dataDir?: string, image?: ArrayBuffer (an image() to start from), parsers: { [oid]: 'number' | 'text' },
 *   sharedBuffers?: string (PostgreSQL's shared_buffers, e.g. '16MB'),
 *   pgliteWasmModule, initdbWasmModule, fsBundle: PGlite's compiled WebAssembly and file-system bundle, made once per process }
 * In:  { id, op: 'query', sql, params } | { id, op: 'dump' } | { id, op: 'close' }
 * Out: { ready: true } | { failed: error } once opened; then { id, rows, affectedRows } | { id, image } | { id, error }
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const asText = (v) => v;
const asNumber = (v) => (v === null ? null : Number(v));
const parsers = Object.fromEntries(Object.entries(workerData.parsers).map(([oid, as]) => [oid, as === 'number' ? asNumber : asText]));

/** An error as plain data: its message and PostgreSQL's fields (code, detail, constraint …), never the statement's parameters. */
function plain(error) {
  const out = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (key === 'params' || key === 'queryOptions') continue;
      if (value !== undefined && ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
    }
  }
  return out;
}

/**
 * What PGlite reads with arrayBuffer() (an image, the file-system bundle), handed over as the buffer this
 * thread already holds: a Blob would copy ~40 MB in and read it back out again, a second per database opened.
 */
const readable = (buffer) => ({ type: '', arrayBuffer: async () => buffer });

let pg;
try {
  const image = workerData.image ? { loadDataDir: readable(workerData.image) } : {};
  const { pgliteWasmModule, initdbWasmModule, fsBundle, sharedBuffers } = workerData;
  pg = await PGlite.create({
    ...(sharedBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] } : {}),
    ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
    parsers,
    extensions: { pg_trgm },
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: readable(fsBundle),
    ...image,
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ failed: plain(error) });
}

parentPort.on('message', async (message) => {
  const { id, op } = message;
  try {
    if (op === 'query') {
      const result = await pg.query(message.sql, message.params);
      parentPort.postMessage({ id, rows: result.rows, affectedRows: result.affectedRows });
    } else if (op === 'dump') {
      const buffer = await (await pg.dumpDataDir('none')).arrayBuffer();
      parentPort.postMessage({ id, image: buffer }, [buffer]);
    } else if (op === 'close') {
      await pg.close();
      parentPort.postMessage({ id });
    }
  } catch (error) {
    parentPort.postMessage({ id, error: plain(error) });
  }
});
