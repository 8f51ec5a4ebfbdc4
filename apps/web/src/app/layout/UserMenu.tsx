import { App, Avatar, Dropdown } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { logoutAndReload, useSession } from '../session';

export function UserMenu() {
  const { modal } = App.useApp();
  const user = useSession((s) => s.user);

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
    <Dropdown
      trigger={['click']}
      menu={{ items: [{ key: 'logout', label: '退出登录', onClick: confirmLogout }] }}
    >
      <a onClick={(e) => e.preventDefault()} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, color: 'inherit' }}>
        <Avatar size="small" icon={<UserOutlined />} />
        <span>{user?.realName}</span>
        <DownOutlined />
      </a>
    </Dropdown>
  );
}
