import type { ReadableSpec } from '../../runtime/widgets/contract.ts';
import { lazyField } from '../lazy-field/lazyField.tsx';

export const MarkdownField = lazyField(() => import('./MarkdownEditor.tsx'));

const MarkdownView = lazyField(() => import('./MarkdownView.tsx'));

/** A detail reads the text formatted across its whole row, loaded on demand like the editor. */
export const markdownReadable: ReadableSpec = {
  wide: true,
  render: (raw) => (typeof raw === 'string' ? <MarkdownView value={raw} /> : undefined),
};
