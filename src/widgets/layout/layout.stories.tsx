import type { Meta } from '@storybook/react-vite';
import { itemOf } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default {
  title: 'Widgets/布局 layout',
  component: WidgetStory,
  parameters: { widgetTypes: ['grid', 'card', 'steps', 'table', 'divider', 'alert', 'text'] },
} satisfies Meta<typeof WidgetStory>;

const field = (label: string, model: string) => itemOf('input', { key: `input_${model}`, label, model });

export const Grid = {
  args: {
    items: [
      itemOf(
        'grid',
        {
          columns: [
            { span: 12, list: [field('姓名', 'name')] },
            { span: 12, list: [field('电话', 'phone')] },
          ],
        },
        { gutter: 16 },
      ),
    ],
  },
};
export const GridThreeColumns = {
  args: {
    items: [
      itemOf('grid', {
        columns: [
          { span: 8, list: [field('省', 'p')] },
          { span: 8, list: [field('市', 'c')] },
          { span: 8, list: [field('区', 'a')] },
        ],
      }),
    ],
  },
};
export const Card = { args: { items: [itemOf('card', { label: '基本信息', list: [field('姓名', 'name'), field('学校', 'school')] })] } };
export const Steps = {
  args: {
    items: [
      itemOf('steps', {
        list: [
          itemOf('card', { key: 'card_step_1', label: '基本信息', list: [field('姓名', 'name')] }),
          itemOf('card', { key: 'card_step_2', label: '联系方式', list: [field('电话', 'phone')] }),
        ],
      }),
    ],
  },
};
export const Table = {
  args: {
    items: [
      itemOf('table', {
        trs: [
          {
            tds: [
              { colspan: 1, rowspan: 1, list: [field('姓名', 'name')] },
              { colspan: 1, rowspan: 1, list: [field('电话', 'phone')] },
            ],
          },
          {
            tds: [
              { colspan: 2, rowspan: 1, list: [field('地址（合并两列）', 'address')] },
              { colspan: 0, rowspan: 0, list: [] },
            ],
          },
        ],
      }),
    ],
  },
};
export const Divider = { args: { items: [itemOf('divider', { label: '分组标题' }, { orientation: 'left' }), field('字段', 'a')] } };
export const DividerCenter = { args: { items: [itemOf('divider', { label: '居中' }, { orientation: 'center' })] } };
export const AlertSuccess = { args: { items: [itemOf('alert', { label: '保存成功' }, { type: 'success', showIcon: true })] } };
export const AlertWarning = {
  args: { items: [itemOf('alert', { label: '请注意' }, { type: 'warning', description: '提交后不可修改', showIcon: true, closable: true })] },
};
export const AlertBanner = { args: { items: [itemOf('alert', { label: '顶部横幅' }, { type: 'info', banner: true })] } };
export const Text = { args: { items: [itemOf('text', { label: '一段说明文字' }, { textAlign: 'center' })] } };
export const TextRequiredMark = { args: { items: [itemOf('text', { label: '带必填标记的文字' }, { showRequiredMark: true })] } };
