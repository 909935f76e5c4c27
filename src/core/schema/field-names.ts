/*
 * A record's field names as the database stores them (columns, snake_case) and as the API names them
 * (properties, camelCase, as JeecgBoot's Java entities do: create_time → createTime, org_code → orgCode).
 *
 * The two namings must round-trip for every column a document may declare. A plain camel/snake swap does
 * not: input_1700000000000 (a designer key) would come back as input1700000000000, address_line_2 as
 * address_line2. Such a column keeps its own name as its property — a property holds an underscore only
 * when it is its column's own name, so the two kinds never collide and each direction has one answer.
 */

/** The key a record's dictionary text travels under, after its field's name (orgCode_dictText). */
export const DICT_TEXT = '_dictText';

/** 'createTime' → 'create_time': the list API accepts JeecgBoot's camelCase column names too. */
export const toSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const toCamel = (name: string) => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** A column's property: create_time → createTime; a column whose camel form would not come back (input_17…) is its own property. */
export function propertyOf(column: string): string {
  const camel = toCamel(column);
  return toSnake(camel) === column ? camel : column;
}

/** A property's column: createTime → create_time; a property with an underscore is already its column's name. */
export const columnFor = (property: string): string => (property.includes('_') ? property : toSnake(property));

/**
 * One entity's properties and columns, built from its document's fields and the audit columns: the table
 * the engine's edge uses both ways. A name outside it is not a field of the entity, whichever naming it uses.
 */
export class PropertyMap {
  private readonly byColumn = new Map<string, string>();
  private readonly byProperty = new Map<string, string>();

  constructor(columns: Iterable<string>) {
    for (const column of columns) {
      const property = propertyOf(column);
      this.byColumn.set(column, property);
      this.byProperty.set(property, column);
    }
  }

  /** The property of a column, or of a column's dictionary text (org_code_dictText → orgCode_dictText). */
  property(column: string): string | undefined {
    if (column.endsWith(DICT_TEXT)) {
      const base = this.byColumn.get(column.slice(0, -DICT_TEXT.length));
      return base === undefined ? undefined : base + DICT_TEXT;
    }
    return this.byColumn.get(column);
  }

  /** The column of a property, or undefined when the entity has no such property (a column's own snake name is none). */
  column(property: string): string | undefined {
    return this.byProperty.get(property);
  }

  /** A name a request used, for a message: a column's own name where it has another property says which (donor_name（应写作 donorName）). */
  describe(name: string): string {
    const property = this.property(name);
    return `${name.slice(0, 64)}${property && property !== name ? `（应写作 ${property}）` : ''}`;
  }

  /** A key of a stored row as the API answers it: a field's property, and any other key (a computed hasChild) named the same way. */
  wireName(key: string): string {
    const known = this.property(key);
    if (known !== undefined) return known;
    return key.endsWith(DICT_TEXT) ? propertyOf(key.slice(0, -DICT_TEXT.length)) + DICT_TEXT : propertyOf(key);
  }

  /** A request's values with the entity's properties turned into their columns; other keys (id, to) as they came. */
  fromWire(values: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(Object.entries(values).map(([key, value]) => [this.column(key) ?? key, value]));
  }

  /** A stored row as the API answers it, one level deep (values, JSON ones included, are left as they are). */
  toWire(row: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) out[this.wireName(key)] = value;
    return out;
  }
}
