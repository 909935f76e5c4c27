/** Local wall-clock time as the API prints it: 'YYYY-MM-DD HH:mm:ss' (milliseconds optional). */
export function formatTimestamp(d: Date = new Date(), withMillis = false): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const base = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  return withMillis ? `${base}.${p(d.getMilliseconds(), 3)}` : base;
}

export const nowText = () => formatTimestamp(new Date());
