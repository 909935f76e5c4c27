import type { SlowStatement } from '../../src/core/monitor-types.ts';
import { formatTimestamp } from '../lib/time.ts';
import { round } from './units.ts';

/*
 * 慢语句: the statements of this process that took at least the threshold (SLOW_STATEMENT_MS), timed where
 * every statement passes (server/db/round-trips.ts), grouped by their SQL text. Only the text with its
 * placeholders is kept, never the bound values: those can hold passwords, phone numbers and tokens.
 */

export const SLOW_STATEMENTS_KEPT = 50;
export const SQL_KEPT_CHARS = 500;

/** One statement's text as it is kept: whitespace runs as one space, cut to SQL_KEPT_CHARS. */
export function statementText(sqlText: string): string {
  const text = sqlText.replace(/\s+/g, ' ').trim();
  return text.length > SQL_KEPT_CHARS ? `${text.slice(0, SQL_KEPT_CHARS - 1)}…` : text;
}

export class SlowStatements {
  private threshold = 200;
  /** In order of last sight: the first is the one to drop when a new text needs room. */
  private readonly bySql = new Map<string, SlowStatement>();

  get thresholdMs(): number {
    return this.threshold;
  }
  /**
   * Set from config.slowStatementMs once the configuration is known (the database opens before it): what
   * was kept under the default and falls under the new threshold goes, so the list holds what it says.
   */
  set thresholdMs(ms: number) {
    this.threshold = ms;
    for (const [sql, entry] of this.bySql) if (entry.maxMs < ms) this.bySql.delete(sql);
  }

  constructor(private readonly kept = SLOW_STATEMENTS_KEPT) {}

  /** Called for every statement: the fast ones (nearly all) return at the first comparison. */
  observe(sqlText: string, ms: number, at = new Date()): void {
    if (ms < this.threshold) return;
    const sql = statementText(sqlText);
    const found = this.bySql.get(sql);
    const entry = found ?? { sql, count: 0, maxMs: 0, lastMs: 0, lastTime: '' };
    entry.count += 1;
    entry.maxMs = Math.max(entry.maxMs, round(ms));
    entry.lastMs = round(ms);
    entry.lastTime = formatTimestamp(at);
    this.bySql.delete(sql);
    this.bySql.set(sql, entry);
    if (this.bySql.size > this.kept) this.bySql.delete(this.bySql.keys().next().value!);
  }

  /** The slowest first. */
  list(): SlowStatement[] {
    return [...this.bySql.values()].map((s) => ({ ...s })).sort((a, b) => b.maxMs - a.maxMs);
  }
}
