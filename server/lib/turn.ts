/**
 * Lets the event loop serve other requests before long work goes on (an import's chunks): without it a loop of
 * awaited statements can keep Node busy for seconds, on PostgreSQL too, where other connections stand idle.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
