import { useEffect, useState } from 'react';
import { readFigures, RequestFailure } from './api.ts';

/*
 * Figures read from the API now and again every `everyMs` while the screen is shown (the dashboards'
 * monitor, and any screen that follows live figures). A failure keeps the last figures and says why;
 * after a 403 (no permission) or a 404 (an endpoint this server does not have) it stops asking, since
 * asking again would answer the same.
 */

export interface Polled<T> {
  data: T | null;
  error: string | null;
  /** The HTTP status of the last failure; null while the figures arrive. */
  status: number | null;
}

const FINAL = new Set([403, 404]);

export function usePolling<T>(path: string, { everyMs = 5000, query }: { everyMs?: number; query?: Record<string, string> } = {}): Polled<T> {
  const [state, setState] = useState<Polled<T>>({ data: null, error: null, status: null });
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    const load = () =>
      readFigures<T>(path, query).then(
        (data) => live && setState({ data, error: null, status: null }),
        (e: unknown) => {
          if (!live) return;
          const status = e instanceof RequestFailure ? e.status : null;
          setState((s) => ({ data: s.data, error: e instanceof RequestFailure ? e.message : '读取失败', status }));
          if (status !== null && FINAL.has(status)) clearInterval(timer);
        },
      );
    void load();
    timer = setInterval(load, everyMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
    // `query` is compared by its JSON (key): a new object with the same content is the same query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, key, everyMs]);
  return state;
}
