import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/省市区 pca', component: WidgetStory, parameters: { widgetTypes: ['pca'] } } satisfies Meta<typeof WidgetStory>;

const standard = standardStories('pca', '110105');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const SelectType = { args: { items: [itemOf('pca', {}, { areaType: 'select' })], values: { pca_value: '440305' } } };
/** A wrong type shows 'Bad type value'. */
export const BadType = { args: { items: [itemOf('pca', {}, { areaType: 'map' as never })] } };
