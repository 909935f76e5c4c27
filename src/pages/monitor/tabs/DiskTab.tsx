import type { DiskFigures } from '../../../core/monitor-types.ts';
import { Alert, Progress, Space, Table } from 'antd';
import { useSamples } from '../../../runtime/live/useSamples.ts';
import { Trend, useLive } from '../live.tsx';

/** 磁盘监控: every mounted filesystem, and what the data directory and the uploads take. */
export function DiskTab() {
  const { data, error } = useLive<DiskFigures>('monitor/disk');
  const dataDir = useSamples(data, (d) => d.dataDirMb);
  if (error) return <Alert type="error" message={error} />;
  if (!data) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <div data-testid="data-dir-size">
        数据目录 {data.dataDirMb} MB，其中上传文件 {data.uploadsMb} MB
      </div>
      <Table
        size="small"
        rowKey="mount"
        pagination={false}
        dataSource={data.filesystems}
        columns={[
          { title: '挂载点', dataIndex: 'mount' },
          { title: '文件系统', dataIndex: 'fs' },
          { title: '类型', dataIndex: 'type' },
          { title: '总大小 (MB)', dataIndex: 'sizeMb' },
          { title: '已用 (MB)', dataIndex: 'usedMb' },
          { title: '可用 (MB)', dataIndex: 'freeMb' },
          { title: '使用率', dataIndex: 'usePercent', render: (v: number) => <Progress percent={v} size="small" /> },
        ]}
      />
      <Trend values={dataDir} label="数据目录 MB" />
    </Space>
  );
}
