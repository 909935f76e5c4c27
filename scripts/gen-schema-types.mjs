#!/usr/bin/env node
/*
 * The TypeScript types of schema documents are generated from the meta-schemas in schemas/_meta, so
 * the two cannot drift: `npm run gen:types` rewrites src/core/schema/types.generated.ts, and a unit
 * test fails when the file differs from what the meta-schemas give.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateSchemaTypes, TYPES_FILE } from './schema-types.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
writeFileSync(`${root}/${TYPES_FILE}`, await generateSchemaTypes(root));
console.log(`wrote ${TYPES_FILE}`);
