import sanitizeHtml from 'sanitize-html';
import { AUDIT_NAMES } from '../../../src/core/schema/audit-fields.ts';
import { DICT_TEXT, propertyOf } from '../../../src/core/schema/field-names.ts';
import { badRequest } from '../../http/envelope.ts';
import type { EntityModel } from '../schema/model.ts';

/*
 * A request body → the values a write may set. Audit columns and the list's *_dictText companions are
 * what a client sends back after reading a record, so they are dropped quietly, as are read-only fields
 * (roll-ups, generated codes); any other name the document does not declare is refused.
 */

export interface Input {
  id?: string;
  values: Record<string, unknown>;
  /** Rows of each batch widget, by its model. */
  batches: Map<string, unknown[]>;
  /** Values of the document's virtual fields (no column: a role's permissions): for its hooks. */
  virtual?: Record<string, unknown>;
}

const ID = /^[A-Za-z0-9_-]{1,32}$/;

export function checkId(id: unknown): string {
  if (typeof id !== 'string' || !ID.test(id)) throw badRequest('ID格式不正确');
  return id;
}

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'font'],
  allowedAttributes: { ...sanitizeHtml.defaults.allowedAttributes, '*': ['style', 'class'], img: ['src', 'alt', 'title', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto', 'data'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  // Only the looks an editor gives text: no positioning, so stored HTML cannot cover the page (a fake dialog).
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(\.\d+)?(px|em|rem|%|pt)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
    },
  },
};

export const sanitizeRichText = (html: string) => sanitizeHtml(html, RICH_TEXT);

/**
 * A body names fields by property (donorName), as records on the wire do; the values come out under
 * their columns. A column's own name where it differs (donor_name) is refused with the property to use.
 */
export function readInput(model: EntityModel, body: unknown): Input {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求数据格式不正确');
  const input: Input = { values: {}, batches: new Map() };
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'id') {
      // A chosen id (entity.chosenId) may come as a number; the writer checks it is a free positive integer.
      const given = model.doc.entity.chosenId && typeof value === 'number' ? String(value) : value;
      if (given !== undefined && given !== null && given !== '') input.id = checkId(given);
      continue;
    }
    // A dictionary text sent back with the record it was read with (orgCode_dictText).
    if (key.endsWith(DICT_TEXT) && model.wire.column(key.slice(0, -DICT_TEXT.length))) continue;
    const slot = model.batches.find((b) => propertyOf(b.model) === key);
    if (slot) {
      if (value === null || value === undefined) continue;
      if (!Array.isArray(value)) throw badRequest(`${slot.label}格式不正确`);
      input.batches.set(slot.model, value);
      continue;
    }
    const name = model.wire.column(key);
    if (!name) throw badRequest(`未知字段: ${model.wire.describe(key)}`);
    if (AUDIT_NAMES.has(name)) continue;
    const field = model.field.get(name);
    if (!field && model.doc.entity.fields.some((f) => f.virtual && f.name === name)) {
      (input.virtual ??= {})[name] = value;
      continue;
    }
    if (!field || field.readOnly) continue;
    // Rich text is sanitised by the writer's hooks, whatever path (form, import, effects) a value takes.
    input.values[name] = value === '' ? null : value;
  }
  return input;
}

/** Field defaults for a new record, under the values given. */
export function withDefaults(model: EntityModel, values: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const f of model.fields) {
    if (f.name in values && values[f.name] !== null) record[f.name] = values[f.name];
    else if (f.default !== undefined && f.default !== null) record[f.name] = f.default;
    else if (f.name in values) record[f.name] = null;
  }
  return record;
}
