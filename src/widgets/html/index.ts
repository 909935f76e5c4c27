import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { sanitizeHtml } from '../../runtime/helpers/sanitize-html.ts';
import { mockNote } from '../mock-kit.tsx';
import { HtmlBlock } from './HtmlBlock.tsx';

/* No model and no rules (spec section 3): it shows its defaultValue as HTML. */
export const html: WidgetRegistration = {
  type: 'html',
  label: 'HTML',
  group: 'advanced',
  data: false,
  components: { HtmlBlock },
  settings: ['defaultValue:html', 'hidden'],
  mock: (item) =>
    mockNote(
      `HTML: ${
        typeof item.options?.defaultValue === 'string'
          ? sanitizeHtml(item.options.defaultValue)
              .replace(/<[^>]*>/g, '')
              .slice(0, 40)
          : ''
      }`,
    ),
  schema: (item) => ({
    type: 'void',
    'x-component': 'HtmlBlock',
    'x-component-props': { html: typeof item.options?.defaultValue === 'string' ? item.options.defaultValue : '' },
    'x-hidden': item.options?.hidden || undefined,
  }),
  scaffold: () => ({ type: 'html', label: 'HTML', icon: 'icon-code', options: { defaultValue: '<strong>HTML</strong>', hidden: false } }),
};
