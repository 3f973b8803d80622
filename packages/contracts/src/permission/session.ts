import { z } from 'zod';
import { APP_KEYS, BUSI_CODES } from '../core/constants.ts';
import { defineOperations } from '../core/operation.ts';
import { GATEWAY_PATHS } from '../client/api-client.ts';

// The signed-in session (spec §3): who is signed in, the organisations, roles and menus the account may choose,
// and the merchant's channels and sites.

export const roleOptionSchema = z.object({ roleId: z.number(), roleName: z.string(), packageName: z.string() });
export type RoleOption = z.infer<typeof roleOptionSchema>;

/** An organisation of the account's tree with the roles it holds there. */
export interface OrgTreeNode {
  orgId: number;
  orgName: string;
  orgList: OrgTreeNode[];
  roleList: RoleOption[];
}
export const orgTreeNodeSchema: z.ZodType<OrgTreeNode> = z.lazy(() =>
  z.object({ orgId: z.number(), orgName: z.string(), orgList: z.array(orgTreeNodeSchema), roleList: z.array(roleOptionSchema) }),
);

export const loginOrgRoleSchema = z.object({
  structureType: z.number(),
  rootOrgId: z.number(),
  merchantId: z.number(),
  bisMerchantId: z.number(),
  bisMerchantName: z.string(),
  userId: z.number(),
  merchantBusCode: z.string(),
});
export type LoginOrgRole = z.infer<typeof loginOrgRoleSchema>;

export const userInfoSchema = z.object({
  userName: z.string(),
  ability: z.object({ useSite: z.boolean() }),
  merchantAccountType: z.number(),
  loginOrgRole: loginOrgRoleSchema,
  /** The business time zone (IANA name): every timestamp is shown on its clock, not the browser's. */
  timeZone: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

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
export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    parentId: z.number(),
    name: z.string(),
    iconUrl: z.string(),
    menuType: z.union([z.literal(1), z.literal(2)]),
    sort: z.number(),
    hidden: z.boolean(),
    anchor: z.string(),
    anchorList: z.array(z.string()),
    routePath: z.string(),
    children: z.array(menuNodeSchema),
  }),
);

export const selectedOrgRoleSchema = z.object({
  orgIdList: z.array(z.number()),
  roleIds: z.array(z.number()),
  organizationName: z.string(),
  roleNames: z.array(z.string()),
  organizationId: z.number(),
});
export type SelectedOrgRole = z.infer<typeof selectedOrgRoleSchema>;

export const selectListItemSchema = z.object({
  organizationId: z.number(),
  organizationName: z.string(),
  roleList: z.array(roleOptionSchema),
});
export type SelectListItem = z.infer<typeof selectListItemSchema>;

/** Resource response (spec §3). */
export const resourceResponseSchema = z.object({
  menuTreeList: z.array(menuNodeSchema),
  selectList: z.array(selectListItemSchema),
  selectTreeList: z.array(orgTreeNodeSchema),
  selected: selectedOrgRoleSchema,
});
export type ResourceResponse = z.infer<typeof resourceResponseSchema>;

/** Channel or site option (spec §3). */
export const channelOptionSchema = z.object({ code: z.string(), name: z.string() });
export type ChannelOption = z.infer<typeof channelOptionSchema>;
export const channelResponseSchema = z.object({
  haveFlag: z.boolean(),
  selectList: z.array(channelOptionSchema),
  siteList: z.array(channelOptionSchema),
});
export type ChannelResponse = z.infer<typeof channelResponseSchema>;

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

export const resourceFetchInput = z.object({
  appKey: z.string().max(32).optional(),
  busiCode: z.string().max(32).optional(),
  sceneCode: z.string().max(64).optional(),
  functionCode: z.string().max(64).optional(),
  clientType: z.string().max(32).optional(),
  organizationId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: '组织ID不正确' }).int().positive('组织ID不正确').optional(),
  ),
  roleIds: z
    .union([z.string(), z.array(z.coerce.number())])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const list = Array.isArray(v) ? v : v.split(',').map((s) => Number(s.trim()));
      if (list.some((n) => !Number.isInteger(n) || n <= 0)) {
        ctx.addIssue({ code: 'custom', message: '角色ID不正确' });
        return z.NEVER;
      }
      return list;
    }),
});

const empty = z.object({}).passthrough();

/** Any signed-in account (anchor null): every page needs these to draw itself. */
export const sessionOps = defineOperations(
  { anchor: null, appKey: APP_KEYS.permission },
  {
    getInfo: {
      name: 'permission.getInfo',
      label: '当前账号信息',
      input: empty,
      output: userInfoSchema,
      rest: GATEWAY_PATHS.getInfo,
    },
    resourceFetch: {
      name: 'permission.resource.fetch',
      label: '组织、角色与菜单资源',
      busiCode: BUSI_CODES.permission,
      summary: '组织、角色与菜单资源（所选组织与角色成为会话的当前选择）',
      input: resourceFetchInput,
      output: resourceResponseSchema,
      rest: { method: 'GET', path: GATEWAY_PATHS.resourceFetch },
    },
    channelList: {
      name: 'permission.channel.list',
      label: '渠道与站点选项',
      appKey: APP_KEYS.channel,
      busiCode: BUSI_CODES.channel,
      input: empty,
      output: channelResponseSchema,
    },
  },
);
