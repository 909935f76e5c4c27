import DOMPurify from 'dompurify';

/*
 * Rich text is cleaned before it is shown (the html widget's content, rich-text details): DOMPurify
 * (the browser's own parser, nothing fetched or run while cleaning) with an allow-list of tags and
 * attributes, links and images only to http(s), mail, relative or data-image addresses. Scripts, styles,
 * frames, forms and event handlers never reach the page. The server cleans what it stores with
 * sanitize-html to the same list; this is the second wall, for content stored before or elsewhere.
 */

const TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'span',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'blockquote',
  'pre',
  'code',
  'hr',
  'font',
  'sub',
  'sup',
  'small',
  'big',
  'mark',
];
/** Removed with everything inside them (other tags outside the list are unwrapped: their text stays). */
const DROPPED = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'link',
  'meta',
  'base',
  'svg',
  'math',
  'template',
  'noscript',
];
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

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** One purifier with this module's rules (hooks are per instance: the global one stays as DOMPurify ships it). */
function purify(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const allowed = COMMON_ATTRS.includes(data.attrName) || (ATTRS[tag] ?? []).includes(data.attrName);
    const value = data.attrValue.trim();
    const urlAttr = data.attrName === 'href' || data.attrName === 'src';
    if (!allowed || (urlAttr && !SAFE_URL.test(value)) || (data.attrName === 'style' && UNSAFE_STYLE.test(value))) data.keepAttr = false;
  });
  // A link opening a new tab must not hand the new page a handle on this one.
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

export function sanitizeHtml(html: string | undefined | null): string {
  if (!html) return '';
  return purify().sanitize(html, {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: [...new Set([...COMMON_ATTRS, ...Object.values(ATTRS).flat()])],
    FORBID_TAGS: DROPPED,
    FORBID_CONTENTS: [...DROPPED, 'noembed', 'noframes', 'plaintext', 'xmp', 'title', 'head', 'audio', 'video'],
    // Tags outside the list keep their text; the dropped ones go with their content.
    KEEP_CONTENT: true,
    ALLOW_DATA_ATTR: false,
    // Addresses are checked by the hook (SAFE_URL, on href and src only): DOMPurify's ALLOWED_URI_REGEXP
    // would be applied to every other attribute value too (target, colspan…).
  });
}
