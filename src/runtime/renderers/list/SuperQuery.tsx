import { FilterOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useDictOptions } from '../../dict/useDict.ts';
import type { FieldDef, SchemaDocument } from '../../../core/schema/types.generated.ts';

/*
 * 高级查询 (the superQuery button): conditions on the list's fields — field, rule, value — matched all
 * together or any one, sent as JeecgBoot's superQueryParams / superQueryMatchType. The server checks every
 * field against the entity's allow-list and reads every value as the field's type.
 */

export interface SuperCondition {
  field: string;
  rule: string;
  val: string;
}

export interface SuperQueryState {
  conditions: SuperCondition[];
  match: 'and' | 'or';
}

const RULES = [
  { value: 'eq', label: '等于' },
  { value: 'ne', label: '不等于' },
  { value: 'gt', label: '大于' },
  { value: 'ge', label: '大于等于' },
  { value: 'lt', label: '小于' },
  { value: 'le', label: '小于等于' },
  { value: 'like', label: '包含' },
  { value: 'in', label: '在…中（逗号分隔）' },
];

/** The request parameters of an advanced query (none when there is none). */
export const superQueryParams = (q: SuperQueryState | null): Record<string, string> =>
  q?.conditions.length ? { superQueryParams: JSON.stringify(q.conditions), superQueryMatchType: q.match } : {};

/** The fields a condition may name: stored, not JSON, in the document's order. */
const queryable = (doc: SchemaDocument): FieldDef[] => doc.entity.fields.filter((f) => !f.virtual && f.type !== 'json');

function ValueInput({ field, value, onChange }: { field?: FieldDef; value?: string; onChange?: (v: string) => void }) {
  const options = useDictOptions(field?.dict);
  if (field?.dict)
    return (
      <Select
        showSearch
        optionFilterProp="label"
        placeholder="请选择"
        value={value}
        onChange={onChange}
        options={options.map((o) => ({ value: o.value, label: o.text }))}
      />
    );
  return (
    <Input
      placeholder={field?.type === 'date' || field?.type === 'datetime' ? 'YYYY-MM-DD' : '请输入查询值'}
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

export function SuperQueryButton({
  doc,
  value,
  onChange,
}: {
  doc: SchemaDocument;
  value: SuperQueryState | null;
  onChange: (q: SuperQueryState | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<SuperQueryState>();
  const fields = queryable(doc);
  const fieldOf = (name?: string) => fields.find((f) => f.name === name);

  const apply = async () => {
    const { conditions = [], match } = await form.validateFields();
    onChange(conditions.length ? { conditions: conditions.map((c) => ({ ...c, val: String(c.val ?? '').trim() })), match } : null);
    setOpen(false);
  };

  return (
    <>
      <Badge count={value?.conditions.length ?? 0} size="small">
        <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} data-testid="super-query">
          高级查询
        </Button>
      </Badge>
      <Modal
        open={open}
        title="高级查询"
        width={760}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        footer={
          <Space>
            <Button
              onClick={() => {
                onChange(null);
                setOpen(false);
              }}
            >
              重置
            </Button>
            <Button type="primary" onClick={() => void apply().catch(() => undefined)}>
              查询
            </Button>
          </Space>
        }
      >
        <Form
          form={form}
          initialValues={value ?? { match: 'and', conditions: [{ field: undefined, rule: 'eq', val: undefined }] }}
          data-testid="super-query-form"
        >
          <Form.Item name="match" label="匹配方式">
            <Radio.Group
              options={[
                { value: 'and', label: '所有条件都满足' },
                { value: 'or', label: '任一条件满足' },
              ]}
            />
          </Form.Item>
          <Form.List name="conditions">
            {(rows, { add, remove }) => (
              <>
                {rows.map((row) => (
                  <Space key={row.key} align="baseline" style={{ display: 'flex' }} data-testid="super-query-row">
                    <Form.Item name={[row.name, 'field']} rules={[{ required: true, message: '请选择字段' }]}>
                      <Select
                        showSearch
                        optionFilterProp="label"
                        placeholder="字段"
                        style={{ width: 200 }}
                        options={fields.map((f) => ({ value: f.name, label: f.label }))}
                      />
                    </Form.Item>
                    <Form.Item name={[row.name, 'rule']} rules={[{ required: true, message: '请选择规则' }]}>
                      <Select style={{ width: 170 }} options={RULES} />
                    </Form.Item>
                    <Form.Item noStyle shouldUpdate>
                      {() => (
                        <Form.Item name={[row.name, 'val']} rules={[{ required: true, whitespace: true, message: '请填写查询值' }]} style={{ width: 240 }}>
                          <ValueInput field={fieldOf(form.getFieldValue(['conditions', row.name, 'field']))} />
                        </Form.Item>
                      )}
                    </Form.Item>
                    <MinusCircleOutlined aria-label="删除条件" onClick={() => remove(row.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ rule: 'eq' })}>
                  新增条件
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Modal>
    </>
  );
}
