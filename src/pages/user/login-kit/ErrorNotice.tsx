import { CloseCircleFilled } from '@ant-design/icons';
import './kit.css';

/** A login form's error above its fields, styled like antd's error Alert with its icon (kit.css); announced as an alert. */
export function ErrorNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="lk-alert login-error" data-testid="login-error">
      <CloseCircleFilled className="lk-alert-icon" aria-hidden />
      <div className="lk-alert-message">{message}</div>
    </div>
  );
}
