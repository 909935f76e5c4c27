import { useEffect, useState } from 'react';
import type { ChartData } from '../../../core/api-types.ts';
import { fetchChart } from './graph-api.ts';

const NO_PARAMS: Record<string, string> = {};

/**
 * One chart's figures for these query parameters (kept by the caller, so a new object means a new
 * query), reloaded on demand; an answer that arrives after the chart changed is dropped.
 */
export function useChartData(code: string, params: Record<string, string> = NO_PARAMS) {
  const [data, setData] = useState<ChartData | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchChart(code, params)
      .then(
        (d) => {
          if (!live) return;
          setData(d);
          setFailure(null);
        },
        (e: Error) => live && setFailure(e.message),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [code, params, reloads]);
  return { data, failure, loading, reload: () => setReloads((n) => n + 1) };
}
