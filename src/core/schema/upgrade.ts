import { renameDocumentFields } from './field-refs.ts';
import { propertyOf } from './field-names.ts';

/*
 * Every document carries a version; a chain of pure functions lifts an old one to the current format
 * on load (and in a server migration), so a schema saved by an old designer still renders.
 */
export const CURRENT_VERSION = 2;

type Doc = Record<string, unknown>;
type Upgrade = (doc: Doc) => Doc;

/**
 * v0 → v1: version 0 is the first draft format, which had no version field, wrote dictionaries on
 * fields as dictCode and kept list actions as { toolbar, row }.
 */
function v0ToV1(doc: Doc): Doc {
  const entity = doc.entity as Doc | undefined;
  const fields = ((entity?.fields as Doc[]) ?? []).map(({ dictCode, ...f }) => (dictCode ? { ...f, dict: dictCode } : f));
  const list = doc.list as Doc | undefined;
  let nextList = list;
  if (list && list.actions) {
    const { actions, ...rest } = list as Doc & { actions: { toolbar?: string[]; row?: string[] } };
    nextList = { ...rest, ...(actions.toolbar ? { toolbar: actions.toolbar } : {}), ...(actions.row ? { rowActions: actions.row } : {}) };
  }
  return { ...doc, version: 1, ...(entity ? { entity: { ...entity, fields } } : {}), ...(nextList ? { list: nextList } : {}) };
}

/**
 * v1 → v2: version 1 named fields by their columns (create_time, org_code); version 2 by the properties
 * records carry on the wire (createTime, orgCode). Every place the meta-schemas mark as naming a field is
 * renamed; a column whose camel name would not come back to it (a designer key input_1700000000000) keeps its name.
 */
const v1ToV2: Upgrade = (doc) => ({ ...renameDocumentFields(doc, propertyOf), version: 2 });

const UPGRADES: Record<number, Upgrade> = { 0: v0ToV1, 1: v1ToV2 };

export function upgradeDocument(input: unknown): unknown {
  if (!input || typeof input !== 'object') return input;
  let doc = input as Doc;
  let version = typeof doc.version === 'number' ? doc.version : 0;
  while (version < CURRENT_VERSION) {
    const step = UPGRADES[version];
    if (!step) break;
    doc = step(doc);
    version = doc.version as number;
  }
  return doc;
}
