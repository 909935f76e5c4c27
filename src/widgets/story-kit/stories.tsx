import type { StoryObj } from '@storybook/react-vite';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { widgetOf } from '../registry.ts';
import type { WidgetType } from '../../runtime/widgets/contract.ts';
import { WidgetStory } from './WidgetStory.tsx';

type Story = StoryObj<typeof WidgetStory>;

/** A widget item from its registration's scaffold, with a key, a model and overrides. */
export function itemOf(type: WidgetType, overrides: Partial<WidgetItem> = {}, options: WidgetItem['options'] = {}): WidgetItem {
  const scaffold = widgetOf(type)!.scaffold();
  const data = widgetOf(type)!.data;
  return { ...scaffold, key: `${type}_story`, ...(data ? { model: `${type}_value` } : {}), ...overrides, options: { ...scaffold.options, ...options } };
}

/** The states every data widget shows: default, disabled, read-only and required-with-error. */
export function standardStories(type: WidgetType, value?: unknown): Record<'Default' | 'Disabled' | 'ReadOnly' | 'RequiredError', Story> {
  const model = `${type}_value`;
  const values = value === undefined ? undefined : { [model]: value };
  return {
    Default: { args: { items: [itemOf(type)] } },
    Disabled: { args: { items: [itemOf(type, {}, { disabled: true })], values } },
    ReadOnly: { args: { items: [itemOf(type, {}, { readonly: true })], values } },
    RequiredError: { args: { items: [itemOf(type, { rules: [{ required: true, message: '必填项' }] })], validate: true } },
  };
}
