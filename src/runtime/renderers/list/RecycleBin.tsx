import { DeleteOutlined } from '@ant-design/icons';
import { Button, Divider, Modal, message, Popconfirm, Table } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Envelope } from '../../../core/api-types.ts';
import { type DataRecord, entityApi } from '../../schema/api.ts';
import type { SchemaDocument } from '../../../core/schema/types.generated.ts';

/*
 * The recycle bin of a soft-deleting entity (entity.softDelete, toolbar 'recycle'): its deleted records
 * with 还原 (restore) and 彻底删除 (delete for good), over /{code}/deleteList, /back and /deletePhysic.
 */

export function RecycleBinButton({ doc, onChanged }: { doc: SchemaDocument; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<DeleteOutlined />} onClick={() => setOpen(true)}>
        回收站
      </Button>
      {open && (
        <RecycleBinModal
          doc={doc}
          onClose={() => {
            setOpen(false);
            onChanged();
          }}
        />
      )}
    </>
  );
}

function RecycleBinModal({ doc, onClose }: { doc: SchemaDocument; onClose: () => void }) {
  const [rows, setRows] = useState<DataRecord[] | null>(null);
  const api = useMemo(() => entityApi(doc.code), [doc.code]);
  const load = useCallback(() => {
    api.deleted().then(setRows, () => setRows([]));
  }, [api]);
  useEffect(load, [load]);

  const act = async (call: Promise<Envelope>) => {
    message.success((await call).message);
    load();
  };
  const shown = (doc.list?.columns ?? []).slice(0, 3);
  const columns = [
    ...shown.map((c) => ({ key: c.dataIndex, dataIndex: c.dataIndex, title: c.title ?? c.dataIndex })),
    {
      key: '__actions',
      title: '操作',
      width: 160,
      render: (_: unknown, row: DataRecord) => (
        <span>
          <a onClick={() => act(api.restore(String(row.id))).catch(() => undefined)}>还原</a>
          <Divider type="vertical" />
          <Popconfirm
            title="彻底删除后无法恢复，确定删除吗?"
            okText="确定"
            cancelText="取消"
            onConfirm={() => act(api.purge(String(row.id))).catch(() => undefined)}
          >
            <a className="danger-link">彻底删除</a>
          </Popconfirm>
        </span>
      ),
    },
  ];
  return (
    <Modal open title={`${doc.title}回收站`} width={900} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<DataRecord>
        data-testid="recycle-bin"
        rowKey={(r) => String(r.id)}
        size="small"
        bordered
        loading={!rows}
        dataSource={rows ?? []}
        columns={columns}
        pagination={{ pageSize: 10 }}
      />
    </Modal>
  );
}
