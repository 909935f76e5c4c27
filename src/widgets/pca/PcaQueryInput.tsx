import type { QueryInputProps } from '../../runtime/widgets/contract.ts';
import { PcaField } from './PcaField.tsx';

/** The pca query view: a province, a city or a county; the server reads the code as "in this region". */
export function PcaQueryInput({ item, value, onChange }: QueryInputProps) {
  return <PcaField placeholder={`请选择${item.label}`} value={value as string | undefined} onChange={(code) => onChange?.(code || undefined)} />;
}
