import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Space, Spin, Steps, Tabs, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { SchemaDocument } from '../../../core/schema/types.generated.ts';
import { isLockedRecord } from '../../../core/schema/locks.ts';
import { storeRouteTitle } from '../../layout/tabs.ts';
import { dictText } from '../../dict/dictionaries.ts';
import type { DataRecord } from '../../schema/api.ts';
import { recordName } from '../../schema/names.ts';
import { withWidgetKit } from '../../widgets/WidgetKitBoundary.tsx';
import { RecordFormModal } from '../form/RecordFormModal.tsx';
import { RowOperations } from '../list/RowOperations.tsx';
import { TransitionActions } from '../list/TransitionActions.tsx';
import { DetailBody, detailFields, PrintButton, usePrintOnly, useRecord } from './DetailView.tsx';
import { RecordHistory, useRecordVersions } from './RecordHistory.tsx';
import { statusFieldOf, useFieldOptions } from './status.ts';

/*
 * A record as a whole page of its screen (detail.page; the template's basic and advanced profiles):
 * a heading naming the record with its status, the moves and operations the user may make on it, where
 * it stands (detail.progress), then its sections and related lists, and its 操作记录 (detail.history).
 */

interface Props {
  doc: SchemaDocument;
  recordId: string;
  can: (action: string) => boolean;
  onBack: () => void;
}

export const RecordPage = withWidgetKit(RecordPageBody);

function RecordPageBody({ doc, recordId, can, onBack }: Props) {
  const [record, reload, version] = useRecord(doc.code, recordId, onBack);
  const [editing, setEditing] = useState(false);
  // Loaded with the record and again after each change made here.
  const versions = useRecordVersions(doc, recordId, version);
  const printable = !!doc.form?.config?.isPrint;
  usePrintOnly(printable);
  const titleField = doc.detail?.title ?? detailFields(doc)[0]?.name;
  const heading = `${recordName(doc)}${record && titleField && record[titleField] ? `：${String(record[titleField])}` : ''}`;
  const status = statusFieldOf(doc);
  const editable = !!record && can('edit') && !isLockedRecord(doc, record);
  // The record's tab is named after it (物资申领：乡村音乐课乐器), not after the list it came from.
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (record) storeRouteTitle(pathname + search, heading);
  }, [record, heading, pathname, search]);
  const detail = record && <DetailBody doc={doc} record={record} recordId={recordId} />;
  return (
    <div className="record-page" data-testid={`record-page-${doc.code}`}>
      <Card bordered={false} className="record-page-head">
        <div className="record-page-title">
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="record-back">
              返回列表
            </Button>
            <h2>{heading}</h2>
            {record && status && <StatusTag doc={doc} field={status} record={record} />}
          </Space>
          {record && (
            <Space wrap className="record-page-actions">
              <TransitionActions doc={doc} row={record} onDone={reload} />
              <RowOperations doc={doc} row={record} can={can} onDone={reload} />
              {editable && (
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  编辑
                </Button>
              )}
              {printable && <PrintButton />}
            </Space>
          )}
        </div>
        {record && doc.detail?.progress && <Progress doc={doc} record={record} />}
      </Card>
      <Card bordered={false}>
        <Spin spinning={!record}>
          {versions === undefined ? (
            detail
          ) : (
            <Tabs
              items={[
                { key: 'detail', label: '详情', children: detail },
                { key: 'history', label: '操作记录', children: <RecordHistory doc={doc} versions={versions} /> },
              ]}
            />
          )}
        </Spin>
      </Card>
      {editing && (
        <RecordFormModal
          doc={doc}
          mode="edit"
          recordId={recordId}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            reload();
          }}
        />
      )}
    </div>
  );
}

function StatusTag({ doc, field, record }: { doc: SchemaDocument; field: string; record: DataRecord }) {
  const options = useFieldOptions(doc, field);
  const value = String(record[field] ?? '');
  const option = options.find((o) => o.value === value);
  const text = (record[`${field}_dictText`] as string | undefined) ?? option?.text;
  return text ? (
    <Tag color={option?.color ?? 'blue'} data-testid="record-status">
      {text}
    </Tag>
  ) : null;
}

/** Where the record stands among its progress steps; no bar for a value off the path (驳回, 作废). */
function Progress({ doc, record }: { doc: SchemaDocument; record: DataRecord }) {
  const progress = doc.detail!.progress!;
  const options = useFieldOptions(doc, progress.field);
  const steps = useMemo(() => progress.steps ?? options.map((o) => o.value), [progress, options]);
  const current = steps.indexOf(String(record[progress.field] ?? ''));
  if (current < 0) return null;
  return (
    <Steps
      className="record-progress"
      size="small"
      current={current}
      items={steps.map((value, i) => ({
        title: dictText(options, value),
        status: i < current || (i === current && i === steps.length - 1) ? 'finish' : i === current ? 'process' : 'wait',
      }))}
      data-testid="record-progress"
    />
  );
}
