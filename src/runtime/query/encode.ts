import type { QueryItem } from '../../core/schema/types.generated.ts';

/*
 * Query values → request parameters (spec section 3): a text search wraps its value as *x* (like),
 * or prefixes ! (not equal), >= or <=; reading it back strips the wrapping. A range item sends
 * {field}_begin and {field}_end; a multi-value item sends its values joined by commas.
 */
export type InputOperator = 'like' | 'ne' | 'ge' | 'le';

export function encodeInput(value: string, op: InputOperator = 'like'): string {
  const v = value.trim();
  if (!v) return '';
  switch (op) {
    case 'like':
      return `*${v}*`;
    case 'ne':
      return `!${v}`;
    case 'ge':
      return `>=${v}`;
    case 'le':
      return `<=${v}`;
  }
}

export function decodeInput(text: string, op: InputOperator = 'like'): string {
  switch (op) {
    case 'like':
      return text.replace(/^\*/, '').replace(/\*$/, '');
    case 'ne':
      return text.replace(/^!/, '');
    case 'ge':
      return text.replace(/^>=/, '');
    case 'le':
      return text.replace(/^<=/, '');
  }
}

/** A value the user already wrote in the operator syntax (!x, >=x, <=x, *x*) is sent as written. */
export const hasOperator = (value: string) => /^(!|>=|<=|\*)|\*$/.test(value.trim());

const MULTI_VIEWS = new Set(['list_multi', 'checkbox']);
const TEXT_VIEWS = new Set(['text', undefined]);

export const isRange = (item: QueryItem) => item.mode === 'group';

export type QueryValue = string | number | null | undefined | (string | number | null | undefined)[];

/** The request parameters for the query bar's values, empty values left out. */
export function buildQueryParams(items: QueryItem[], values: Record<string, QueryValue>): Record<string, string> {
  const params: Record<string, string> = {};
  const put = (key: string, v: unknown) => {
    if (v !== undefined && v !== null && String(v).trim() !== '') params[key] = String(v).trim();
  };
  for (const item of items) {
    const value = values[item.field];
    if (isRange(item)) {
      const [begin, end] = Array.isArray(value) ? value : [];
      put(`${item.field}_begin`, begin);
      put(`${item.field}_end`, end);
    } else if (MULTI_VIEWS.has(item.view ?? '')) {
      if (Array.isArray(value) && value.length) put(item.field, value.join(','));
    } else if (TEXT_VIEWS.has(item.view)) {
      if (typeof value === 'string') put(item.field, hasOperator(value) ? value.trim() : encodeInput(value));
    } else {
      put(item.field, value as string);
    }
  }
  return params;
}
