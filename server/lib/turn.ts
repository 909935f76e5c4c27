/**
 * Lets the event loop serve other requests before long work goes on (an import's chunks): without it a loop of
 * awaited statements can keep Node busy for seconds, on PostgreSQL too, where other connections stand idle.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** HTTP requests being answered by this process (app.ts counts them; WebSocket upgrades excepted). */
let answering = 0;

/** Counts one request from its start until its response is closed (sent or abandoned). */
export function answeringOne(response: { once(event: 'close', listener: () => void): unknown }): void {
  answering++;
  response.once('close', () => answering--);
}

/**
 * Steps aside for other requests before a further chunk of long work that holds the embedded database's only
 * connection (an import's pending batch): waits while a request besides the caller's own is being answered, at
 * most `maxMs`, then one turn more. One turn alone let each of a request's statements queue behind a chunk
 * (a list page, five statements, then took five chunks' time); `maxMs` keeps the work going however busy the server.
 */
export async function yieldToRequests(maxMs: number): Promise<void> {
  const until = performance.now() + maxMs;
  while (answering > 1 && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 1));
  await nextTurn();
}
