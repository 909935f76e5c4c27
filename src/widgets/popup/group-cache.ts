/*
 * The three report calls are cached per group for 30 seconds when a popup names a group id (spec section
 * 7): several popups of one form over the same report ask the server once. Without a group id nothing is
 * cached. The clock is a parameter so the expiry can be tested without waiting.
 */
export const GROUP_CACHE_MS = 30_000;

export class GroupCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The cached answer for (group, key) younger than 30 s, or a fresh one from load (a failure is not kept). */
  get<T>(group: string | undefined, key: string, load: () => Promise<T>): Promise<T> {
    if (!group) return load();
    const id = `${group}\u0000${key}`;
    const hit = this.entries.get(id);
    if (hit && this.now() - hit.at < GROUP_CACHE_MS) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(id, { at: this.now(), value });
    value.catch(() => this.entries.get(id)?.value === value && this.entries.delete(id));
    return value;
  }

  /** Refresh: the next call for this group asks the server again. */
  clear(group?: string): void {
    if (!group) return;
    for (const id of [...this.entries.keys()]) if (id.startsWith(`${group}\u0000`)) this.entries.delete(id);
  }
}
