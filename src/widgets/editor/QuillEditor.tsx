import { App } from 'antd';
import { useMemo, useRef } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import './editor.css';
import { pickAndUploadImage, TOOLBAR } from './quill-setup.ts';

export interface EditorProps {
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  height?: number;
}

/** Nothing but Quill's closing line break: an emptied editor (whose HTML is then `<p></p>` or `<p><br></p>`) holds no value, so a required check still refuses it; a picture alone counts. */
const isEmpty = (editor: { getLength: () => number }) => editor.getLength() <= 1;

/** Loaded on demand by EditorField: Quill is large and no screen before a form needs it. */
export default function QuillEditor({ value, onChange, disabled, readOnly, height = 500 }: EditorProps) {
  const { message } = App.useApp();
  const ref = useRef<ReactQuill>(null);
  const locked = disabled || readOnly;
  const modules = useMemo(
    () => ({
      toolbar: locked
        ? false
        : {
            container: TOOLBAR,
            handlers: {
              image: () =>
                pickAndUploadImage(
                  (url) => {
                    const editor = ref.current?.getEditor();
                    const at = editor?.getSelection(true)?.index ?? editor?.getLength() ?? 0;
                    editor?.insertEmbed(at, 'image', url, 'user');
                  },
                  () => message.error('图片上传失败'),
                ),
            },
          },
    }),
    [locked, message],
  );
  return (
    <div className="widget-editor" style={{ opacity: disabled ? 0.6 : 1 }}>
      <ReactQuill
        ref={ref}
        key={String(locked)}
        theme="snow"
        value={value ?? ''}
        readOnly={locked}
        modules={modules}
        onChange={(html, _delta, _source, editor) => onChange?.(isEmpty(editor) ? '' : html)}
        style={{ height, display: 'flex', flexDirection: 'column' }}
      />
    </div>
  );
}
