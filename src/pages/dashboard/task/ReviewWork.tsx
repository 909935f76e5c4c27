import { useEffect, useState } from 'react';
import type { WorkplaceFigures } from '../../../core/api-types.ts';
import { fetchWorkplace } from '../api.ts';
import { CompactList } from './CompactList.tsx';

/** 待我审核: the records waiting in the lists the user may open, counted as the home page counts them, each linked to its list. */
export function ReviewWork() {
  const [pending, setPending] = useState<WorkplaceFigures['pending'] | null>(null);
  useEffect(
    () =>
      void fetchWorkplace().then(
        (f) => setPending(f.pending),
        () => setPending([]),
      ),
    [],
  );
  const open = (pending ?? []).filter((p) => p.path);
  return (
    <CompactList
      title="待我审核"
      testId="task-review"
      total={open.reduce((n, p) => n + p.count, 0)}
      loading={!pending}
      empty="没有待审核的记录"
      entries={open.map((p) => ({ key: p.key, title: `${p.title}：${p.count} 条`, to: p.path!, description: p.count ? '点击打开列表办理' : '暂无待办' }))}
    />
  );
}
