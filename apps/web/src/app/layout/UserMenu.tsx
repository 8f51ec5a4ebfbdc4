import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Avatar, Dropdown } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import type { ItemType } from 'antd/es/menu/interface';
import { logoutAndReload, useSession } from '@/lib/session';
import { useLayout } from './settings';
import { SettingsDrawer } from './SettingsDrawer';

/** The avatar menu: 个人中心, 布局设置, 退出登录 (after 确定注销并退出系统吗？). On mobile it also holds `extra`. */
export function UserMenu({ extra = [] }: { extra?: ItemType[] }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  // On a phone the name would wrap the header onto two lines, under the tags bar: the avatar alone.
  const mobile = useLayout((s) => s.device === 'mobile');
  const [settingsOpen, setSettingsOpen] = useState(false);

  function confirmLogout() {
    modal.confirm({
      title: '提示',
      content: '确定注销并退出系统吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: () => logoutAndReload(),
    });
  }

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...extra,
            { key: 'center', label: '个人中心', onClick: () => navigate('/user/center') },
            { key: 'settings', label: '布局设置', onClick: () => setSettingsOpen(true) },
            { type: 'divider' },
            { key: 'logout', label: '退出登录', onClick: confirmLogout },
          ],
        }}
      >
        <a onClick={(e) => e.preventDefault()} aria-label="用户菜单" style={{ display: 'inline-flex', alignItems: 'center', gap: 6, color: 'inherit' }}>
          <Avatar size="small" icon={<UserOutlined />} />
          {!mobile && <span>{user?.realName}</span>}
          <DownOutlined />
        </a>
      </Dropdown>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
