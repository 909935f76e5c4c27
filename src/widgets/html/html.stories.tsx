import type { Meta } from '@storybook/react-vite';
import { itemOf } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/HTML html', component: WidgetStory, parameters: { widgetTypes: ['html'] } } satisfies Meta<typeof WidgetStory>;

export const Default = { args: { items: [itemOf('html')] } };
export const RichContent = {
  args: {
    items: [
      itemOf(
        'html',
        {},
        {
          defaultValue:
            '<h3>捐赠须知</h3><p>请如实填写<b>捐赠人信息</b>，<span style="color:#F5222D">带 * 为必填</span>。</p><ul><li>支持微信、支付宝</li><li>可开具捐赠票据</li></ul><a href="https://example.org" target="_blank">了解更多</a>',
        },
      ),
    ],
  },
};
/** Scripts, event handlers and javascript: links are removed before the HTML is shown. */
export const Sanitised = {
  args: {
    items: [
      itemOf(
        'html',
        {},
        {
          defaultValue:
            '<p>安全内容</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><iframe src="https://example.org"></iframe>',
        },
      ),
    ],
  },
};
export const Hidden = { args: { items: [itemOf('html', {}, { hidden: true }), itemOf('input', { key: 'after', label: '之后的字段', model: 'after' })] } };
