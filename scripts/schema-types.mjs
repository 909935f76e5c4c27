import { compileFromFile } from 'json-schema-to-typescript';

export const TYPES_FILE = 'src/core/schema/types.generated.ts';

const BANNER = '/* Generated from schemas/_meta/*.schema.json by `npm run gen:types`. Do not edit by hand. */';

/**
 * A definition referenced from several meta-schema files (FieldName) is declared once per reference,
 * as FieldName1, FieldName2 …: keep the first, point the others' uses at it.
 */
function collapseNumberedAliases(source) {
  const alias = /(?:\/\*\*(?:[^*]|\*(?!\/))*\*\/\n)?export type ([A-Za-z]+?)(\d+) = ([^;]+);\n/g;
  const plain = new Map([...source.matchAll(/^export type ([A-Za-z]+) = ([^;]+);$/gm)].map((m) => [m[1], m[2]]));
  const gone = new Set();
  let out = source.replace(alias, (whole, base, n, rhs) => {
    if (plain.get(base) !== rhs) return whole;
    gone.add(`${base}${n}`);
    return '';
  });
  for (const name of gone) out = out.replace(new RegExp(`\\b${name}\\b`, 'g'), name.replace(/\d+$/, ''));
  return out;
}

export async function generateSchemaTypes(root) {
  return collapseNumberedAliases(
    await compileFromFile(`${root}/schemas/_meta/document.schema.json`, {
      cwd: `${root}/schemas/_meta`,
      bannerComment: BANNER,
      additionalProperties: false,
      unreachableDefinitions: true,
      ignoreMinAndMaxItems: true,
      declareExternallyReferenced: true,
      style: { singleQuote: true, printWidth: 140 },
    }),
  );
}
