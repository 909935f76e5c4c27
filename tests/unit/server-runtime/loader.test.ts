import { describe, expect, it } from 'vitest';
import { parseDocuments, readSchemaFiles } from '../../../server/engine/schema/loader.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * A shipped document lives at schemas/<code>.json: the designer's 导出代码 names that file, and tests and tools find a document by its code.
 */

describe('schema files', () => {
  it('every shipped file loads, each at the path its code names', () => {
    const sources = readSchemaFiles();
    const { docs, problems } = parseDocuments(sources);
    expect(problems).toEqual([]);
    expect(sources.map((s) => s.fileCode)).toEqual([...docs.keys()].sort());
  });

  it('a file whose code names another path is refused, saying where it belongs', () => {
    // The file as shipped (fields named by property): what the loader reads.
    const doc = JSON.parse(readFileSync(join(import.meta.dirname, '../../../schemas/sys/dict.json'), 'utf8'));
    const { docs, problems } = parseDocuments([{ origin: 'schemas/system/dict.json', raw: doc, fileCode: 'system/dict' }]);
    expect(docs.has('sys/dict')).toBe(false);
    expect(problems).toEqual(['schemas/system/dict.json: code sys/dict 与文件路径不一致（应为 schemas/sys/dict.json）']);
  });
});
