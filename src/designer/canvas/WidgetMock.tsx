import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, DatePicker, Divider, Input, InputNumber, Radio, Rate, Select, Slider, Switch, TimePicker } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { sourceOf } from '../state/sources.ts';
import { sanitizeHtml } from '../../runtime/helpers/sanitize-html.ts';

/*
 * How a widget looks on the canvas: antd's own control, inert (the canvas item takes the pointer), so
 * the canvas is cheap to draw for 1,000 fields and shows the options as they are set. The preview
 * renders the real runtime form.
 */
const full = { width: '100%' };

/** For choice widgets fed by a dictionary or a table, a line saying which, instead of options. */
function sourceNote(item: WidgetItem): string | null {
  const o = item.options ?? {};
  const kind = sourceOf(o);
  if (kind === 'dict') return `数据字典: ${o.dynamicKey || '未设置'}`;
  if (kind === 'distal') return `远端数据: ${o.distal?.tableName || '未设置'}`;
  return null;
}

const staticOptions = (item: WidgetItem) => (item.options?.options ?? []).map((o) => ({ value: String(o.value), label: o.label ?? String(o.value) }));

export function WidgetMock({ item }: { item: WidgetItem }): ReactNode {
  const o = item.options ?? {};
  const width = { width: o.width || '100%' };
  const placeholder = o.placeholder || undefined;
  switch (item.type) {
    case 'input':
      return <Input style={width} placeholder={placeholder ?? '请输入'} value={typeof o.defaultValue === 'string' ? o.defaultValue : undefined} tabIndex={-1} />;
    case 'password':
      return <Input.Password style={width} placeholder={placeholder ?? '请输入'} tabIndex={-1} />;
    case 'hidden':
      return <div className="fd-mock-note">隐藏域（不显示在表单中）</div>;
    case 'textarea':
      return <Input.TextArea style={width} rows={o.minRows ?? 4} placeholder={placeholder ?? '请输入'} tabIndex={-1} />;
    case 'number':
    case 'integer':
      return <InputNumber style={width} placeholder={placeholder ?? '请输入'} value={typeof o.defaultValue === 'number' ? o.defaultValue : undefined} tabIndex={-1} />;
    case 'select':
      return <Select style={width} placeholder={sourceNote(item) ?? placeholder ?? '请选择'} options={staticOptions(item)} mode={o.multiple ? 'multiple' : undefined} tabIndex={-1} />;
    case 'radio':
      return sourceNote(item) ? <div className="fd-mock-note">{sourceNote(item)}</div> : <Radio.Group options={staticOptions(item)} />;
    case 'checkbox':
      return sourceNote(item) ? <div className="fd-mock-note">{sourceNote(item)}</div> : <Checkbox.Group options={staticOptions(item)} />;
    case 'date':
    case 'datetime': {
      const showTime = item.type === 'datetime' || !!o.showTime;
      return o.range ? <DatePicker.RangePicker style={width} showTime={showTime} placeholder={o.rangePlaceholder as [string, string]} /> : <DatePicker style={width} showTime={showTime} placeholder={placeholder ?? '请选择'} />;
    }
    case 'time':
      return <TimePicker style={width} placeholder={placeholder ?? '请选择'} />;
    case 'switch':
      return <Switch checked={o.defaultValue === true} />;
    case 'rate':
      return <Rate count={o.max ?? 5} allowHalf={!!o.allowHalf} value={typeof o.defaultValue === 'number' ? o.defaultValue : 0} />;
    case 'slider':
      return <Slider style={full} min={o.min ?? 0} max={o.max ?? 100} step={o.step ?? 1} value={typeof o.defaultValue === 'number' ? o.defaultValue : 0} />;
    case 'selectSearch':
    case 'treeSelect':
    case 'cascader':
    case 'pca':
    case 'popup':
    case 'linkDown':
      return <Select style={width} placeholder={placeholder ?? '请选择'} tabIndex={-1} />;
    case 'user':
    case 'dept':
      return <Input style={width} readOnly placeholder={placeholder ?? (item.type === 'user' ? '请点击选择用户' : '请点击选择部门')} tabIndex={-1} />;
    case 'categoryTree':
      return <Select style={width} placeholder={placeholder ?? '请选择'} tabIndex={-1} />;
    case 'html':
      return <div className="fd-mock-note">{`HTML: ${typeof o.defaultValue === 'string' ? sanitizeHtml(o.defaultValue).replace(/<[^>]*>/g, '').slice(0, 40) : ''}`}</div>;
    case 'button':
      return <Button type={o.type === 'dashed' ? 'dashed' : o.type === 'default' ? 'default' : 'primary'} danger={o.type === 'danger'} tabIndex={-1}>{item.label}</Button>;
    case 'uploadFile':
      return <Button icon={<UploadOutlined />}>{o.drag ? '拖拽文件到此处上传' : '上传文件'}</Button>;
    case 'uploadImg':
      return (
        <div className="fd-mock-image">
          <PlusOutlined />
          <span>上传</span>
        </div>
      );
    case 'download':
      return <div className="fd-mock-note">下载文件</div>;
    case 'editor':
    case 'markdown':
      // The real editors load lazily and are heavy; the canvas shows the space they take, capped.
      return <div className="fd-mock-box" style={{ ...width, height: Math.min(o.height ?? 300, 120) }}>{item.type === 'editor' ? '富文本编辑器' : 'Markdown 编辑器'}</div>;
    case 'alert':
      return <Alert message={item.label} description={o.description || undefined} type={(o.type as 'success') ?? 'success'} showIcon={!!o.showIcon} banner={!!o.banner} closable={!!o.closable} />;
    case 'text':
      return (
        <div className="fd-mock-text" style={{ textAlign: o.textAlign ?? 'left' }}>
          {o.showRequiredMark && <span className="fd-required">*</span>}
          {item.label}
        </div>
      );
    case 'divider':
      return <Divider orientation={o.orientation ?? 'left'}>{item.label}</Divider>;
    default:
      return <div className="fd-mock-note">{`控件 ${item.type}`}</div>;
  }
}
