import { Card, List, Menu } from 'antd';
import { useState } from 'react';
import { isGuest } from '../../../runtime/session/store.ts';
import { openPasswordDialog } from '../../layouts/dialogs/store.ts';
import { BaseSetting } from './BaseSetting.tsx';

/** 安全设置: the password, changed through the shell's 修改密码 dialog. */
function Security() {
  return (
    <List
      itemLayout="horizontal"
      data-testid="security-setting"
      dataSource={[{ title: '账户密码', description: '密码由8到20位字母、数字和特殊符号组成，建议定期修改。' }]}
      renderItem={(item) => (
        <List.Item
          actions={
            isGuest()
              ? []
              : [
                  <a key="change" onClick={openPasswordDialog}>
                    修改
                  </a>,
                ]
          }
        >
          <List.Item.Meta title={item.title} description={item.description} />
        </List.Item>
      )}
    />
  );
}

const SECTIONS = {
  base: { label: '基本设置', element: <BaseSetting /> },
  security: { label: '安全设置', element: <Security /> },
};

/** 个人设置: basic information and security, one section at a time. */
export default function AccountSettings() {
  const [section, setSection] = useState<keyof typeof SECTIONS>('base');
  return (
    <Card className="account-settings" data-testid="account-settings">
      <div className="account-settings-body">
        <Menu
          className="account-settings-menu"
          mode="inline"
          selectedKeys={[section]}
          onClick={({ key }) => setSection(key as keyof typeof SECTIONS)}
          items={Object.entries(SECTIONS).map(([key, s]) => ({ key, label: s.label }))}
        />
        <div className="account-settings-content">
          <h2 className="account-settings-title">{SECTIONS[section].label}</h2>
          {SECTIONS[section].element}
        </div>
      </div>
    </Card>
  );
}
