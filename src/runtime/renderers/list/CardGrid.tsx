import { Card, Col, Empty, Image, Row, Spin } from 'antd';
import { type ReactNode, useMemo } from 'react';
import type { DataRecord } from '../../schema/api.ts';
import type { SchemaDocument } from '../../../core/schema/types.generated.ts';
import { widgetsByModel } from '../../../core/schema/walk.ts';
import { fileUrl } from '../../helpers/files.ts';
import { runtimeConfig } from '../../config.ts';
import { ReadableValue } from '../detail/ReadableValue.tsx';
import { withWidgetKit } from '../../widgets/WidgetKitBoundary.tsx';

/*
 * The card view of a list (list.view "card", 卡片列表): the page's records as cards — the title field, an
 * optional picture, then list.card.fields as label and value, read as the detail reads them — with the
 * row's actions at the foot. Paging, the query bar and the toolbar stay the list's.
 */
function CardGridBody({
  doc,
  records,
  loading,
  actionsOf,
}: {
  doc: SchemaDocument;
  records: DataRecord[];
  loading: boolean;
  actionsOf: (row: DataRecord) => ReactNode;
}) {
  const card = doc.list!.card!;
  const fieldOf = new Map(doc.entity.fields.map((f) => [f.name, f]));
  const widgetOf = useMemo(() => widgetsByModel(doc.form?.list), [doc]);
  const shown = (card.fields ?? []).map((n) => fieldOf.get(n)).filter((f) => !!f);
  const title = fieldOf.get(card.title);
  return (
    <Spin spinning={loading}>
      {!records.length && !loading ? (
        <Empty description="暂无数据" />
      ) : (
        <Row gutter={[16, 16]} className="card-grid" data-testid="card-grid">
          {records.map((record) => {
            const picture = card.avatar ? record[card.avatar] : undefined;
            return (
              <Col key={String(record.id)} xs={24} sm={12} lg={8} xxl={6}>
                <Card
                  size="small"
                  hoverable
                  className="record-card"
                  data-testid="record-card"
                  title={title ? <ReadableValue field={title} widget={widgetOf.get(title.name)} record={record} /> : String(record[card.title] ?? '')}
                  cover={
                    typeof picture === 'string' && picture ? (
                      <Image
                        src={fileUrl(picture.split(',')[0], runtimeConfig().staticDomainURL)}
                        height={140}
                        style={{ objectFit: 'cover' }}
                        preview={false}
                      />
                    ) : undefined
                  }
                  actions={[
                    <span key="actions" className="record-card-actions">
                      {actionsOf(record)}
                    </span>,
                  ]}
                >
                  {shown.map((f) => (
                    <div key={f.name} className="record-card-field" data-field={f.name}>
                      <span className="record-card-label">{f.label}：</span>
                      <ReadableValue field={f} widget={widgetOf.get(f.name)} record={record} />
                    </div>
                  ))}
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </Spin>
  );
}

export const CardGrid = withWidgetKit(CardGridBody);
