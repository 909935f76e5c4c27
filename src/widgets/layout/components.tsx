import { Alert, Card, Col, Divider, Row } from 'antd';
import type { ReactNode } from 'react';

/*
 * Layout widgets as Formily void components. Grids use antd's 24-column Row/Col so a designer's spans
 * render exactly; a layout table is a real <table> whose cells hold fields.
 */
export function GridRow({ gutter, children }: { gutter?: number; children?: ReactNode }) {
  return <Row gutter={gutter ?? 0}>{children}</Row>;
}

export function GridCol({ span, children }: { span?: number; children?: ReactNode }) {
  return <Col span={span ?? 12}>{children}</Col>;
}

export function LayoutCard({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <Card title={title} size="small" className="form-card">
      {children}
    </Card>
  );
}

export function LayoutDivider({ title, orientation }: { title?: string; orientation?: 'left' | 'center' | 'right' }) {
  return <Divider orientation={orientation ?? 'left'}>{title}</Divider>;
}

export function LayoutAlert(props: {
  message?: string;
  type?: 'success' | 'info' | 'warning' | 'error';
  description?: string;
  showIcon?: boolean;
  banner?: boolean;
  closable?: boolean;
}) {
  return <Alert {...props} className="form-alert" />;
}

export function LayoutText({ text, textAlign, required }: { text?: string; textAlign?: 'left' | 'center' | 'right'; required?: boolean }) {
  return (
    <div className="form-text" style={{ textAlign: textAlign ?? 'left' }}>
      {required && <span className="form-text-required">*</span>}
      {text}
    </div>
  );
}

/** A <table> layout: rows and cells are void components too, so fields nest in them naturally. */
export function LayoutTable({ bordered, small, children }: { bordered?: boolean; small?: boolean; children?: ReactNode }) {
  return (
    <table className={`form-layout-table${bordered === false ? '' : ' bordered'}${small === false ? '' : ' small'}`}>
      <tbody>{children}</tbody>
    </table>
  );
}

export function LayoutTr({ children }: { children?: ReactNode }) {
  return <tr>{children}</tr>;
}

export function LayoutTd({ colspan, rowspan, children }: { colspan?: number; rowspan?: number; children?: ReactNode }) {
  if (colspan === 0 || rowspan === 0) return null;
  return (
    <td colSpan={colspan ?? 1} rowSpan={rowspan ?? 1}>
      {children}
    </td>
  );
}

/** A widget type the runtime cannot render yet: says so instead of failing the whole form. */
export function UnsupportedWidget({ type, label }: { type?: string; label?: string }) {
  return <Alert type="warning" showIcon message={`控件「${label ?? type}」(${type}) 暂不支持在此渲染`} />;
}
