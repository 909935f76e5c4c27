import { Checkbox, Radio, Select } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { mockNote, mockPlaceholder, mockWidth, sourceNote, staticOptions } from '../mock-kit.tsx';

/* The canvas looks of the choice widgets: their static options, or where the options come from. */

export const selectMock = (item: WidgetItem): ReactNode => (
  <Select
    style={mockWidth(item)}
    placeholder={sourceNote(item) ?? mockPlaceholder(item, '请选择')}
    options={staticOptions(item)}
    mode={item.options?.multiple ? 'multiple' : undefined}
    tabIndex={-1}
  />
);

export const radioMock = (item: WidgetItem): ReactNode => {
  const note = sourceNote(item);
  return note ? mockNote(note) : <Radio.Group options={staticOptions(item)} />;
};

export const checkboxMock = (item: WidgetItem): ReactNode => {
  const note = sourceNote(item);
  return note ? mockNote(note) : <Checkbox.Group options={staticOptions(item)} />;
};
