import { Outlet, useMatches } from 'react-router';
import { Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { RouteHandle } from '../../platform/route-types.ts';
import { setCollapsed, useSession } from '../../platform/session-store.ts';
import { SideMenu } from './side-menu.tsx';
import { PageBreadcrumb } from './page-breadcrumb.tsx';
import { OrgCascader } from './org-cascader.tsx';
import { RoleSelect } from './role-select.tsx';
import { ChannelPicker } from './channel-picker.tsx';
import { UserDropdown } from './user-dropdown.tsx';
import { PageTabs } from './page-tabs.tsx';
import { usePageTabs } from './page-tabs-store.ts';
import './basic-layout.css';

/** Signed-in frame (spec §2): side menu, top bar with breadcrumb and selectors, page body. */
export function BasicLayout() {
  const collapsed = useSession((s) => s.collapsed);
  const refreshNonce = usePageTabs((s) => s.refreshNonce);
  const matches = useMatches();
  const leaf = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  // Spec §2: the voice-service page has no padding (whether or not its route says so).
  const flush = leaf?.noPadding || leaf?.name === 'voice-service';
  const bodyClass = ['app-body', flush ? 'app-body-flush' : '', leaf?.shadow ? 'app-body-shadow' : ''].filter(Boolean).join(' ');

  return (
    <Layout className="app-frame">
      <Layout.Sider className="app-sider" width={220} collapsedWidth={64} collapsible collapsed={collapsed} trigger={null} theme="dark">
        <div className="app-logo" title="商户管理系统">
          <span className="app-logo-mark">商</span>
          {collapsed ? null : <span className="app-logo-text">商户管理系统</span>}
        </div>
        <nav className="app-menu" aria-label="主菜单">
          <SideMenu />
        </nav>
      </Layout.Sider>
      <Layout className="app-main">
        <Layout.Header className="app-header">
          <div className="app-header-left">
            <Button
              type="text"
              aria-label={collapsed ? '展开菜单' : '收起菜单'}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
            />
            <PageBreadcrumb />
          </div>
          <div className="app-header-right">
            <OrgCascader />
            <RoleSelect />
            <ChannelPicker />
            <UserDropdown />
          </div>
        </Layout.Header>
        <PageTabs />
        <Layout.Content className={bodyClass} key={refreshNonce}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
