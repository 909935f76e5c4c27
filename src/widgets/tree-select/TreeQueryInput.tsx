import type { QueryInputProps } from '../../runtime/widgets/contract.ts';
import { TreeSelectField } from './TreeSelectField.tsx';

/**
 * The sel_tree query view: nodes of the item's tree dictionary (dictTable, dictText, dictCode), several at
 * once; the server reads the comma list as "any of".
 */
export function TreeQueryInput({ item, value, onChange }: QueryInputProps) {
  return (
    <TreeSelectField
      multiple
      dictTable={item.dictTable}
      dictText={item.dictText}
      dictCode={item.dictCode}
      placeholder={`请选择${item.label}`}
      value={value as string | undefined}
      onChange={(v) => onChange?.(v || undefined)}
    />
  );
}
