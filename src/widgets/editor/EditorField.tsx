import { lazyField } from '../lazy-field/lazyField.tsx';

/** The rich-text editor widget: HTML in the value, sanitised again by the server on save. */
export const EditorField = lazyField(() => import('./QuillEditor.tsx'));
