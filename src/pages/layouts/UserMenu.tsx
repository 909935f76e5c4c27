import { LogoutOutlined, LoginOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Modal, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LOGIN_PATH } from '../../runtime/config.ts';
import { isGuest, logout, session } from '../../runtime/session/store.ts';

/** The header's user area: avatar with '欢迎您，{nickname}' and the logout (or, for the guest, login) entry. */
export function UserMenu() {
  const { userInfo } = useSnapshot(session);
  const navigate = useNavigate();
  const guest = isGuest();

  const confirmLogout = () =>
    Modal.confirm({
      title: '提示',
      content: '真的要注销登录吗 ?',
      okText: '确定',
      cancelText: '取消',
      onOk: () => logout().then(() => navigate(LOGIN_PATH, { replace: true })),
    });

  const items: MenuProps['items'] = guest
    ? [{ key: 'login', icon: <LoginOutlined />, label: '登录', onClick: () => logout().then(() => navigate(LOGIN_PATH, { replace: true })) }]
    : [{ key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: confirmLogout }];

  return (
    <Dropdown menu={{ items }} placement="bottomRight">
      <span className="user-dropdown" data-testid="user-menu">
        <Avatar size="small" icon={<UserOutlined />} src={userInfo?.avatar || undefined} />
        <span className="user-nickname">欢迎您，{userInfo?.realname}</span>
      </span>
    </Dropdown>
  );
}
