import { Slider } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';

export const sliderMock = (item: WidgetItem): ReactNode => {
  const o = item.options ?? {};
  return (
    <Slider style={{ width: '100%' }} min={o.min ?? 0} max={o.max ?? 100} step={o.step ?? 1} value={typeof o.defaultValue === 'number' ? o.defaultValue : 0} />
  );
};
