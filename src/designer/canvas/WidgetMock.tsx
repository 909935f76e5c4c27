import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { mockNote } from '../../widgets/mock-kit.tsx';
import { widgetOf } from '../../widgets/registry.ts';

/*
 * How a widget looks on the canvas: its registration's `mock` (antd's own control, inert: the canvas item
 * takes the pointer), so the canvas is cheap to draw for 1,000 fields and shows the options as they are
 * set; a widget without one shows its type. The preview renders the real runtime form.
 */
export function WidgetMock({ item }: { item: WidgetItem }): ReactNode {
  const mock = widgetOf(item.type)?.mock;
  return mock ? mock(item) : mockNote(`控件 ${item.type}`);
}
