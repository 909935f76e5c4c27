import { type Form, type FormPathPattern, isField, onFormValidateEnd, onFormValidateStart } from '@formily/core';
import { observer, Schema, type ISchema, useField } from '@formily/react';
import { type ComponentType, Fragment, type ReactNode, useEffect, useMemo, useState } from 'react';
import { widgets } from '../../../core/schema/walk.ts';
import type { FormDef, WidgetItem } from '../../../core/schema/types.generated.ts';
import { ON_SCREEN_FROM, OnScreen } from '../../helpers/on-screen.tsx';

/*
 * Forms of ON_SCREEN_FROM fields or more (issue 21: a thousand-field form opens in under a second).
 * Only what is near the screen is drawn — Formily's way of keeping a field's work to that field:
 *   - each top-level item (a field, a card, a grid…) draws once near the screen (OnScreen), so the
 *     fields of the cards below are not even created until they are scrolled to;
 *   - inside a drawn item, each field's FormItem (label, control, message) draws once near the screen;
 *   - validation covers every field all the same: when the form validates (submit, 确定, a step),
 *     the fields of the items never drawn are created first, from the same schema, exactly as
 *     RecursionField would create them (defaults, rules, linkage), so they are checked and sent; an
 *     item holding a field that failed draws at once, and so does that field's FormItem.
 * Items holding a sub-table (batch) or steps draw as usual: their rows and panes are made by their
 * components.
 */

/** The form's data fields (a batch sub-table counts as one). */
export function countFields(def: FormDef): number {
  let n = 0;
  for (const item of widgets(def.list)) if (item.model) n++;
  return n;
}

export const isLong = (def: FormDef) => countFields(def) >= ON_SCREEN_FROM;

/** About the height of a form row: antd's control (32 px) and the item's margin; a text area is taller. */
const ROW = 56;
const rowHeight = (type: string) => (type === 'textarea' || type === 'editor' || type === 'markdown' ? 78 : ROW);

/** Roughly how tall an item draws: rows stacked in lists, side by side in grid columns and table cells. */
function itemHeight(item: WidgetItem): number {
  const list = (items: WidgetItem[] | undefined) => (items ?? []).reduce((sum, i) => sum + itemHeight(i), 0);
  switch (item.type) {
    case 'card':
      return 56 + list(item.list);
    case 'grid':
      return Math.max(0, ...(item.columns ?? []).map((c) => list(c.list)));
    case 'table':
      return (item.trs ?? []).reduce((sum, tr) => sum + Math.max(0, ...tr.tds.map((td) => list(td.list))), 0);
    default:
      return rowHeight(item.type);
  }
}

/** Items whose inside is made by their own component (sub-table rows, step panes) are drawn as usual. */
const drawnAsUsual = (item: WidgetItem) => [...widgets([item])].some((w) => w.type === 'batch' || w.type === 'steps');

/** A FormItem drawn once near the screen, at once when its field has an error to show. */
export function onScreenItem(FormItem: ComponentType<Record<string, unknown>>) {
  return observer(function OnScreenFormItem(props: Record<string, unknown>) {
    const field = useField();
    const failing = isField(field) && field.selfErrors.length > 0;
    const text = typeof field.componentType === 'string' && /textarea/i.test(field.componentType);
    return (
      <OnScreen height={text ? 78 : ROW} now={failing}>
        <FormItem {...props} />
      </OnScreen>
    );
  });
}

/** Creates a schema's field (and those inside it) as RecursionField would, without drawing them. */
function createFields(form: Form, schema: Schema, name: string, basePath?: FormPathPattern) {
  const props = { ...schema.toFieldProps({ scope: {} }), name, basePath };
  if (schema.type === 'void' || schema.type === 'object') {
    const parent = schema.type === 'void' ? form.createVoidField(props) : form.createObjectField(props);
    for (const { schema: inner, key } of Schema.getOrderProperties(schema)) createFields(form, inner, String(key), parent?.address);
  } else if (schema.type === 'array') form.createArrayField(props);
  else form.createField(props);
}

interface TopItem {
  name: string;
  /** An object schema holding this one item, for a SchemaField of its own. */
  root: Schema;
  height: number;
  lazy: boolean;
}

/**
 * The top-level items of a long form, each drawn once near the screen by `draw` (a SchemaField of that
 * one item); before the form validates, the fields of the items not drawn yet are created.
 */
export function LongFormBody({ form, def, schema, draw }: { form: Form; def: FormDef; schema: ISchema; draw: (root: Schema) => ReactNode }) {
  const items = useMemo<TopItem[]>(() => {
    const names = Object.keys(schema.properties ?? {});
    return def.list.map((item, i) => {
      const name = names[i];
      const root = new Schema({ type: 'object', properties: { [name]: (schema.properties as Record<string, ISchema>)[name] } });
      return { name, root, height: itemHeight(item), lazy: !drawnAsUsual(item) };
    });
  }, [def, schema]);

  const [failing, setFailing] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const id = `long-form-${form.id}`;
    form.addEffects(id, () => {
      onFormValidateStart(() => {
        for (const item of items) if (item.lazy) createFields(form, item.root.properties![item.name], item.name);
      });
      // The top-level items holding a field that failed draw at once, to show its message.
      onFormValidateEnd(() => setFailing(new Set(form.errors.map((e) => String(e.address).split('.')[0]))));
    });
    return () => form.removeEffects(id);
  }, [form, items]);

  return (
    <>
      {items.map((item) =>
        item.lazy ? (
          <OnScreen key={item.name} height={item.height} now={failing.has(item.name)}>
            {draw(item.root)}
          </OnScreen>
        ) : (
          <Fragment key={item.name}>{draw(item.root)}</Fragment>
        ),
      )}
    </>
  );
}
