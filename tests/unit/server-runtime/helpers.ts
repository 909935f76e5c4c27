import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { buildModel, type EntityModel } from '../../../server/engine/schema/model.ts';

const root = join(import.meta.dirname, '../../..');

export const documentOf = (code: string): SchemaDocument => JSON.parse(readFileSync(join(root, 'schemas', `${code}.json`), 'utf8'));
export const modelOf = (code: string): EntityModel => buildModel(documentOf(code));
