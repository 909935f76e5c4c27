import { Input } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { mockPlaceholder, mockWidth } from '../mock-kit.tsx';

export const inputMock = (item: WidgetItem): ReactNode => (
  <Input
    style={mockWidth(item)}
    placeholder={mockPlaceholder(item, '请输入')}
    value={typeof item.options?.defaultValue === 'string' ? item.options.defaultValue : undefined}
    tabIndex={-1}
  />
);
