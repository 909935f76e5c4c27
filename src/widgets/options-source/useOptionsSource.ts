import type { DictOption } from '../../core/api-types.ts';
import { useDictOptions } from '../../runtime/dict/useDict.ts';
import type { OptionItem } from '../../core/schema/types.generated.ts';

export interface LabeledOption {
  label: string;
  value: string | number | boolean;
  color?: string;
}

const fromDict = (o: DictOption): LabeledOption => ({ label: o.text, value: o.value, color: o.color });
const fromStatic = (o: OptionItem): LabeledOption => ({ label: o.label ?? String(o.value), value: o.value });

/** The options of select, radio and checkbox widgets: static, a dictionary or a table (spec section 3). */
export function useOptionsSource(source: { dictCode?: string; options?: OptionItem[] }): LabeledOption[] {
  const dict = useDictOptions(source.dictCode);
  return source.dictCode ? dict.map(fromDict) : (source.options ?? []).map(fromStatic);
}
