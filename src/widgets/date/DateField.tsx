import { DatePicker } from '@formily/antd-v5';
import dayjs, { type Dayjs } from 'dayjs';
import type { ComponentType } from 'react';
import type { WidgetOptions } from '../../core/schema/types.generated.ts';

/** Which dates are disabled (spec section 4): all, formerly (up to the end of today), or outside a custom range. */
export function disabledDateFn(options: WidgetOptions | undefined): ((d: Dayjs) => boolean) | undefined {
  switch (options?.disabledDate) {
    case 'all':
      return () => true;
    case 'formerly':
      return (d) => !!d && d.isBefore(dayjs().endOf('day').add(1, 'millisecond'));
    case 'custom': {
      const [start, end] = options.disabledDateRange ?? [];
      return (d) => !!d && ((!!start && d.isBefore(dayjs(start).startOf('day'))) || (!!end && d.isAfter(dayjs(end).endOf('day'))));
    }
    default:
      return undefined;
  }
}

/** Formily's date picker, except that clearing sets the value to '' as the spec says. */
export function DateField({
  onChange,
  range,
  readOnly,
  ...props
}: {
  onChange?: (v: unknown) => void;
  range?: boolean;
  readOnly?: boolean;
  [prop: string]: unknown;
}) {
  const Picker = (range ? DatePicker.RangePicker : DatePicker) as unknown as ComponentType<Record<string, unknown>>;
  return (
    <Picker
      {...props}
      inputReadOnly={readOnly}
      open={readOnly ? false : undefined}
      onChange={(v: unknown) => onChange?.(v === undefined || v === null ? '' : v)}
    />
  );
}
