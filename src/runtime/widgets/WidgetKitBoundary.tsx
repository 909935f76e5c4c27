import { Spin } from 'antd';
import { type ComponentType, type ReactNode, Suspense } from 'react';

/** Where a component waits for the widget kit: a small spinner in its own place, not the whole page. */
export function WidgetKitBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spin size="small" />}>{children}</Suspense>;
}

/** The component, waiting inside its own boundary for the widget kit on first use. */
export function withWidgetKit<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  const Wrapped = (props: P) => (
    <WidgetKitBoundary>
      <Component {...props} />
    </WidgetKitBoundary>
  );
  Wrapped.displayName = `withWidgetKit(${Component.displayName ?? Component.name})`;
  return Wrapped;
}
