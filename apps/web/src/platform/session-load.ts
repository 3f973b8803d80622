import type { ChannelResponse, OrgTreeNode, ResourceResponse, RoleOption } from '@merchant/contracts/permission/session';
import {
  activeOrganizationId,
  getSession,
  roleIdsForRequest,
  sessionStore,
  setChannelChoice,
  setChannels,
  setRoleInfo,
  setSiteChoice,
  setUserInfo,
} from './session-store.ts';
import { fetchChannels, fetchResources, fetchUserInfo } from './session-api.ts';
import { collectAnchors, generateRoutes } from './permission.ts';
import { normalizeStoredChoice } from './picker.ts';
import type { AppRoute } from './route-types.ts';

/** Finds an organisation node (and its id path) in the selection tree. */
export function findOrg(tree: OrgTreeNode[], orgId: number, trail: number[] = []): { node: OrgTreeNode; path: number[] } | null {
  for (const n of tree) {
    const path = [...trail, n.orgId];
    if (n.orgId === orgId) return { node: n, path };
    const inner = findOrg(n.orgList ?? [], orgId, path);
    if (inner) return inner;
  }
  return null;
}

/** Roles of the active organisation (selection tree first, then the flat select list). */
export function rolesOfOrganization(res: Pick<ResourceResponse, 'selectTreeList' | 'selectList'>, orgId: number): RoleOption[] {
  const node = findOrg(res.selectTreeList ?? [], orgId)?.node;
  if (node && node.roleList?.length) return node.roleList;
  return res.selectList?.find((s) => s.organizationId === orgId)?.roleList ?? [];
}

let inflight: Promise<AppRoute[]> | null = null;

/**
 * Spec §4 "on every navigation, if there is a token and no role list is loaded": loads the
 * resources (which also makes the org/role active on the server), user info and channel options,
 * then generates this account's routes. One load at a time; the result is kept for the page.
 */
export function ensureSessionRoutes(registered: AppRoute[]): Promise<AppRoute[]> {
  const s = getSession();
  if (s.roleList && s.routes) return Promise.resolve(s.routes);
  inflight ??= load(registered).finally(() => {
    inflight = null;
  });
  return inflight;
}

async function load(registered: AppRoute[]): Promise<AppRoute[]> {
  const before = getSession();
  const res = await fetchResources(activeOrganizationId(before), roleIdsForRequest(before));
  const selected = res.selected;
  const orgPath =
    findOrg(res.selectTreeList ?? [], selected.organizationId)?.path ??
    (selected.orgIdList?.length ? selected.orgIdList : [selected.organizationId]);
  setRoleInfo(orgPath, selected.roleIds ?? [], selected.roleNames ?? []);

  const user = await fetchUserInfo();
  setUserInfo(user);

  let channels: ChannelResponse | null = null;
  try {
    channels = await fetchChannels();
  } catch {
    // The catalogue already warned; the page works without the channel picker.
  }
  setChannels(channels);
  const s = getSession();
  if (channels) {
    if (normalizeStoredChoice(s.channelChoice, channels.selectList ?? []) === null && s.channelChoice) setChannelChoice(null);
    if (normalizeStoredChoice(s.siteChoice, channels.siteList ?? []) === null && s.siteChoice) setSiteChoice(null);
  }

  const menuTree = res.menuTreeList ?? [];
  const roleNames = selected.roleNames ?? [];
  const routes = generateRoutes(registered, { anchors: collectAnchors(menuTree), roleNames, user });
  sessionStore.setState({
    menuTree,
    selectList: res.selectList ?? [],
    selectTree: res.selectTreeList ?? [],
    selected,
    roleList: rolesOfOrganization(res, selected.organizationId),
    routes,
  });
  return routes;
}
