import condition from '../../../schemas/_meta/condition.schema.json';
import detail from '../../../schemas/_meta/detail.schema.json';
import document from '../../../schemas/_meta/document.schema.json';
import entity from '../../../schemas/_meta/entity.schema.json';
import expression from '../../../schemas/_meta/expression.schema.json';
import form from '../../../schemas/_meta/form.schema.json';
import list from '../../../schemas/_meta/list.schema.json';

/*
 * Every place a document names a field, found from the meta-schemas rather than listed here: the
 * meta-schemas mark those places with "x-field" (see FieldName in entity.schema.json), so a new rule
 * that names a field is renamed as soon as its meta-schema refers to FieldName. Renaming walks the
 * document beside its meta-schema: it is how the version chain moves every field of a document from
 * one naming to another, and how the server reads a document in its table's column names.
 */

type Json = unknown;
type Node = Record<string, Json>;
/** Renames one field name; must give the same answer when applied twice (anyOf branches may both see a value). */
export type Rename = (name: string) => string;

const FILES: Record<string, Node> = Object.fromEntries(
  [condition, detail, document, entity, expression, form, list].map((s) => [(s as Node).$id as string, s as Node]),
);

/** A $ref's target and the file further refs inside it are relative to. */
function resolve(ref: string, file: string): { node: Node; file: string } {
  const [path, pointer = ''] = ref.split('#');
  const target = path || file;
  let node: Json = FILES[target];
  for (const part of pointer.split('/').filter(Boolean)) node = (node as Node)[part];
  if (!node || typeof node !== 'object') throw new Error(`meta-schema reference not found: ${ref} in ${file}`);
  return { node: node as Node, file: target };
}

const isObject = (v: Json): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

function renamed(kind: Json, value: string, rename: Rename): string {
  if (kind === 'name') return rename(value);
  if (kind === 'list')
    return value
      .split(',')
      .map((part) => (part.trim() ? rename(part.trim()) : part))
      .join(',');
  if (kind === 'template') return value.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (_m, name: string) => `{${rename(name)}}`);
  return value;
}

/** The schema a property of an object falls under: properties, then patternProperties, then additionalProperties. */
function propertySchema(schema: Node, key: string): Node | undefined {
  const own = (schema.properties as Node | undefined)?.[key];
  if (isObject(own)) return own;
  for (const [pattern, sub] of Object.entries((schema.patternProperties as Node | undefined) ?? {})) {
    if (new RegExp(pattern).test(key) && isObject(sub)) return sub;
  }
  return isObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
}

function walk(schema: Node, file: string, value: Json, rename: Rename): Json {
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref, file);
    return walk(target.node, target.file, value, rename);
  }
  let out = value;
  for (const branch of [...((schema.anyOf as Node[]) ?? []), ...((schema.oneOf as Node[]) ?? []), ...((schema.allOf as Node[]) ?? [])]) {
    out = walk(branch, file, out, rename);
  }
  const kind = schema['x-field'];
  if (typeof out === 'string') return renamed(kind, out, rename);
  if (Array.isArray(out)) {
    const items = schema.items;
    return isObject(items) ? out.map((item) => walk(items, file, item, rename)) : out;
  }
  if (!isObject(out)) return out;
  const next: Node = {};
  for (const [key, child] of Object.entries(out)) {
    const sub = propertySchema(schema, key);
    const name = kind === 'keys' && !key.startsWith('$') ? rename(key) : key;
    next[name] = sub ? walk(sub, file, child, rename) : child;
  }
  return next;
}

/** A copy of a schema document with every field it names renamed; the document itself is not changed. */
export function renameDocumentFields<T>(doc: T, rename: Rename): T {
  return walk(document as Node, 'document.schema.json', doc, rename) as T;
}

/** The same for the designer's { list, config } form alone. */
export function renameFormFields<T>(formDef: T, rename: Rename): T {
  return walk(form as Node, 'form.schema.json', formDef, rename) as T;
}
