import type { Kysely } from 'kysely';
import type { FieldDef, SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import type { DB } from '../../db/schema.ts';
import { crossCheck } from './cross-check.ts';
import { parseDocuments, readSchemaFiles, readStoredDocuments } from './loader.ts';
import { buildModel, type EntityModel } from './model.ts';

/** A start (or reload) refused: the message lists every problem, one per line, naming its document. */
export class SchemaError extends Error {
  constructor(
    readonly problems: string[],
    title = '模式文档有误，服务未启动',
  ) {
    super(`${title}:\n  ${problems.join('\n  ')}`);
  }
}

/** The documents in force and what is derived from them; replaced as a whole on reload. */
export class Registry {
  private readonly models: Map<string, EntityModel>;
  private readonly tables: Map<string, EntityModel>;

  constructor(
    docs: Iterable<SchemaDocument>,
    /** Where each document came from (file or sys_schema), for messages. */
    readonly origins: Map<string, string> = new Map(),
  ) {
    this.models = new Map([...docs].map((d) => [d.code, buildModel(d)]));
    this.tables = new Map([...this.models.values()].map((m) => [m.table, m]));
  }

  find(code: string): EntityModel | undefined {
    return this.models.get(code);
  }

  get(code: string): EntityModel {
    const model = this.models.get(code);
    if (!model) throw new Error(`unknown schema document ${code}`);
    return model;
  }

  byTable(table: string): EntityModel | undefined {
    return this.tables.get(table);
  }

  all(): EntityModel[] {
    return [...this.models.values()];
  }

  /** Fields of any document that reference records of `code` (for delete checks). */
  referencesTo(code: string): { model: EntityModel; field: FieldDef }[] {
    return this.all().flatMap((model) => model.fields.filter((f) => f.ref?.entity === code).map((field) => ({ model, field })));
  }

  /** Documents whose records are a sub-table of `code`'s records (entity.parent). */
  childrenOf(code: string): EntityModel[] {
    return this.all().filter((m) => m.doc.entity.parent?.entity === code);
  }
}

/** Reads files and stored documents, checks each and all together; throws SchemaError on any problem. */
export async function loadRegistry(db: Kysely<DB>, dir?: string): Promise<Registry> {
  const { docs, origins, problems } = parseDocuments([...readSchemaFiles(dir), ...(await readStoredDocuments(db))]);
  if (problems.length) throw new SchemaError(problems);
  const cross = crossCheck(docs);
  if (cross.length) throw new SchemaError(cross);
  return new Registry(docs.values(), origins);
}
