import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { checkDocument } from '../../../src/core/schema/check.ts';
import { columnFor } from '../../../src/core/schema/field-names.ts';
import { renameDocumentFields } from '../../../src/core/schema/field-refs.ts';
import type { SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { upgradeDocument } from '../../../src/core/schema/upgrade.ts';
import { validateDocument } from '../../../src/core/schema/validate.ts';
import type { DB } from '../../db/schema.ts';
import { reportProblems } from '../read/reports.ts';

/*
 * Documents come from two places: the files in schemas/ (shipped with the code) and sys_schema (saved by
 * the designer). Each is upgraded to the current version, then must pass the meta-schema and the
 * document checks; a stored document replaces the file of the same code.
 *
 * Documents name fields by property (createTime), as records on the wire do; the engine works in its
 * tables' columns (create_time). So each document is read once more with every field it names turned
 * into its column: that is the document the engine's models, rules and SQL use, and the engine's edge
 * (EntityModel.source, server/engine/wire.ts) turns records and requests between the two.
 */

export const SCHEMAS_DIR = fileURLToPath(new URL('../../../schemas', import.meta.url));

export interface Source {
  /** Where the document came from, for messages: 'schemas/donation/record.json' or 'sys_schema donation/record'. */
  origin: string;
  raw: unknown;
  /** For files: the path under schemas/ without .json, which must be the code (the designer's 导出代码 names that file). */
  fileCode?: string;
  parseError?: string;
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '_meta' ? [] : jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

export function readSchemaFiles(dir = SCHEMAS_DIR): Source[] {
  return jsonFiles(dir)
    .sort()
    .map((path) => {
      const origin = `schemas/${relative(dir, path)}`;
      try {
        return {
          origin,
          raw: JSON.parse(readFileSync(path, 'utf8')),
          fileCode: relative(dir, path)
            .split(sep)
            .join('/')
            .replace(/\.json$/, ''),
        };
      } catch (error) {
        return { origin, raw: undefined, parseError: (error as Error).message };
      }
    });
}

export async function readStoredDocuments(db: Kysely<DB>): Promise<Source[]> {
  const rows = await db.selectFrom('sys_schema').select(['code', 'document']).orderBy('code').execute();
  return rows.map((r) => ({ origin: `sys_schema ${r.code}`, raw: typeof r.document === 'string' ? JSON.parse(r.document) : r.document }));
}

/** Every source checked on its own; later sources (stored documents) replace earlier ones of the same code. */
export function parseDocuments(sources: Source[]): { docs: Map<string, SchemaDocument>; origins: Map<string, string>; problems: string[] } {
  const docs = new Map<string, SchemaDocument>();
  const origins = new Map<string, string>();
  const problems: string[] = [];
  for (const source of sources) {
    if (source.parseError) {
      problems.push(`${source.origin}: 不是合法的 JSON (${source.parseError})`);
      continue;
    }
    const verdict = validateDocument(upgradeDocument(source.raw));
    if (!verdict.ok || !verdict.doc) {
      problems.push(...verdict.errors.map((e) => `${source.origin}: ${e}`));
      continue;
    }
    const doc = renameDocumentFields(verdict.doc, columnFor);
    const own = [...checkDocument(verdict.doc), ...reportProblems(doc)];
    if (source.fileCode && doc.code !== source.fileCode) own.push(`code ${doc.code} 与文件路径不一致（应为 schemas/${doc.code}.json）`);
    if (!source.fileCode && origins.get(doc.code)?.startsWith('sys_schema')) own.push(`重复的 code ${doc.code}`);
    if (source.fileCode && origins.has(doc.code)) own.push(`code ${doc.code} 与 ${origins.get(doc.code)} 重复`);
    // System tables are mapped by shipped files only: a designer-made document must never expose one.
    if (doc.entity.table.startsWith('sys_') && !doc.entity.system) own.push(`表 ${doc.entity.table} 以 sys_ 开头，只能由系统文档 (system: true) 使用`);
    if (!source.fileCode && doc.entity.system) own.push('设计器保存的文档不能映射系统表 (system: true)');
    if (own.length) {
      problems.push(...own.map((p) => `${source.origin}: ${p}`));
      continue;
    }
    docs.set(doc.code, doc);
    origins.set(doc.code, source.origin);
  }
  return { docs, origins, problems };
}
