import { App, Avatar, Dropdown } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useSession } from '../../platform/session-store.ts';
import { logout } from '../../platform/session-actions.ts';

/** User dropdown with logout; logout asks for confirmation first (spec §4). */
export function UserDropdown() {
  const { modal } = App.useApp();
  const user = useSession((s) => s.userInfo);
  const name = user?.userName ?? '用户';
  const merchant = user?.loginOrgRole?.bisMerchantName;

  const confirmLogout = () => {
    modal.confirm({
      title: '退出登录',
      content: '确定要退出登录吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: () => logout(),
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'who',
            disabled: true,
            label: (
              <div className="user-card">
                <div className="user-card-name">{name}</div>
                {merchant ? <div className="user-card-merchant">{merchant}</div> : null}
              </div>
            ),
          },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') confirmLogout();
        },
      }}
    >
      <button type="button" className="user-trigger" data-testid="user-menu">
        <Avatar size={28} icon={<UserOutlined />} style={{ background: '#1677ff' }} />
        <span className="user-trigger-name">{name}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
