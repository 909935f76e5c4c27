import { Badge, Card, List } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface Entry {
  key: string;
  title: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
  /** Where the entry is handled; or `onOpen` for an entry opened in place. */
  to?: string;
  onOpen?: () => void;
}

/** One block of 任务: a titled count, the first few entries, and (`more`) a link to the screen that lists them all. */
export function CompactList({
  title,
  testId,
  total,
  more,
  entries,
  loading,
  empty,
}: {
  title: string;
  testId: string;
  total: number;
  more?: string;
  entries: readonly Entry[];
  loading: boolean;
  empty: string;
}) {
  return (
    <Card
      size="small"
      className="dashboard-block task-block"
      data-testid={testId}
      title={
        <span>
          {title} <Badge count={total} showZero overflowCount={999} color={total ? '#fa541c' : '#bfbfbf'} />
        </span>
      }
      extra={more && <Link to={more}>全部</Link>}
    >
      <List
        size="small"
        loading={loading}
        dataSource={entries as Entry[]}
        locale={{ emptyText: empty }}
        renderItem={(e) => (
          <List.Item key={e.key} className="dashboard-entry" onClick={e.onOpen} extra={e.extra} data-testid={`${testId}-entry`}>
            <List.Item.Meta title={e.to ? <Link to={e.to}>{e.title}</Link> : e.title} description={e.description} />
          </List.Item>
        )}
      />
    </Card>
  );
}
