import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { tableDictCode } from '../../dict/api.ts';
import { useDictOptions } from '../../dict/useDict.ts';
import { isRange, type QueryValue } from '../../query/encode.ts';
import type { QueryItem } from '../../../core/schema/types.generated.ts';
import type { QueryInputProps } from '../../widgets/contract.ts';
import { useWidgetKit } from '../../widgets/kit.ts';
import { WidgetKitBoundary } from '../../widgets/WidgetKitBoundary.tsx';

/** The dictionary behind a query item: a system code, or a table dictionary. */
export function queryDictCode(item: QueryItem): string | undefined {
  return tableDictCode(item.dictTable, item.dictText, item.dictCode) ?? (item.dictCode || item.dict || undefined);
}

function DictInput({ item, multiple, value, onChange }: { item: QueryItem; multiple?: boolean; value?: unknown; onChange?: (v: unknown) => void }) {
  const options = useDictOptions(queryDictCode(item));
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      mode={multiple ? 'multiple' : undefined}
      placeholder={`请选择${item.label}`}
      value={value as string}
      onChange={onChange}
      options={options.map((o) => ({ label: o.text, value: o.value }))}
    />
  );
}

const toText = (d: Dayjs | null | undefined, withTime: boolean) => (d ? d.format(withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD') : undefined);

function RangeInput({ item, value, onChange }: { item: QueryItem; value?: unknown; onChange?: (v: unknown) => void }) {
  const [begin, end] = (Array.isArray(value) ? value : []) as (number | string | undefined)[];
  if (item.view === 'date' || item.view === 'datetime') {
    const withTime = item.view === 'datetime';
    const picked: [Dayjs | null, Dayjs | null] | null = begin || end ? [begin ? dayjs(String(begin)) : null, end ? dayjs(String(end)) : null] : null;
    return (
      <DatePicker.RangePicker
        showTime={withTime}
        style={{ width: '100%' }}
        value={picked}
        onChange={(v) => onChange?.(v ? [toText(v[0], withTime), toText(v[1], withTime)] : undefined)}
      />
    );
  }
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber placeholder="最小值" value={begin as number} onChange={(v) => onChange?.([v ?? undefined, end])} style={{ width: '50%' }} />
      <InputNumber placeholder="最大值" value={end as number} onChange={(v) => onChange?.([begin, v ?? undefined])} style={{ width: '50%' }} />
    </Space.Compact>
  );
}

/** A view no built-in input answers (sel_user, sel_depart, cat_tree…): the widget that registered it. */
function WidgetQueryInput(props: QueryInputProps) {
  const kit = useWidgetKit();
  const Registered = [...kit.widgets.values()].find((w) => w.query?.views.includes(props.item.view ?? ''))?.query?.Input;
  return Registered ? <Registered {...props} /> : <TextInput {...props} />;
}

function TextInput({ item, value, onChange }: QueryInputProps) {
  return <Input allowClear placeholder={`请输入${item.label}`} value={value as string} onChange={(e) => onChange?.(e.target.value)} />;
}

function QueryInput({ item, value, onChange }: QueryInputProps) {
  if (isRange(item)) return <RangeInput item={item} value={value} onChange={onChange} />;
  switch (item.view) {
    case 'list':
    case 'radio':
    case 'sel_search':
      return <DictInput item={item} value={value} onChange={onChange} />;
    case 'list_multi':
    case 'checkbox':
      return <DictInput item={item} multiple value={value} onChange={onChange} />;
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          showTime={item.view === 'datetime'}
          style={{ width: '100%' }}
          value={value ? dayjs(String(value)) : null}
          onChange={(d) => onChange?.(toText(d, item.view === 'datetime'))}
        />
      );
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={`请输入${item.label}`} value={value as number} onChange={(v) => onChange?.(v ?? undefined)} />;
    default:
      if (!item.view || item.view === 'text') return <TextInput item={item} value={value} onChange={onChange} />;
      return (
        <WidgetKitBoundary>
          <WidgetQueryInput item={item} value={value} onChange={onChange} />
        </WidgetKitBoundary>
      );
  }
}

/** The query bar of a list (spec section 3): items whose hidden flag is '1' show only when expanded. */
export function QueryBar({ items, onSearch }: { items: QueryItem[]; onSearch: (values: Record<string, QueryValue>) => void }) {
  const [form] = Form.useForm();
  const [expanded, setExpanded] = useState(false);
  const foldable = items.some((i) => i.hidden === '1');
  const visible = items.filter((i) => expanded || i.hidden !== '1');
  if (!items.length) return null;
  return (
    <Form form={form} className="query-bar" onFinish={(v) => onSearch(v)} data-testid="query-bar">
      <Row gutter={24}>
        {visible.map((item) => (
          <Col key={item.field} xl={6} lg={8} md={12} sm={24}>
            <Form.Item label={item.label} name={item.field}>
              <QueryInput item={item} />
            </Form.Item>
          </Col>
        ))}
        <Col xl={6} lg={8} md={12} sm={24}>
          <Space className="query-bar-buttons">
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onSearch({});
              }}
            >
              重置
            </Button>
            {foldable && (
              <a onClick={() => setExpanded(!expanded)}>
                {expanded ? '收起' : '展开'} {expanded ? <UpOutlined /> : <DownOutlined />}
              </a>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
