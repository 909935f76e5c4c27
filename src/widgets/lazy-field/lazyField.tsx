import { Skeleton } from 'antd';
import { type FunctionComponent, lazy, Suspense } from 'react';

/**
 * A widget whose implementation is its own chunk, loaded when a form first shows it: large editors stay
 * out of the main bundle and so off the login route.
 */
export function lazyField<P extends object>(load: () => Promise<{ default: FunctionComponent<P> }>) {
  const Impl = lazy(load) as unknown as FunctionComponent<P>;
  return function LazyField(props: P) {
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <Impl {...props} />
      </Suspense>
    );
  };
}
