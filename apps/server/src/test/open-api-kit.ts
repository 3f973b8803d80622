import { OpenApiClient, signOpenApiRequest } from '@merchant/contracts/open-api/signing';
import { provisionOpenApp } from '../platform/open-api/open-app.repo.ts';
import { injectFetch, type TestApp } from './harness.ts';

// The open API tests' kit: an open app provisioned for a merchant, and signed calls injected into the real app — with
// hooks to send something other than what was signed.

export interface OpenCreds {
  appKey: string;
  secret: string;
}

/** A new open app (启用) of the merchant for a channel. */
export function newOpenApp(t: TestApp, merchantId: number, channelCode = 'container', name = '测试开放应用'): Promise<OpenCreds> {
  return provisionOpenApp(t.db.db, { merchantId, channelCode, name, now: t.clock.now() });
}

/** An OpenApiClient on the test app (no socket), stamping the test clock. */
export function openClient(t: TestApp, creds: OpenCreds): OpenApiClient {
  return new OpenApiClient({ baseUrl: '', ...creds, fetch: injectFetch(t.app), now: () => t.clock.now() });
}

export interface OpenCall {
  path?: string;
  /** The body bytes sent (and signed, unless `signedBody` says otherwise); default '{}'. */
  body?: string | Buffer;
  /** Signs these bytes instead of `body` (a body changed after signing). */
  signedBody?: string;
  /** Signs this path instead of `path`. */
  signedPath?: string;
  timestamp?: number;
  nonce?: string;
  /** Changes the headers before sending (drop one, forge one). */
  headers?: (h: Record<string, string>) => Record<string, string>;
  contentType?: string | null;
}

/** Signs and injects one call; returns the status and the parsed answer. */
export async function openCall(t: TestApp, creds: OpenCreds, call: OpenCall = {}) {
  const path = call.path ?? '/open-api/v1/ping';
  const body = call.body ?? '{}';
  const signed = await signOpenApiRequest({
    ...creds,
    method: 'POST',
    path: call.signedPath ?? path.split('?')[0],
    body: call.signedBody ?? body,
    timestamp: call.timestamp ?? t.clock.now(),
    nonce: call.nonce,
  });
  let headers: Record<string, string> = { ...signed };
  if (call.contentType !== null) headers['content-type'] = call.contentType ?? 'application/json';
  if (call.headers) headers = call.headers(headers);
  const res = await t.app.inject({ method: 'POST', url: path, headers, payload: body });
  return { status: res.statusCode, body: res.json() as { code: string; msg: string; data: unknown } };
}
