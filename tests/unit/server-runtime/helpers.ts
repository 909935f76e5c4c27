import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { columnFor } from '../../../src/core/schema/field-names.ts';
import { renameDocumentFields } from '../../../src/core/schema/field-refs.ts';
import type { SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { buildModel, type EntityModel } from '../../../server/engine/schema/model.ts';

const root = join(import.meta.dirname, '../../..');

/** A shipped document as the engine reads it: in its table's column names (the loader's renaming). */
export const documentOf = (code: string): SchemaDocument =>
  renameDocumentFields(JSON.parse(readFileSync(join(root, 'schemas', `${code}.json`), 'utf8')) as SchemaDocument, columnFor);
export const modelOf = (code: string): EntityModel => buildModel(documentOf(code));
