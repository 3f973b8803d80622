import { ApiClient, APP_KEYS, HTTP_TIMEOUT_MS, type ApiClientOptions } from '@merchant/contracts';
import { createHttp } from './http-core.ts';
import { applyRequestContext } from './request-context.ts';
import { getSession } from './session-store.ts';
import { warn } from './notify.ts';
import { endSession } from './session-end.ts';

/**
 * Transport options of the one ApiClient. The secure channel (DESIGN §4) is the ApiClient's own
 * default for /ben-api paths (handshake, encrypted and signed requests, encrypted answers opened
 * before they reach us). `transport` / `decode` stay the plug points for anything else; `decode`
 * is also handed to the catalogue layer, which parses answers itself so it keeps non-envelope JSON
 * (/health) and non-JSON error bodies intact.
 */
const channel: Pick<ApiClientOptions, 'transport' | 'decode' | 'secure'> = {};

/** The one ApiClient of the web app (spec §7: 30 s time-out, Authorization and appKey headers). */
export const apiClient = new ApiClient({
  timeoutMs: HTTP_TIMEOUT_MS,
  getToken: () => getSession().token,
  appKey: APP_KEYS.permission,
  prepare: (req) => {
    const s = getSession();
    return applyRequestContext(req, { anchor: s.currentAnchor, loginRole: s.loginRole, channelChoice: s.channelChoice });
  },
  ...channel,
});

/** The one HTTP client wrapped with the spec §8 error catalogue. */
export const http = createHttp({
  send: (req) => apiClient.send(req),
  decode: channel.decode,
  hooks: { warn, logout: endSession },
});
