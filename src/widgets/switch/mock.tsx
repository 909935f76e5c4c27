import { Switch } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';

export const switchMock = (item: WidgetItem): ReactNode => <Switch checked={item.options?.defaultValue === true} />;
