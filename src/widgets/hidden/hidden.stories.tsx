import type { Meta } from '@storybook/react-vite';
import { itemOf } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/隐藏域 hidden', component: WidgetStory, parameters: { widgetTypes: ['hidden'] } } satisfies Meta<typeof WidgetStory>;

/** Nothing shows; '获取数据' reveals the carried value. */
export const Default = { args: { items: [itemOf('hidden', {}, { defaultValue: 'carried-value' })] } };
