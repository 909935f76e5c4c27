import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { greeting } from '../../../runtime/helpers/greeting.ts';
import { session } from '../../../runtime/session/store.ts';
import { accountApi, type Profile } from '../../account/api.ts';
import { avatarUrl } from '../../layouts/header/UserMenu.tsx';

/** 工作台's greeting by the hour, with the user's name, departments and roles (their own profile, as 个人中心 reads it). */
export function WelcomeCard() {
  const { userInfo } = useSnapshot(session);
  const [profile, setProfile] = useState<Profile | null>(null);
  useEffect(() => void accountApi.profile().then(setProfile, () => setProfile(null)), []);
  const current = userInfo?.orgCodeTxt ?? '未设置';
  const names = profile?.departNames ?? [];
  // Several departments: all of them, and the one the user works in now.
  const departs = names.length > 1 ? `${names.join('、')}（当前：${current}）` : current;
  return (
    <Card size="small" className="dashboard-welcome" data-testid="workplace-welcome">
      <Space size="large" align="center">
        <Avatar size={56} icon={<UserOutlined />} src={avatarUrl(userInfo?.avatar)} />
        <div>
          <h2 className="welcome-line" data-testid="workplace-greeting">
            {greeting()}，{userInfo?.realname}，祝您开心每一天！
          </h2>
          <Space size={[8, 4]} wrap className="dashboard-sub">
            <span>部门：{departs}</span>
            <span>
              角色：
              {profile?.roles.length ? profile.roles.map((r) => <Tag key={r.roleCode}>{r.roleName}</Tag>) : '—'}
            </span>
          </Space>
        </div>
      </Space>
    </Card>
  );
}
