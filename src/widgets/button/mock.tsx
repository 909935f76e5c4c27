import { Button } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';

export const buttonMock = (item: WidgetItem): ReactNode => {
  const type = item.options?.type;
  return (
    <Button type={type === 'dashed' ? 'dashed' : type === 'default' ? 'default' : 'primary'} danger={type === 'danger'} tabIndex={-1}>
      {item.label}
    </Button>
  );
};
