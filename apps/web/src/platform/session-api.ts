import { APP_KEYS, BUSI_CODES, GATEWAY_PATHS } from '@merchant/contracts';
import { type ChannelResponse, type ResourceResponse, sessionOps, type UserInfo } from '@merchant/contracts/permission/session';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { http } from './http-client.ts';

/** User info (spec §7: appKey A1001000). */
export function fetchUserInfo(): Promise<UserInfo> {
  return http.post<UserInfo>(GATEWAY_PATHS.getInfo, {}, { appKey: APP_KEYS.permission });
}

/** Menu tree and organisation/role choices for an organisation and roles (spec §7). */
export function fetchResources(organizationId?: number, roleIds?: number[]): Promise<ResourceResponse> {
  return http.get<ResourceResponse>(
    GATEWAY_PATHS.resourceFetch,
    {
      appKey: APP_KEYS.permission,
      busiCode: BUSI_CODES.permission,
      sceneCode: '',
      functionCode: '',
      clientType: 'web',
      // Left out (not sent empty) when nothing is chosen: the server then uses the session's selection.
      organizationId,
      roleIds: roleIds && roleIds.length > 0 ? roleIds.join(',') : undefined,
    },
    { appKey: APP_KEYS.permission },
  );
}

/** Channel and site options (spec §7: appKey A1001001). */
export function fetchChannels(): Promise<ChannelResponse> {
  return http.gateway<ChannelResponse>({
    name: sessionOps.channelList.name,
    appKey: APP_KEYS.channel,
    busiCode: BUSI_CODES.channel,
    body: {},
  });
}

/** Server-side logout with an explicit token (the session is already cleared locally). */
export function requestLogout(token: string): Promise<unknown> {
  return http.request(
    {
      method: 'POST',
      path: GATEWAY_PATHS.request,
      headers: { Authorization: token },
      body: { appKey: APP_KEYS.permission, busiCode: BUSI_CODES.permission, source: 'web', name: signInOps.logout.name, body: {} },
    },
    // The local session is gone already; whatever the server answers, no warning and no second log-out.
    { appKey: APP_KEYS.permission, allData: true },
  );
}
