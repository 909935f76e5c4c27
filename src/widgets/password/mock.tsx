import { Input } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { mockPlaceholder, mockWidth } from '../mock-kit.tsx';

export const passwordMock = (item: WidgetItem): ReactNode => (
  <Input.Password style={mockWidth(item)} placeholder={mockPlaceholder(item, '请输入')} tabIndex={-1} />
);
