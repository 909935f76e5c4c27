import { Input } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { mockPlaceholder, mockWidth } from '../mock-kit.tsx';

export const textareaMock = (item: WidgetItem): ReactNode => (
  <Input.TextArea style={mockWidth(item)} rows={item.options?.minRows ?? 4} placeholder={mockPlaceholder(item, '请输入')} tabIndex={-1} />
);
