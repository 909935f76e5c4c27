import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';

/* No model and no rules (spec section 3): it shows its defaultValue as HTML. */
export const html: WidgetRegistration = {
  type: 'html',
  label: 'HTML',
  group: 'advanced',
  data: false,
  schema: (item) => ({ type: 'void', 'x-component': 'HtmlBlock', 'x-component-props': { html: typeof item.options?.defaultValue === 'string' ? item.options.defaultValue : '' }, 'x-hidden': item.options?.hidden || undefined }),
  scaffold: () => ({ type: 'html', label: 'HTML', icon: 'icon-code', options: { defaultValue: '<strong>HTML</strong>', hidden: false } }),
};
