import { Card, Descriptions } from 'antd';
import { useSnapshot } from 'valtio';
import { greeting } from '../../runtime/helpers/greeting.ts';
import { session } from '../../runtime/session/store.ts';

/** The home page. The analysis figures and charts arrive with the business areas; this greets the user. */
export default function Analysis() {
  const { userInfo } = useSnapshot(session);
  return (
    <Card title="首页" data-testid="dashboard">
      <h2 className="welcome-line">
        {greeting()}，{userInfo?.realname}，欢迎使用希望工程后台管理系统
      </h2>
      <Descriptions column={1} size="small">
        <Descriptions.Item label="账号">{userInfo?.username}</Descriptions.Item>
        <Descriptions.Item label="当前部门">{userInfo?.orgCodeTxt ?? '未设置部门'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
