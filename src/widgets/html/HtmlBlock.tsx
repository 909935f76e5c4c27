import { useMemo } from 'react';
import { sanitizeHtml } from '../../runtime/helpers/sanitize-html.ts';

/** The html layout widget: its HTML, cleaned by the allow-list sanitiser, never as given. */
export function HtmlBlock({ html }: { html?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className="widget-html" data-testid="widget-html" style={{ marginBottom: 16 }} dangerouslySetInnerHTML={{ __html: clean }} />;
}
