import { TimePicker } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { mockPlaceholder, mockWidth } from '../mock-kit.tsx';

export const timeMock = (item: WidgetItem): ReactNode => <TimePicker style={mockWidth(item)} placeholder={mockPlaceholder(item, '请选择')} />;
