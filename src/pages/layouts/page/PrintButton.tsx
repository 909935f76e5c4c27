import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';

export const PRINT_TARGET = 'printContent';
const PRINTING = 'printing-content';

/**
 * Prints the element with id printContent (spec section 2). The print stylesheet shows only that
 * element while the body carries the class, so the page keeps its own styles on paper.
 */
export function printContent(): boolean {
  if (!document.getElementById(PRINT_TARGET)) return false;
  document.body.classList.add(PRINTING);
  const done = () => document.body.classList.remove(PRINTING);
  window.addEventListener('afterprint', done, { once: true });
  try {
    window.print();
  } finally {
    // Some browsers return from print() only when the dialog closes and never fire afterprint.
    setTimeout(done, 0);
  }
  return true;
}

export function PrintButton({ label = '打印' }: { label?: string }) {
  return (
    <Button icon={<PrinterOutlined />} onClick={printContent} data-testid="print-button">
      {label}
    </Button>
  );
}
