/* How every monitoring figure is rounded and sized: one helper, so the screens agree on their decimals. */

export const MB = 1024 * 1024;

/** `n` to `digits` decimals (one by default). */
export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** Bytes as megabytes to one decimal. */
export const megabytes = (bytes: number): number => round(bytes / MB);
