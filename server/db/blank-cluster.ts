import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A new embedded data directory starts from an empty cluster's image instead of running initdb again:
 * initdb takes 10–15 s on a 2-core machine, opening an image 1–2 s, and the test suites and a first
 * `npm start` after a clean install open many new directories. The image is made from the first initdb on
 * this machine and kept under node_modules/.cache, named by PGlite's version (a new PGlite makes a new
 * one; `npm ci` clears them). It holds nothing but what initdb writes.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
// Read from the installed package (its exports do not include package.json).
const pgliteVersion = (): string =>
  (JSON.parse(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }).version;
const imageFile = () => join(root, 'node_modules', '.cache', 'hope-back-office', `pglite-${pgliteVersion()}-blank-cluster.tar`);

/** The kept empty cluster, if one was made on this machine. */
export function blankCluster(): Blob | undefined {
  try {
    const file = imageFile();
    return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `image` — taken right after an initdb, before anything was written — for the next new directory. */
export async function keepBlankCluster(image: Blob): Promise<void> {
  const file = imageFile();
  const partial = `${file}.${process.pid}.partial`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    // Whole or not at all: another process starting at the same moment reads either no file or this one.
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    console.warn(`空白数据库映像未能保存（${error instanceof Error ? error.message : error}），下次新建数据目录时将重新初始化`);
  }
}

/** Forgets a kept image that would not open. */
export const dropBlankCluster = () => rmSync(imageFile(), { force: true });
