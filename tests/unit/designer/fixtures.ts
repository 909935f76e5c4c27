import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FormDef, SchemaDocument, WidgetItem } from '../../../src/core/schema/types.generated.ts';
import { EMPTY_CONFIG, initialState, type DesignerState } from '../../../src/designer/state/designer.ts';

export const root = join(import.meta.dirname, '../../..');

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '_meta' ? [] : schemaFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

/** Every schema document in schemas/ with its path relative to the repository. */
export const schemaDocuments = (): [string, SchemaDocument][] =>
  schemaFiles(join(root, 'schemas')).map((f) => [relative(root, f), JSON.parse(readFileSync(f, 'utf8')) as SchemaDocument]);

export const item = (type: WidgetItem['type'], key: string, extra: Partial<WidgetItem> = {}): WidgetItem => ({ type, key, ...extra });

export const form = (list: WidgetItem[]): FormDef => ({ list, config: { ...EMPTY_CONFIG } });

export const stateOf = (list: WidgetItem[], selected: string | null = null): DesignerState => ({ ...initialState(form(list)), selected });

export const keys = (list: WidgetItem[]) => list.map((i) => i.key);
