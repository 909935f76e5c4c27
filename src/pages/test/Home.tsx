import { Card } from 'antd';

/** The fixed /test/home route (name TestHome) of spec section 2: a page to check the shell renders. */
export default function TestHome() {
  return <Card title="测试页">页面框架工作正常。</Card>;
}
