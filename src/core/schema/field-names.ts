/*
 * A record's field names as the database stores them (columns, snake_case) and as the API names them
 * (properties, camelCase, as JeecgBoot's Java entities do: create_time → createTime, org_code → orgCode).
 *
 * The two namings must round-trip for every column a document may declare. A plain camel/snake swap does
 * not: input_1700000000000 (a designer key) would come back as input1700000000000, address_line_2 as
 * address_line2. Such a column keeps its own name as its property — a property holds an underscore only
 * when it is its column's own name, so the two kinds never collide and each direction has one answer.
 */

const DICT_TEXT = '_dictText';

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

/** A column's name as JeecgBoot's Java field: org_code → orgCode; a dictionary text keeps its suffix (org_code_dictText → orgCode_dictText). */
export function jeecgFieldName(key: string): string {
  const base = key.endsWith(DICT_TEXT) ? key.slice(0, -DICT_TEXT.length) : key;
  return propertyOf(base) + (base === key ? '' : DICT_TEXT);
}

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

  /** A stored row as the API answers it: known columns under their properties, anything else as it was. */
  toWire(row: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) out[this.property(key) ?? key] = value;
    return out;
  }
}
