import type { FieldDef } from '../../../src/core/schema/types.generated.ts';

/*
 * Sensitive values as a user without the view-sensitive permission sees them: enough to recognise a
 * record (the first and last digits), never enough to use.
 */

type MaskKind = NonNullable<FieldDef['mask']>;

const keepEnds = (text: string, head: number, tail: number) =>
  text.length > head + tail ? `${text.slice(0, head)}****${text.slice(text.length - tail)}` : '****';

const MASKS: Record<MaskKind, (text: string) => string> = {
  phone: (t) => keepEnds(t, 3, 4),
  idcard: (t) => keepEnds(t, 6, 4),
  bankcard: (t) => keepEnds(t, 6, 4),
  name: (t) => (t.length <= 1 ? t : `${t[0]}${'*'.repeat(Math.min(t.length - 1, 3))}`),
  email: (t) => {
    const at = t.indexOf('@');
    return at > 0 ? `${t[0]}****${t.slice(at)}` : keepEnds(t, 1, 0);
  },
};

export function maskValue(kind: MaskKind, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  return MASKS[kind](String(value));
}

/** Whether a value sent back by a client is the masked form of the stored one (an edit that kept it). */
export const isMaskedOf = (kind: MaskKind, incoming: unknown, stored: unknown) =>
  typeof incoming === 'string' && stored !== null && stored !== undefined && incoming !== String(stored) && incoming === maskValue(kind, stored);
