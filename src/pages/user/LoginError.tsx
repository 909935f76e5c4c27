import { Alert } from 'antd';

/** The login form's error, in its own chunk: it loads with the first failure, not with the login route (issue 21). */
export default function LoginError({ message }: { message: string }) {
  return <Alert type="error" showIcon message={message} className="login-error" data-testid="login-error" />;
}
