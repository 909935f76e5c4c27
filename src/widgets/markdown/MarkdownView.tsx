import MDEditor from '@uiw/react-md-editor';
import { previewOptions } from './markdown-options.ts';

/** A stored text as a detail reads it: formatted, without the editor's box (its own chunk, loaded when a detail shows one). */
export default function MarkdownView({ value }: { value?: string }) {
  return (
    <div data-color-mode="light" className="detail-markdown">
      <MDEditor.Markdown source={value ?? ''} {...previewOptions} />
    </div>
  );
}
