import type { Field, GeneralField } from '@formily/core';
import type { SchemaReaction } from '@formily/react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';

/*
 * dictByField: the search select's dictionary follows another field of the form (跳转类型). The field's
 * value reaches the component as `typeValue`; a change of it after the first one clears the choice,
 * which belonged to the other kind of object. No code in the document: the mapping is data.
 */
export function followField(item: WidgetItem): SchemaReaction[] {
  const by = item.options?.dictByField;
  if (!by) return [];
  return [
    (field: GeneralField) => {
      const f = field as Field;
      const type = f.form.getValuesIn(by.field);
      const typeValue = type === undefined || type === null ? '' : String(type);
      const previous = f.componentProps?.typeValue as string | undefined;
      // Only a change the user made: loading a record sets the type without making the choice stale.
      const typeField = f.form.query(by.field).take() as Field | undefined;
      if (previous !== undefined && previous !== '' && previous !== typeValue && typeField?.modified) f.setValue('');
      f.setComponentProps({ typeValue });
    },
  ];
}

/** The table dictionary for a type value, or undefined for a plain text value (a URL). */
export const dictFor = (by: NonNullable<WidgetItem['options']>['dictByField'], typeValue: string | undefined): string | undefined =>
  typeValue ? by?.dicts[typeValue] : undefined;
