/** '0' for anything that is not a number; otherwise two decimals with thousands separators. */
export function formatMoney(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return '0';
  const [int, dec] = Math.abs(n).toFixed(2).split('.');
  return `${n < 0 ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

/**
 * Formats a numeric timestamp (milliseconds) with a pattern of yyyy MM dd HH mm ss (also YYYY/DD).
 * Anything but a number is returned unchanged, as the spec's helper accepts numeric timestamps only.
 */
export function formatDate(value: unknown, pattern = 'yyyy-MM-dd HH:mm:ss'): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  const parts: Record<string, string> = {
    yyyy: String(d.getFullYear()),
    YYYY: String(d.getFullYear()),
    MM: pad(d.getMonth() + 1),
    dd: pad(d.getDate()),
    DD: pad(d.getDate()),
    HH: pad(d.getHours()),
    mm: pad(d.getMinutes()),
    ss: pad(d.getSeconds()),
  };
  return pattern.replace(/yyyy|YYYY|MM|dd|DD|HH|mm|ss/g, (token) => parts[token]);
}
