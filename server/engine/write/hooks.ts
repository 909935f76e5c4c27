import type { Kysely } from 'kysely';
import type { EntityModel } from '../schema/model.ts';
import type { Registry } from '../schema/registry.ts';
import type { RowChange } from './aggregates.ts';
import type { Actor } from './data-log.ts';
import type { Dicts } from './record-checks.ts';

/*
 * Hooks of the writer. Every add, edit and delete runs, per document, the hooks the engine builds from what
 * the document declares (declared-hooks.ts: text checks, locks, transitions, limits, roll-ups, derived
 * statuses, delete guards) and then the hand-written hooks registered for that document (server/hooks/, one
 * small module per entity, only for what a document cannot declare).
 *
 *   beforeValidate  the values a write sets, before any check: normalise them or refuse the write
 *   beforeSave      the checked record, before its row is written: refuse it (an ApiError) or add to it
 *   afterRow        each row written or deleted, at once even inside a batch: checks whose refusal names a row
 *   afterSave       the rows written, once per batch of changes: a whole import is one call
 *   beforeDelete    the stored row, before it goes
 *   afterDelete     the rows deleted, once per batch
 *
 * Hooks run inside the write's transaction (`w.db`): whatever one throws rolls the whole write back.
 */

type Row = Record<string, unknown>;

/** What a hook may use: the transaction, the documents, who writes, dictionaries, held transition permissions. */
export interface HookContext {
  db: Kysely<any>;
  registry: Registry;
  actor: Actor;
  dicts: Dicts;
  /** Of the transition permissions and the hooks' declared `permissions`, the ones the writing user holds. */
  held: Set<string>;
  /** The report summaries of the changes are kept already (an import's pending chunks): afterSave leaves them. */
  summarised?: boolean;
}

export interface ValidateDraft {
  model: EntityModel;
  kind: 'add' | 'edit';
  /** The stored row (edit). */
  before?: Row;
  /** The values this write sets; a hook may change them. */
  values: Row;
  /** A status move of the document's steps (locked records still move). */
  statusMove: boolean;
  /** Values of the document's virtual fields sent with the write. */
  virtual: Record<string, unknown>;
}

export interface SaveDraft {
  model: EntityModel;
  kind: 'add' | 'edit';
  id: string;
  before?: Row;
  /** The whole record after validation (stored values under the new ones); a hook may add to it. */
  record: Row;
  /** Names of the fields whose value this write changes. */
  changed: Set<string>;
  /** Values of the document's virtual fields sent with the write. */
  virtual: Record<string, unknown>;
}

export interface DeleteDraft {
  model: EntityModel;
  id: string;
  before: Row;
}

export interface EntityHooks {
  /** Permission codes the hooks look up in `w.held` (read before the write's transaction begins). */
  permissions?: string[];
  beforeValidate?(draft: ValidateDraft, w: HookContext): void | Promise<void>;
  beforeSave?(draft: SaveDraft, w: HookContext): void | Promise<void>;
  /** `virtual`: the virtual field values the write was sent with (a role's permissions to store beside it). */
  afterRow?(model: EntityModel, change: RowChange, w: HookContext, virtual: Record<string, unknown>): void | Promise<void>;
  afterSave?(model: EntityModel, changes: RowChange[], w: HookContext): void | Promise<void>;
  beforeDelete?(draft: DeleteDraft, w: HookContext): void | Promise<void>;
  afterDelete?(model: EntityModel, changes: RowChange[], w: HookContext): void | Promise<void>;
}

const written = new Map<string, EntityHooks[]>();
let declared: (model: EntityModel) => EntityHooks[] = () => [];

/** Registers hand-written hooks for one document code (`system/tenant`); a module calls this once at load. */
export function registerHooks(code: string, hooks: EntityHooks): void {
  written.set(code, [...(written.get(code) ?? []), hooks]);
}

/** Set once by the engine: the generic hooks a document's declarations make. */
export function setDeclaredHooks(build: (model: EntityModel) => EntityHooks[]): void {
  declared = build;
}

/** The hooks of a document, declared ones first. */
export const hooksOf = (model: EntityModel): EntityHooks[] => [...declared(model), ...(written.get(model.code) ?? [])];
