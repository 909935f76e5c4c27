import type { FilesystemFigures, SystemFigures } from '../../core/monitor-types.ts';

/* What the monitor dashboard derives from the answers of {API}/monitor/* (their shapes: src/core/monitor-types.ts). */

export const memoryPercent = (s: Pick<SystemFigures, 'memoryUsedMb' | 'memoryTotalMb'>) =>
  Math.round((s.memoryUsedMb / Math.max(1, s.memoryTotalMb)) * 1000) / 10;

/** The fullest filesystem, or null when none is listed. */
export const fullestDisk = <F extends Pick<FilesystemFigures, 'usePercent'>>(d: { filesystems: F[] }) =>
  d.filesystems.reduce<F | null>((top, f) => (!top || f.usePercent > top.usePercent ? f : top), null);

/** Requests between consecutive samples of the running count (a restart's drop counts as none). */
export const increments = (counts: readonly number[]) => counts.slice(1).map((n, i) => Math.max(0, n - counts[i]));
