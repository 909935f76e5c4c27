import { vi } from 'vitest';
import type { SchemaDocument } from '../core/schema/types.generated.ts';

/*
 * The server, for component tests, at the HTTP boundary: fetch answers routes named by method and path
 * (as the client asks them, without the API base) and records every request. Everything above fetch is
 * the real client (src/runtime/http/client.ts): headers, query strings, bodies and envelopes. The
 * component project restores fetch after each test (unstubGlobals).
 */
export interface SentRequest {
  method: string;
  path: string;
  /** The query string, without the client's _t timestamp. */
  params: Record<string, string>;
  body: unknown;
}

/** A route's answer: the envelope's result, or a whole Response (a refusal). */
type Answer = (request: SentRequest) => unknown;

const envelope = (fields: Record<string, unknown>, status = 200) =>
  Response.json({ success: true, code: status, message: '操作成功！', result: null, timestamp: Date.now(), ...fields }, { status });

/** The server turning a request down: success false and the message shown (a failed check answers 200, as /sys/duplicate/check does). */
export const refusal = (message: string, status = 200) => envelope({ success: false, message }, status);

const API_PATH = '/hope-boot';

export function fakeServer(routes: Record<string, Answer>) {
  const requests: SentRequest[] = [];
  // Node's Request (jsdom has no fetch of its own) does not resolve a URL against the page, so the API
  // base is given whole, as a deployment's runtime-config.js may.
  window._CONFIG = { ...window._CONFIG, apiBase: `${location.origin}${API_PATH}` };
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.text();
    const sent: SentRequest = {
      method: request.method,
      path: decodeURIComponent(url.pathname.slice(API_PATH.length)),
      params: Object.fromEntries([...url.searchParams].filter(([key]) => key !== '_t')),
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(sent);
    const answer = routes[`${sent.method} ${sent.path}`];
    if (!answer) return refusal(`no route for ${sent.method} ${sent.path}`, 404);
    const result = await answer(sent);
    return result instanceof Response ? result : envelope({ result });
  });
  return {
    requests,
    /** The requests made to one route. */
    sentTo: (route: string) => requests.filter((r) => `${r.method} ${r.path}` === route),
  };
}

/** The dictionaries a document declares, as the server serves them once seeded (/sys/dict/getDictItems/{code}). */
export const dictionaryRoutes = (doc: SchemaDocument): Record<string, Answer> =>
  Object.fromEntries(
    (doc.dictionaries ?? []).map((d) => [`GET /sys/dict/getDictItems/${d.code}`, () => d.items.map((i) => ({ ...i, label: i.text, title: i.text }))]),
  );
