import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactElement } from 'react';

dayjs.locale('zh-cn');

/** Renders a component as the application does (antd in Chinese, its App for messages), with a user to drive it. */
export function renderUi(ui: ReactElement) {
  const user = userEvent.setup();
  return {
    user,
    ...render(
      <ConfigProvider locale={zhCN}>
        <App>{ui}</App>
      </ConfigProvider>,
    ),
  };
}

/** The form item labelled so (Formily's items do not tie the label to the control): query the control within it. */
export function formItem(label: string): HTMLElement {
  const item = screen.getByText(label, { selector: 'label' }).closest<HTMLElement>('.ant-formily-item');
  if (!item) throw new Error(`no form item labelled ${label}`);
  return item;
}
