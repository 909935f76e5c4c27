import type { CacheFigures } from '../../src/core/monitor-types.ts';
import { round } from './units.ts';

/*
 * 缓存命中率: every in-process cache that serves requests keeps one of these (hits, misses, and how to
 * count what it holds), and the context's CacheRegistry lists them for GET /monitor/caches. The counters
 * are plain numbers bumped on each look-up: nothing else is done on the request path.
 */

export class CacheStats {
  hits = 0;
  misses = 0;

  constructor(
    readonly name: string,
    /** What 监控中心 calls it. */
    readonly label: string,
    /** Entries held now (read when the figures are asked for, not kept up to date). */
    readonly entries: () => number,
  ) {}

  hit(): void {
    this.hits += 1;
  }

  miss(): void {
    this.misses += 1;
  }
}

export const hitRateOf = (hits: number, misses: number): number | null => (hits + misses ? round(hits / (hits + misses), 4) : null);

/** The caches of one server process. */
export class CacheRegistry {
  private readonly caches: CacheStats[] = [];

  add(...stats: CacheStats[]): void {
    for (const s of stats) if (!this.caches.includes(s)) this.caches.push(s);
  }

  figures(): CacheFigures[] {
    return this.caches.map((c) => ({
      name: c.name,
      label: c.label,
      entries: c.entries(),
      hits: c.hits,
      misses: c.misses,
      hitRate: hitRateOf(c.hits, c.misses),
    }));
  }
}
