import type { EntityModel } from '../schema/model.ts';
import { encryptSecret } from './secrets.ts';

/*
 * The record-level side of `secret` fields: encrypted just before they are stored, blank whenever a
 * record is read, and an edit that leaves one empty keeps the stored value (the form never had it).
 */

const secretFields = (model: EntityModel) => model.fields.filter((f) => f.secret);

export function encryptSecrets(model: EntityModel, values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const f of secretFields(model)) {
    const v = out[f.name];
    if (v !== null && v !== undefined && v !== '') out[f.name] = encryptSecret(String(v));
  }
  return out;
}

export function keepStoredSecrets(model: EntityModel, values: Record<string, unknown>): Record<string, unknown> {
  for (const f of secretFields(model)) if (values[f.name] === '' || values[f.name] === null) delete values[f.name];
  return values;
}

/** A change as the data log keeps it: secret fields blank even in ciphertext, like every other read. */
export function withoutSecrets<C extends { before?: Record<string, unknown>; after?: Record<string, unknown> }>(model: EntityModel, change: C): C {
  if (!secretFields(model).length) return change;
  const blank = (row?: Record<string, unknown>) => {
    if (!row) return row;
    const copy = { ...row };
    hideSecrets(model, copy);
    return copy;
  };
  return { ...change, before: blank(change.before), after: blank(change.after) };
}

/** What a reader returns for a secret field: nothing, whatever is stored. */
export function hideSecrets(model: EntityModel, row: Record<string, unknown>): void {
  for (const f of secretFields(model)) if (f.name in row) row[f.name] = '';
}
