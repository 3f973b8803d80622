import { GATEWAY_PATHS } from '@merchant/contracts';
import { sessionOps, type ChannelResponse, type ResourceResponse, type UserInfo } from '@merchant/contracts/permission/session';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { call } from './call.ts';
import { http } from './http-client.ts';

/** User info (spec §7: appKey A1001000). */
export function fetchUserInfo(): Promise<UserInfo> {
  return call(sessionOps.getInfo);
}

/** Menu tree and organisation/role choices for an organisation and roles (spec §7). */
export function fetchResources(organizationId?: number, roleIds?: number[]): Promise<ResourceResponse> {
  const op = sessionOps.resourceFetch;
  return call(op, {
    appKey: op.appKey ?? undefined,
    busiCode: op.busiCode ?? undefined,
    // Sent empty, as the spec lists them (§7).
    sceneCode: '',
    functionCode: '',
    clientType: 'web',
    // Left out when nothing is chosen: the server then uses the session's selection.
    organizationId,
    roleIds: roleIds && roleIds.length > 0 ? roleIds : undefined,
  });
}

/** Channel and site options (spec §7: appKey A1001001). */
export function fetchChannels(): Promise<ChannelResponse> {
  return call(sessionOps.channelList);
}

/**
 * Server-side logout with an explicit token (the session is already cleared locally): not `call`, which
 * sends the stored token — the one being ended is passed in.
 */
export function requestLogout(token: string): Promise<unknown> {
  const op = signInOps.logout;
  return http.request(
    {
      method: 'POST',
      path: GATEWAY_PATHS.request,
      headers: { Authorization: token },
      body: { appKey: op.appKey, busiCode: op.busiCode, source: 'web', name: op.name, body: {} },
    },
    // The local session is gone already; whatever the server answers, no warning and no second log-out.
    { appKey: op.appKey ?? undefined, allData: true },
  );
}
