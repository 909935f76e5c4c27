/*
 * A record's field names as the database stores them (snake_case) and as JeecgBoot's Java entities name
 * them (camelCase). The API answers the first and accepts both where JeecgBoot's clients send theirs.
 */

/** 'createTime' → 'create_time': the list API accepts JeecgBoot's camelCase column names too. */
export const toSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A column's name as JeecgBoot's Java field: org_code → orgCode; a dictionary text keeps its suffix (org_code_dictText → orgCode_dictText). */
export function jeecgFieldName(key: string): string {
  const dictText = key.endsWith('_dictText') ? '_dictText' : '';
  const base = dictText ? key.slice(0, -dictText.length) : key;
  return base.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()) + dictText;
}
