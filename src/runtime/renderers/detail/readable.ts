import type { DictOption } from '../../../core/api-types.ts';
import type { WidgetItem } from '../../../core/schema/types.generated.ts';
import { loadDictOptions, sourceDictCode } from '../../dict/dictionaries.ts';
import type { Lookup } from '../../widgets/contract.ts';

/*
 * The pieces a widget's readable spec is built from: names joined the way a detail shows them, and the
 * lookups every options-backed widget shares (a dictionary, a table dictionary, its static options).
 */

export const SEPARATOR = '、';
/** What an empty value shows, so a blank cell is not mistaken for one still loading. */
export const EMPTY = '-';

/** Items named where a name is known; a value nobody can name (a deleted account) stays as stored. */
export const named = (items: string[], names: Map<string, string>) => items.map((v) => names.get(v) || v).join(SEPARATOR);

const fromOptions = (options: readonly DictOption[]) => new Map(options.map((o) => [String(o.value), o.text]));

/** Labels from a dictionary: a system code or a table dictionary ('table,text,code'). */
export const dictLookup =
  (code: string): Lookup =>
  async (items) =>
    named(items, fromOptions(await loadDictOptions(code)));

/** A select's, radio's or checkbox's labels: its options source's dictionary, else its static options. */
export function optionsLookup(widget: WidgetItem): Lookup | undefined {
  const code = sourceDictCode(widget.options);
  if (code) return dictLookup(code);
  const options = widget.options?.options;
  if (!options?.length) return undefined;
  const labels = new Map(options.map((o) => [String(o.value), o.label ?? String(o.value)]));
  return async (items) => named(items, labels);
}
