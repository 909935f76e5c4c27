import { RichText } from '../../runtime/renderers/detail/RichText.tsx';
import type { ReadableSpec } from '../../runtime/widgets/contract.ts';

export const richTextReadable: ReadableSpec = {
  wide: true,
  render: (raw) => (typeof raw === 'string' ? <RichText html={raw} /> : undefined),
};
