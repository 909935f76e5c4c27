import { Button, Card, DatePicker, Form, Input, Modal, Popconfirm, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import type { WfEntrustView } from '../../core/workflow/wire.ts';
import { workflow } from '../../runtime/workflow/provider.ts';
import { UserField } from '../../widgets/user/UserField.tsx';
import { useRun } from './useRun.ts';

/* 流程中心 → 任务委托: hand one's tasks to a colleague for a date range (while away), and take them back. */
export default function Entrusts() {
  const run = useRun();
  const [rows, setRows] = useState<WfEntrustView[]>([]);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm();
  const load = () => workflow.entrusts().then(setRows, () => setRows([]));
  useEffect(() => void load(), []);
  const act = (work: () => Promise<string>) => run(work, load);
  const submit = async () => {
    const v = await form.validateFields();
    const [begin, end] = v.range as [Dayjs, Dayjs];
    if (await act(() => workflow.entrust({ agent: v.agent, beginDate: begin.format('YYYY-MM-DD'), endDate: end.format('YYYY-MM-DD'), reason: v.reason })))
      setAdding(false);
  };
  return (
    <Card bordered={false}>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => (form.resetFields(), setAdding(true))}>
        新增委托
      </Button>
      <Table
        rowKey="id"
        size="middle"
        dataSource={rows}
        pagination={false}
        data-testid="wf-entrusts"
        columns={[
          { title: '受托人', dataIndex: 'agentName' },
          { title: '开始日期', dataIndex: 'beginDate', width: 120 },
          { title: '结束日期', dataIndex: 'endDate', width: 120 },
          { title: '说明', dataIndex: 'reason' },
          { title: '状态', width: 90, render: (_, r) => (r.active ? <Tag color="green">生效中</Tag> : <Tag>已结束</Tag>) },
          {
            title: '操作',
            width: 90,
            render: (_, r) =>
              r.active && (
                <Popconfirm title="确定取消该委托吗?" okText="确定" cancelText="取消" onConfirm={() => act(() => workflow.revokeEntrust(r.id))}>
                  <a>取消委托</a>
                </Popconfirm>
              ),
          },
        ]}
      />
      <Modal open={adding} title="新增委托" onOk={submit} onCancel={() => setAdding(false)} okText="确定" cancelText="取消" destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="agent" label="受托人" rules={[{ required: true, message: '请选择受托人' }]}>
            <UserField />
          </Form.Item>
          <Form.Item name="range" label="委托期间" rules={[{ required: true, message: '请选择委托的开始和结束日期' }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reason" label="说明">
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
