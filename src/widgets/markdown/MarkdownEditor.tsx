import MDEditor from '@uiw/react-md-editor';
import { previewOptions } from './markdown-options.ts';

export interface MarkdownProps {
  value?: string;
  onChange?: (text: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  height?: number;
}

/** Loaded on demand by MarkdownField; a locked field shows the rendered preview without the toolbar. */
export default function MarkdownEditor({ value, onChange, disabled, readOnly, height = 300 }: MarkdownProps) {
  const locked = disabled || readOnly;
  return (
    <div data-color-mode="light" style={{ opacity: disabled ? 0.6 : 1 }}>
      <MDEditor
        value={value ?? ''}
        onChange={(v) => onChange?.(v ?? '')}
        height={Math.max(200, height)}
        minHeight={200}
        preview={locked ? 'preview' : 'live'}
        hideToolbar={locked}
        textareaProps={{ disabled: locked }}
        previewOptions={previewOptions}
      />
    </div>
  );
}
