import { Alert, Divider } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';

/* The canvas looks of the layout widgets without children (containers are drawn by the designer with their drop zones). */

export const alertMock = (item: WidgetItem): ReactNode => {
  const o = item.options ?? {};
  return (
    <Alert
      message={item.label}
      description={o.description || undefined}
      type={(o.type as 'success') ?? 'success'}
      showIcon={!!o.showIcon}
      banner={!!o.banner}
      closable={!!o.closable}
    />
  );
};

export const textMock = (item: WidgetItem): ReactNode => (
  <div className="fd-mock-text" style={{ textAlign: item.options?.textAlign ?? 'left' }}>
    {item.options?.showRequiredMark && <span className="fd-required">*</span>}
    {item.label}
  </div>
);

export const dividerMock = (item: WidgetItem): ReactNode => <Divider orientation={item.options?.orientation ?? 'left'}>{item.label}</Divider>;
