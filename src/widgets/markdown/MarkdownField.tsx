import { lazyField } from '../lazy-field/lazyField.tsx';

export const MarkdownField = lazyField(() => import('./MarkdownEditor.tsx'));
