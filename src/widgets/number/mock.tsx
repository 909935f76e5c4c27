import { InputNumber } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { mockPlaceholder, mockWidth } from '../mock-kit.tsx';

export const numberMock = (item: WidgetItem): ReactNode => (
  <InputNumber
    style={mockWidth(item)}
    placeholder={mockPlaceholder(item, '请输入')}
    value={typeof item.options?.defaultValue === 'number' ? item.options.defaultValue : undefined}
    tabIndex={-1}
  />
);
