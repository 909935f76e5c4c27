import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { sourceDictCode } from '../../runtime/dict/dictionaries.ts';

/** Component props shared by every widget whose options come from a source. */
export function sourceProps(item: WidgetItem): Record<string, unknown> {
  const code = sourceDictCode(item.options);
  return code ? { dictCode: code } : { staticOptions: item.options?.options ?? [] };
}
