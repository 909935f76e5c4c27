import type { ComponentType } from 'react';
import type { QueryInputProps } from '../../runtime/widgets/contract.ts';

interface PickerProps {
  multiple?: boolean;
  placeholder?: string;
  pcode?: string;
  value?: string;
  onChange?: (value: unknown) => void;
}

/**
 * A picker as a query-bar input: always multiple, because the pickers answer comma lists, which the
 * server reads as "any of" for the picker views.
 */
export function pickerQueryInput(Picker: ComponentType<PickerProps>): ComponentType<QueryInputProps> {
  return function PickerQueryInput({ item, value, onChange }: QueryInputProps) {
    return <Picker multiple pcode={item.pcode} placeholder={`请选择${item.label}`} value={value as string} onChange={onChange} />;
  };
}
