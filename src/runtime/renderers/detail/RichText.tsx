import { sanitizeHtml } from '../../helpers/sanitize-html.ts';

/** Stored rich text, cleaned again by the allow-list (rows written by server code skip the input sanitiser). */
export function RichText({ html }: { html: string }) {
  return <div className="detail-rich-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
