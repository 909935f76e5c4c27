import { badRequest } from '../../http/envelope.ts';

/*
 * Text PostgreSQL cannot store faithfully: a NUL character is refused by the database (it used to surface as
 * HTTP 500), and a lone UTF-16 surrogate would be stored as U+FFFD, silently changing what was sent. Both are
 * refused before anything is written, with a message that names the field when one is known.
 */

export const BAD_TEXT_MESSAGE = '包含不允许的字符（空字符或不完整的Unicode字符），请删除后重试';

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- NUL is the character refused
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isBadText = (text: string): boolean => BAD_TEXT.test(text);

/** Whether a value (a string, or strings anywhere inside arrays and objects, keys included) holds bad text. */
export function holdsBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isBadText(value);
  if (!value || typeof value !== 'object' || depth > 20) return false;
  if (Array.isArray(value)) return value.some((v) => holdsBadText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => isBadText(k) || holdsBadText(v, depth + 1));
}

/** Throws 400 naming the first field (by its label) whose value holds bad text. */
export function refuseBadText(values: Record<string, unknown>, labelOf: (name: string) => string = (name) => name): void {
  for (const [name, value] of Object.entries(values)) if (holdsBadText(value)) throw badRequest(`${labelOf(name)}${BAD_TEXT_MESSAGE}`);
}

/**
 * The same refusal for every request (a Fastify preHandler): a query parameter or JSON body holding bad text
 * is answered 400 before any route reads it, so no path (login, search, a route of its own) can pass it on to
 * the database. Multipart uploads are read by their routes; an imported sheet's cells meet the writer's hook.
 */
export async function refuseBadRequestText(request: { query?: unknown; body?: unknown; params?: unknown }): Promise<void> {
  if (holdsBadText(request.query) || holdsBadText(request.params) || holdsBadText(request.body)) throw badRequest(`请求${BAD_TEXT_MESSAGE}`);
}
