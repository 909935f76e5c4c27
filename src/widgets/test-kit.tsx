import { createForm, type Form } from '@formily/core';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WidgetItem, WidgetOptions } from '../core/schema/types.generated.ts';
import { SchemaForm } from '../runtime/renderers/form/SchemaForm.tsx';
import type { WidgetType } from '../runtime/widgets/contract.ts';
import { loadWidgetKit } from '../runtime/widgets/kit.ts';
import { formItem, renderUi } from '../test-kit/render.tsx';
import { widgetOf } from './registry.ts';
import { itemOf } from './story-kit/stories.tsx';

/*
 * The widgets' own tests (src/widgets/<name>/<name>.test.tsx): a widget is rendered as a schema form
 * renders it — its registration's scaffold compiled by the real form compiler onto a Formily form — and
 * the test reads the form's value, which is what the record saves.
 */

export interface WidgetSetup {
  /** The widget's value in the form (its model's). */
  value?: unknown;
  /** Other fields of the form (the levels after the first of a linked dropdown). */
  values?: Record<string, unknown>;
  options?: WidgetOptions;
  item?: Partial<WidgetItem>;
}

export async function renderWidget(type: WidgetType, { value, values, options, item: overrides }: WidgetSetup = {}) {
  await loadWidgetKit();
  const item = itemOf(type, overrides, options);
  const model = item.model!;
  const form: Form = createForm({ initialValues: { ...values, ...(value === undefined ? {} : { [model]: value }) } });
  const view = renderUi(<SchemaForm formDef={{ list: [item], config: { layout: 'horizontal' } }} form={form} />);
  return {
    ...view,
    form,
    /** The widget's value as the form holds it. */
    value: () => form.values[model] as unknown,
    /** The widget's form item (its label, control and message). */
    field: () => formItem(item.label!),
    /** The widget's first input or text area. */
    control: () => formItem(item.label!).querySelector<HTMLInputElement>('input, textarea')!,
  };
}

export type WidgetView = Awaited<ReturnType<typeof renderWidget>>;

/** What every data widget is held to: a stored value shows, and what the user enters is the form's value. */
export interface WidgetBehaviour {
  options?: WidgetOptions;
  /** A stored value (a record loaded into the form)… */
  stored: unknown;
  /** …and how the widget shows it. */
  shows: (view: WidgetView) => unknown;
  /** Where the user starts (empty unless said). */
  from?: unknown;
  /** What the user does… */
  enter: (view: WidgetView) => Promise<unknown>;
  /** …and the value the form then holds. */
  gives: unknown;
}

export function describeWidget(type: WidgetType, behaviour: WidgetBehaviour) {
  const { options, stored, shows, from, enter, gives } = behaviour;
  describe(`${widgetOf(type)!.label} (${type})`, () => {
    it('shows a stored value', async () => {
      await shows(await renderWidget(type, { value: stored, options }));
    });

    it('what the user enters is the form value', async () => {
      const view = await renderWidget(type, { value: from, options });
      await enter(view);
      await waitFor(() => expect(view.value()).toEqual(gives));
    });
  });
}

/** A widget the user types into (input, textarea, password, number): the stored text in its box; what is typed over its default is the value. */
export const typing = (stored: string | number, typed: string, gives: unknown = typed): WidgetBehaviour => ({
  stored,
  shows: ({ control }) => expect(control()).toHaveValue(typeof stored === 'number' ? String(stored) : stored),
  enter: async ({ user, control }) => {
    await user.clear(control());
    await user.type(control(), typed);
  },
  gives,
});
