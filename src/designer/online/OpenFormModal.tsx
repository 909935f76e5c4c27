import { Modal, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { type OnlineFormRecord, onlineFormApi } from './api.ts';

/* 打开: the online forms on the server (/form/formConfiguration/list, tableTypes 1,2); a click opens one. */
export function OpenFormModal({ onOpen, onClose }: { onOpen: (code: string) => void; onClose: () => void }) {
  const [records, setRecords] = useState<OnlineFormRecord[]>();
  useEffect(() => {
    onlineFormApi.list().then(setRecords, () => setRecords([]));
  }, []);
  return (
    <Modal open title="打开在线表单" width={850} onCancel={onClose} footer={null}>
      <Table<OnlineFormRecord>
        rowKey="id"
        size="small"
        loading={!records}
        dataSource={records}
        pagination={{ pageSize: 10 }}
        onRow={(r) => ({ onClick: () => onOpen(r.desformCode), style: { cursor: 'pointer' } })}
        columns={[
          { title: '表单名称', dataIndex: 'desformName' },
          { title: '表单编码', dataIndex: 'desformCode' },
          { title: '版本', dataIndex: 'version', width: 70 },
          {
            title: '状态',
            key: 'state',
            width: 110,
            render: (_, r) =>
              r.publishedVersion ? <Tag color={r.publishedVersion === r.version ? 'green' : 'orange'}>已发布 v{r.publishedVersion}</Tag> : <Tag>未发布</Tag>,
          },
          { title: '更新时间', dataIndex: 'updateTime', width: 170 },
        ]}
      />
    </Modal>
  );
}
