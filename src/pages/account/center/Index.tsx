import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, Row, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { avatarUrl } from '../../layouts/header/UserMenu.tsx';
import { PageContent } from '../../layouts/page/PageContent.tsx';
import { PrintButton } from '../../layouts/page/PrintButton.tsx';
import { accountApi, type Profile } from '../api.ts';

const SEX: Record<number, string> = { 1: '男', 2: '女' };

/** 个人中心: the signed-in user's profile, printable (the card is #printContent). */
export default function AccountCenter() {
  const [profile, setProfile] = useState<Profile | null>(null);
  useEffect(() => void accountApi.profile().then(setProfile, () => setProfile(null)), []);

  return (
    <PageContent
      description="您的账号、部门与角色信息。需要修改时请前往个人设置。"
      extra={
        <Space>
          <Link to="/account/settings">个人设置</Link>
          <PrintButton />
        </Space>
      }
    >
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <Card loading={!profile} data-testid="account-card">
            <div className="account-center-avatar">
              <Avatar size={104} icon={<UserOutlined />} src={avatarUrl(profile?.avatar)} />
              <h2>{profile?.realname}</h2>
              <div className="account-center-username">{profile?.username}</div>
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title="基本信息" loading={!profile} id="printContent">
            {profile && (
              <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
                <Descriptions.Item label="账号">{profile.username}</Descriptions.Item>
                <Descriptions.Item label="姓名">{profile.realname}</Descriptions.Item>
                <Descriptions.Item label="性别">{profile.sex ? SEX[profile.sex] : '-'}</Descriptions.Item>
                <Descriptions.Item label="工号">{profile.workNo ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="手机号码">{profile.phone ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="邮箱">{profile.email ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="当前部门">{profile.orgCodeTxt ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="所属部门">{profile.departNames.join('、') || '-'}</Descriptions.Item>
                <Descriptions.Item label="角色" span={2}>
                  {profile.roles.map((r) => (
                    <Tag key={r.roleCode}>{r.roleName}</Tag>
                  ))}
                </Descriptions.Item>
                <Descriptions.Item label="注册时间" span={2}>
                  {profile.createTime ?? '-'}
                </Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
      </Row>
    </PageContent>
  );
}
