import type { SchemaDocument } from '../../core/schema/types.generated.ts';
import { http } from '../http/client.ts';

/*
 * The schema documents, asked once per page load and code. A module of its own, small enough for the entry
 * chunk: the route of a schema screen asks for its document while the screen's code loads (pages/registry.tsx),
 * not after that code has loaded and run (~90 ms of a screen's first open, measured).
 */
interface Entry {
  pending: Promise<SchemaDocument>;
  /** Whether a screen has taken it: a failure nobody has seen yet is kept for the screen, then forgotten. */
  claimed: boolean;
  failed: boolean;
}

const documents = new Map<string, Entry>();

function ask(code: string): Entry {
  const entry: Entry = { pending: http.get<SchemaDocument>('/sys/schema/get', { code }).then((r) => r.result), claimed: false, failed: false };
  entry.pending.catch(() => {
    entry.failed = true;
    if (entry.claimed && documents.get(code) === entry) documents.delete(code);
  });
  documents.set(code, entry);
  return entry;
}

/** The document, from the request already made for it (a failed one once: the next call asks again). */
export function fetchDocument(code: string): Promise<SchemaDocument> {
  const entry = documents.get(code) ?? ask(code);
  entry.claimed = true;
  if (entry.failed) documents.delete(code);
  return entry.pending;
}

/** Asks for the document ahead of the screen that will take it with fetchDocument: one request, one message if it fails. */
export function prefetchDocument(code: string): void {
  if (!documents.has(code)) ask(code).pending.catch(() => {});
}

export function forgetDocument(code: string) {
  documents.delete(code);
}
