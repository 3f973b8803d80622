import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  ContainerOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  GiftOutlined,
  HddOutlined,
  HomeOutlined,
  InboxOutlined,
  ProfileOutlined,
  ReconciliationOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SoundOutlined,
  TagsOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { MENU_IDS } from '@merchant/contracts';

/** Icon names the server may send in `iconUrl` (antd names, with or without the "Outlined" suffix). */
const byName: Record<string, ReactNode> = {
  HomeOutlined: <HomeOutlined />,
  SettingOutlined: <SettingOutlined />,
  ShoppingOutlined: <ShoppingOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  InboxOutlined: <InboxOutlined />,
  AccountBookOutlined: <AccountBookOutlined />,
  ShopOutlined: <ShopOutlined />,
  ContainerOutlined: <ContainerOutlined />,
  ReconciliationOutlined: <ReconciliationOutlined />,
  UsergroupAddOutlined: <UsergroupAddOutlined />,
  ApartmentOutlined: <ApartmentOutlined />,
  TeamOutlined: <TeamOutlined />,
  GiftOutlined: <GiftOutlined />,
  DesktopOutlined: <DesktopOutlined />,
  EnvironmentOutlined: <EnvironmentOutlined />,
  CustomerServiceOutlined: <CustomerServiceOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  SoundOutlined: <SoundOutlined />,
  TagsOutlined: <TagsOutlined />,
  AuditOutlined: <AuditOutlined />,
  FolderOpenOutlined: <FolderOpenOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  FileOutlined: <FileOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  HddOutlined: <HddOutlined />,
  UserOutlined: <UserOutlined />,
};

/** Default icons of the spec's sections by server id. */
const bySection: Record<number, ReactNode> = {
  [MENU_IDS.home]: <HomeOutlined />,
  100: <SettingOutlined />,
  102: <ShoppingOutlined />,
  103: <DatabaseOutlined />,
  104: <ProfileOutlined />,
  105: <InboxOutlined />,
  106: <AccountBookOutlined />,
  107: <ShopOutlined />,
  108: <ContainerOutlined />,
  110: <ReconciliationOutlined />,
  112: <UsergroupAddOutlined />,
  113: <ApartmentOutlined />,
  115: <TeamOutlined />,
  118: <GiftOutlined />,
  [MENU_IDS.fileSection]: <FolderOpenOutlined />,
};

/** Server icon (image URL or icon name) or a default (spec §2). */
export function menuIcon(entry: { id: number; iconUrl?: string; kind: 'folder' | 'page' }): ReactNode {
  const url = entry.iconUrl?.trim();
  if (url) {
    if (/^(https?:)?\/\//.test(url) || url.startsWith('/') || url.startsWith('data:image/')) {
      return <img src={url} alt="" className="menu-img-icon" />;
    }
    const named = byName[url] ?? byName[`${url}Outlined`] ?? byName[url.charAt(0).toUpperCase() + url.slice(1) + 'Outlined'];
    if (named) return named;
  }
  return bySection[entry.id] ?? (entry.kind === 'folder' ? <AppstoreOutlined /> : <FileOutlined />);
}
