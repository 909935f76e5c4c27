/*
 * Menu URLs may hold {{ expression }} placeholders (spec section 2). JeecgBoot ran them through eval;
 * we never run strings as code, so an expression may only be a property path on window or the runtime
 * config: {{ window._CONFIG['domianURL'] }}, {{ window.location.origin }}, {{ _CONFIG.apiBase }}.
 */
const SEGMENT = /^\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*(['"])(.*?)\2\s*\])/;

function readPath(root: Record<string, unknown>, expression: string): unknown {
  let rest = expression.trim();
  const head = /^([A-Za-z_$][\w$]*)/.exec(rest);
  if (!head) return undefined;
  let value: unknown = root[head[1]];
  rest = rest.slice(head[0].length);
  while (rest.trim()) {
    const m = SEGMENT.exec(rest);
    if (!m || value === null || value === undefined) return undefined;
    value = (value as Record<string, unknown>)[m[1] ?? m[3]];
    rest = rest.slice(m[0].length);
  }
  return value;
}

export function expandUrlTemplate(url: string, scope: Record<string, unknown>): string {
  return url.replace(/{{([^}]+)}}/g, (_all, expression: string) => {
    const value = readPath(scope, expression);
    return value === undefined || value === null ? '' : String(value);
  });
}

export function isValidUrl(url: string): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}
