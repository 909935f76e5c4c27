import { ApartmentOutlined, KeyOutlined, LoginOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, message, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LOGIN_PATH, runtimeConfig } from '../../../runtime/config.ts';
import { type Device } from '../../../runtime/layout/device.ts';
import { disconnectNotices } from '../../../runtime/notice/store.ts';
import { resetTabs } from '../../../runtime/layout/tabs.ts';
import { casLogoutUrl, casServer } from '../../../runtime/session/cas.ts';
import { isGuest, logout, session } from '../../../runtime/session/store.ts';
import { openDepartDialog, openPasswordDialog } from '../dialogs/store.ts';

/** An avatar path the server stored is shown through the static domain; a full address as it is. */
export function avatarUrl(avatar: string | null | undefined): string | undefined {
  if (!avatar) return undefined;
  return /^(https?:|data:|\/)/.test(avatar) ? avatar : `${runtimeConfig().staticDomainURL}/${avatar}`;
}

/**
 * The header's user area: avatar with '欢迎您，{nickname}' (desktop) and the dropdown with 密码修改, 切换部门
 * and 退出登录 (confirmed first). The guest gets 登录 instead of 退出登录, and neither 密码修改 nor 切换部门 (it has no department to switch to).
 */
export function UserMenu({ device }: { device: Device }) {
  const { userInfo } = useSnapshot(session);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const guest = isGuest();

  const leave = () =>
    logout().then((refusal) => {
      // The static notice: the layout (and its App context) is gone once the login page opens.
      if (refusal) void message.error(refusal);
      disconnectNotices();
      resetTabs();
      // Signed in through 统一身份认证 perhaps: end the CAS session too (it comes back to the login page).
      const cas = casServer();
      if (cas && !guest) window.location.assign(casLogoutUrl(cas));
      else navigate(LOGIN_PATH, { replace: true });
    });

  const confirmLogout = () => modal.confirm({ title: '提示', content: '真的要注销登录吗 ?', okText: '确定', cancelText: '取消', onOk: leave });

  const depart = { key: 'depart', icon: <ApartmentOutlined />, label: '切换部门', onClick: () => openDepartDialog(true) };
  const items: MenuProps['items'] = guest
    ? [{ key: 'login', icon: <LoginOutlined />, label: '登录', onClick: leave }]
    : [
        { key: 'password', icon: <KeyOutlined />, label: '密码修改', onClick: openPasswordDialog },
        depart,
        { type: 'divider' },
        { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: confirmLogout },
      ];

  return (
    <Dropdown menu={{ items }} placement="bottomRight">
      <span className="header-action user-dropdown" data-testid="user-menu">
        <Avatar size="small" icon={<UserOutlined />} src={avatarUrl(userInfo?.avatar)} />
        {device === 'desktop' && <span className="user-nickname">欢迎您，{userInfo?.realname}</span>}
      </span>
    </Dropdown>
  );
}
