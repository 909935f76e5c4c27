import { Rate } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';

export const rateMock = (item: WidgetItem): ReactNode => {
  const o = item.options ?? {};
  return <Rate count={o.max ?? 5} allowHalf={!!o.allowHalf} value={typeof o.defaultValue === 'number' ? o.defaultValue : 0} />;
};
