/** Shapes of spec §3 shared by server and web. */
export interface RoleOption {
  roleId: number;
  roleName: string;
  packageName: string;
}

export interface OrgTreeNode {
  orgId: number;
  orgName: string;
  orgList: OrgTreeNode[];
  roleList: RoleOption[];
}

export interface LoginOrgRole {
  structureType: number;
  rootOrgId: number;
  merchantId: number;
  bisMerchantId: number;
  bisMerchantName: string;
  userId: number;
  merchantBusCode: string;
}

export interface UserInfo {
  userName: string;
  ability: { useSite: boolean };
  merchantAccountType: number;
  loginOrgRole: LoginOrgRole;
  /** The business time zone (IANA name): every timestamp is shown on its clock, not the browser's. */
  timeZone: string;
}

/** Menu node (spec §3): menuType 1 folder, 2 page. */
export interface MenuNode {
  id: number;
  parentId: number;
  name: string;
  iconUrl: string;
  menuType: 1 | 2;
  sort: number;
  hidden: boolean;
  anchor: string;
  anchorList: string[];
  routePath: string;
  children: MenuNode[];
}

export interface SelectedOrgRole {
  orgIdList: number[];
  roleIds: number[];
  organizationName: string;
  roleNames: string[];
  organizationId: number;
}

export interface SelectListItem {
  organizationId: number;
  organizationName: string;
  roleList: RoleOption[];
}

/** Resource response (spec §3). */
export interface ResourceResponse {
  menuTreeList: MenuNode[];
  selectList: SelectListItem[];
  selectTreeList: OrgTreeNode[];
  selected: SelectedOrgRole;
}

/** Channel or site option (spec §3). */
export interface ChannelOption {
  code: string;
  name: string;
}
export interface ChannelResponse {
  haveFlag: boolean;
  selectList: ChannelOption[];
  siteList: ChannelOption[];
}

/** Route meta (spec §3). */
export interface RouteMeta {
  title?: string;
  icon?: string;
  cannotClick?: boolean;
  serverId?: number;
  activeMenu?: string;
  anchors?: string[];
  shadow?: boolean;
  roles?: string[];
}
