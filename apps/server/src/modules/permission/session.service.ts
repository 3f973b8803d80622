import { CODES } from '@merchant/contracts';
import type { ChannelResponse, OrgTreeNode, ResourceResponse, RoleOption, UserInfo } from '@merchant/contracts/permission/session';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { AppError } from '../../platform/errors.ts';
import { setSessionSelection } from '../../platform/auth/session.service.ts';
import { loadAccess } from '../../platform/auth/access.ts';
import { buildMenuTree } from './menu-tree.ts';
import * as repo from './session.repo.ts';

// The signed-in session's own view: who is signed in, the selected organisation and roles with their menus,
// and the merchant's channels and sites.

export async function getInfo(ctx: SessionOpContext): Promise<UserInfo> {
  const { session } = ctx;
  const account = await repo.findAccountById(ctx.db, session.accountId);
  if (!account) throw new AppError(CODES.sessionInvalid, '登录已失效，请重新登录', 401);
  const merchant = await repo.findMerchant(ctx.db, account.merchant_id);
  const orgs = await repo.listOrganizations(ctx.db, account.merchant_id);
  const root = orgs.find((o) => o.parent_id === null);
  const current = orgs.find((o) => o.id === session.organizationId) ?? root;
  return {
    userName: account.user_name,
    ability: { useSite: account.use_site === 1 },
    merchantAccountType: account.merchant_account_type,
    loginOrgRole: {
      structureType: current?.structure_type ?? 1,
      rootOrgId: root?.id ?? 0,
      merchantId: merchant.id,
      bisMerchantId: merchant.id,
      bisMerchantName: merchant.name,
      userId: account.id,
      merchantBusCode: account.bus_code,
    },
    timeZone: ctx.config.businessTimeZone,
  };
}

/**
 * Resources for an organisation and roles the account holds (spec §3 resource response).
 * It makes that selection the session's active one; anything not held is refused with 110008.
 */
export async function fetchResources(
  ctx: SessionOpContext,
  input: { organizationId?: number; roleIds?: number[] },
): Promise<ResourceResponse> {
  const { session } = ctx;
  const memberships = await repo.listMemberships(ctx.db, session.accountId);
  if (memberships.length === 0) throw new AppError(CODES.membershipRevoked, '账号未分配组织或角色，请联系管理员', 401);
  const orgId = input.organizationId ?? session.organizationId ?? memberships[0].organizationId;
  const inOrg = memberships.filter((m) => m.organizationId === orgId);
  if (inOrg.length === 0) throw new AppError(CODES.membershipRevoked, '您不属于该组织，请重新选择', 403);
  const sessionRoles = orgId === session.organizationId ? session.roleIds.filter((r) => inOrg.some((m) => m.roleId === r)) : [];
  const roleIds = input.roleIds?.length ? [...new Set(input.roleIds)] : sessionRoles.length ? sessionRoles : [inOrg[0].roleId];
  if (roleIds.some((r) => !inOrg.some((m) => m.roleId === r))) {
    throw new AppError(CODES.membershipRevoked, '您在该组织下没有此角色，请重新选择', 403);
  }
  await setSessionSelection(ctx.db, session.sessionId, orgId, roleIds);
  session.organizationId = orgId;
  session.roleIds = roleIds;

  const access = await loadAccess(ctx.db, session);
  const menus = await repo.listMenus(ctx.db);
  const menuTreeList = buildMenuTree(menus, (anchor) => access.anchors.has(anchor));

  const orgs = await repo.listOrganizations(ctx.db, session.merchantId);
  const rolesByOrg = new Map<number, RoleOption[]>();
  const orgNames = new Map<number, string>();
  for (const m of memberships) {
    orgNames.set(m.organizationId, m.organizationName);
    const list = rolesByOrg.get(m.organizationId) ?? [];
    list.push({ roleId: m.roleId, roleName: m.roleName, packageName: m.packageName });
    rolesByOrg.set(m.organizationId, list);
  }
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const pathTo = (id: number): number[] => {
    const path: number[] = [];
    for (let cur = byId.get(id); cur; cur = cur.parent_id === null ? undefined : byId.get(cur.parent_id)) path.unshift(cur.id);
    return path;
  };
  // The organisation tree holds the organisations the account belongs to and their ancestors.
  const keep = new Set([...rolesByOrg.keys()].flatMap(pathTo));
  const toNode = (id: number): OrgTreeNode => ({
    orgId: id,
    orgName: byId.get(id)!.name,
    orgList: orgs.filter((o) => o.parent_id === id && keep.has(o.id)).map((o) => toNode(o.id)),
    roleList: rolesByOrg.get(id) ?? [],
  });
  const selectTreeList = orgs.filter((o) => o.parent_id === null && keep.has(o.id)).map((o) => toNode(o.id));
  const selectList = [...rolesByOrg.entries()].map(([organizationId, roleList]) => ({
    organizationId,
    organizationName: orgNames.get(organizationId) ?? '',
    roleList,
  }));
  const roleNames = roleIds.map((r) => inOrg.find((m) => m.roleId === r)!.roleName);
  return {
    menuTreeList,
    selectList,
    selectTreeList,
    selected: { orgIdList: pathTo(orgId), roleIds, organizationName: orgNames.get(orgId) ?? '', roleNames, organizationId: orgId },
  };
}

/** Channels the merchant sells through, and its sites (spec §3 channel response). */
export async function channelList(ctx: SessionOpContext): Promise<ChannelResponse> {
  const { merchantId } = ctx;
  const [selectList, siteList] = await Promise.all([repo.listMerchantChannels(ctx.db, merchantId), repo.listSites(ctx.db, merchantId)]);
  return { haveFlag: selectList.length > 0 || siteList.length > 0, selectList, siteList };
}
