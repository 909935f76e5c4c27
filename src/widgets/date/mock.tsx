import { DatePicker } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { mockPlaceholder, mockWidth } from '../mock-kit.tsx';

/** Date and datetime: one picker, or a range picker with its two placeholders. */
export const dateMock = (item: WidgetItem): ReactNode => {
  const o = item.options ?? {};
  const showTime = item.type === 'datetime' || !!o.showTime;
  return o.range ? (
    <DatePicker.RangePicker style={mockWidth(item)} showTime={showTime} placeholder={o.rangePlaceholder as [string, string]} />
  ) : (
    <DatePicker style={mockWidth(item)} showTime={showTime} placeholder={mockPlaceholder(item, '请选择')} />
  );
};
