import { compileFromFile } from 'json-schema-to-typescript';

export const TYPES_FILE = 'src/core/schema/types.generated.ts';

const BANNER = '/* Generated from schemas/_meta/*.schema.json by `npm run gen:types`. Do not edit by hand. */';

export async function generateSchemaTypes(root) {
  return compileFromFile(`${root}/schemas/_meta/document.schema.json`, {
    cwd: `${root}/schemas/_meta`,
    bannerComment: BANNER,
    additionalProperties: false,
    unreachableDefinitions: true,
    ignoreMinAndMaxItems: true,
    declareExternallyReferenced: true,
    style: { singleQuote: true, printWidth: 140 },
  });
}
