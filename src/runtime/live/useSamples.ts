import { useEffect, useState } from 'react';

/** Samples kept per figure: five minutes at one every 5 seconds. */
export const KEEP_SAMPLES = 60;

/** The last `keep` values of `pick(data)`, one more each time new figures arrive (a non-number is skipped). */
export function useSamples<T>(data: T | null, pick: (data: T) => number, keep = KEEP_SAMPLES): number[] {
  const [samples, setSamples] = useState<number[]>([]);
  useEffect(() => {
    if (!data) return;
    const value = pick(data);
    if (Number.isFinite(value)) setSamples((s) => [...s, value].slice(-keep));
    // Only new figures add a sample; `pick` is a function of them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, keep]);
  return samples;
}
