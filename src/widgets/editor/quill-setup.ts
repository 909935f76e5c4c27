import { Quill } from 'react-quill-new';
import { authHeaders, uploadAction } from '../upload/headers.ts';
import { fileUrl } from '../../runtime/helpers/files.ts';
import { runtimeConfig } from '../../runtime/config.ts';

/** The font sizes of spec section 9, as inline styles so the stored HTML needs no Quill stylesheet. */
export const FONT_SIZES = ['12px', '14px', '16px', '18px', '24px', '36px', '48px', '56px', '72px'];

const Size = Quill.import('attributors/style/size') as { whitelist: string[] };
Size.whitelist = FONT_SIZES;
Quill.register(Size as never, true);

export const TOOLBAR = [
  [{ size: [false, ...FONT_SIZES] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['link', 'image'],
  ['clean'],
];

/**
 * Pictures go through the upload route (biz=jeditor, jeditor=1, spec section 7) instead of Quill's default
 * base64 embedding, which would bloat the stored HTML.
 */
export function pickAndUploadImage(insert: (url: string) => void, fail: () => void) {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/gif,image/jpeg,image/png';
  input.onchange = async () => {
    const file = input.files?.[0];
    if (!file) return;
    const body = new FormData();
    body.append('biz', 'jeditor');
    body.append('jeditor', '1');
    body.append('file', file);
    try {
      const res = await fetch(uploadAction(), { method: 'POST', headers: authHeaders(), body });
      const json = (await res.json()) as { success?: boolean; message?: string };
      if (json.success && json.message) insert(fileUrl(json.message, runtimeConfig().staticDomainURL));
      else fail();
    } catch {
      fail();
    }
  };
  input.click();
}
