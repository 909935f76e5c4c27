/*
 * The html widget's HTML is cleaned before it is shown (spec: "html" renders its defaultValue): an
 * allow-list of tags and attributes, links and images only to http(s), relative or data-image
 * addresses. Scripts, styles, frames, forms and event handlers never reach the page. Runs on the
 * browser's own parser (DOMParser): parsing is inert, nothing is fetched or run while cleaning.
 */

const TAGS = new Set([
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'span', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li',
  'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'blockquote', 'pre', 'code', 'hr', 'font', 'sub', 'sup', 'small', 'big', 'mark',
]);
/** Removed with everything inside them (other unknown tags are unwrapped: their text stays). */
const DROPPED = new Set(['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'button', 'textarea', 'select', 'option', 'link', 'meta', 'base', 'svg', 'math', 'template', 'noscript']);
const COMMON_ATTRS = ['style', 'class', 'title', 'align'];
const ATTRS: Record<string, string[]> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan', 'width'],
  th: ['colspan', 'rowspan', 'width'],
  table: ['border', 'width', 'cellpadding', 'cellspacing'],
  font: ['color', 'size', 'face'],
  ol: ['start'],
};
const SAFE_URL = /^(https?:\/\/|mailto:|\/|\.\/|#|data:image\/(png|gif|jpeg|webp);base64,)/i;
const UNSAFE_STYLE = /expression\s*\(|url\s*\(|javascript:|behavior\s*:|-moz-binding/i;

function cleanAttributes(el: Element): void {
  const tag = el.tagName.toLowerCase();
  const allowed = new Set([...COMMON_ATTRS, ...(ATTRS[tag] ?? [])]);
  for (const attr of [...el.attributes]) {
    const name = attr.name.toLowerCase();
    const value = attr.value.trim();
    const urlAttr = name === 'href' || name === 'src';
    if (!allowed.has(name) || (urlAttr && !SAFE_URL.test(value)) || (name === 'style' && UNSAFE_STYLE.test(value))) el.removeAttribute(attr.name);
  }
  // A link opening a new tab must not hand the new page a handle on this one.
  if (tag === 'a' && el.getAttribute('target')) el.setAttribute('rel', 'noopener noreferrer');
}

function cleanChildren(parent: Node): void {
  for (const node of [...parent.childNodes]) {
    if (node.nodeType === Node.COMMENT_NODE) {
      node.remove();
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (DROPPED.has(tag)) {
      el.remove();
      continue;
    }
    cleanChildren(el);
    if (!TAGS.has(tag)) {
      el.replaceWith(...el.childNodes);
      continue;
    }
    cleanAttributes(el);
  }
}

export function sanitizeHtml(html: string | undefined | null): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}
