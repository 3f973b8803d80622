import {
  ApiError,
  APP_KEYS,
  DEFAULT_UNIFIED,
  DEFAULT_EXPORT_TYPE,
  GATEWAY_PATHS,
  type ApiRequest,
} from '@merchant/contracts';
import { applyCatalogue, type CatalogueHooks, type CatalogueOptions } from './error-catalogue.ts';

/** A named gateway operation (spec §3 "Unified request config"). */
export interface GatewayCall {
  name: string;
  body?: unknown;
  appKey?: string;
  busiCode?: string;
  configCode?: string;
  source?: string;
}

export interface ExportCall extends GatewayCall {
  exportType?: number;
  exportName?: string;
}

export interface CallOptions extends CatalogueOptions {
  /** appKey header; defaults to the descriptor's appKey for gateway calls, else A1001000. */
  appKey?: string;
  signal?: AbortSignal;
}

export interface HttpDeps {
  /** ApiClient.send of the one client (headers, timeout, transport). */
  send: (req: ApiRequest) => Promise<Response>;
  /** Same decoder as the client's `decode` option (secure channel); identity by default. */
  decode?: (json: unknown, req: ApiRequest) => unknown | Promise<unknown>;
  hooks: CatalogueHooks;
}

export interface Http {
  /** A JSON call through the spec §8 catalogue. */
  request<T>(req: ApiRequest, opts?: CallOptions): Promise<T>;
  get<T>(path: string, query?: ApiRequest['query'], opts?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, opts?: CallOptions): Promise<T>;
  /** Signed-in unified gateway (`/ben-api/api/uniter/v1/url/request`). */
  gateway<T>(call: GatewayCall, opts?: CallOptions): Promise<T>;
  /** Public unified gateway (`…/ignoreSecurity/request`), no token needed. */
  publicGateway<T>(call: GatewayCall, opts?: CallOptions): Promise<T>;
  /** Pass-through (exports, downloads): the raw Response, no catalogue. */
  raw(req: ApiRequest): Promise<Response>;
  /** Export descriptor (default export type 3); the raw Response, passed through. */
  exportFile(call: ExportCall): Promise<Response>;
}

export function gatewayBody(call: GatewayCall): Required<Pick<GatewayCall, 'name' | 'appKey' | 'busiCode' | 'source'>> &
  GatewayCall {
  return {
    appKey: call.appKey ?? DEFAULT_UNIFIED.appKey,
    busiCode: call.busiCode ?? DEFAULT_UNIFIED.busiCode,
    configCode: call.configCode,
    source: call.source ?? DEFAULT_UNIFIED.source,
    name: call.name,
    body: call.body ?? {},
  };
}

async function readBody(res: Response): Promise<{ json?: unknown; text: string; ok: boolean }> {
  const textBody = await res.text();
  try {
    return { json: JSON.parse(textBody) as unknown, text: textBody, ok: true };
  } catch {
    return { text: textBody, ok: false };
  }
}

export function createHttp(deps: HttpDeps): Http {
  const withAppKey = (req: ApiRequest, appKey: string | undefined): ApiRequest =>
    appKey ? { ...req, headers: { ...(req.headers ?? {}), appKey } } : req;

  async function request<T>(req: ApiRequest, opts: CallOptions = {}): Promise<T> {
    const prepared = withAppKey({ ...req, signal: opts.signal ?? req.signal }, opts.appKey ?? req.headers?.appKey ?? APP_KEYS.permission);
    // Network failure (no answer, time-out): ApiClient raises ApiError('NETWORK'|'TIMEOUT'); reject with it.
    const res = await deps.send(prepared);
    const body = await readBody(res);
    if (!body.ok) {
      // An answer that is not JSON (proxy error page…): reject with the response data.
      throw new ApiError('NETWORK', `服务器响应异常（HTTP ${res.status}）`, res.status, body.text);
    }
    const json = deps.decode ? await deps.decode(body.json, prepared) : body.json;
    return applyCatalogue<T>(json, res.status, opts, deps.hooks);
  }

  const gatewayCall = <T>(path: string, call: GatewayCall, opts: CallOptions = {}) => {
    const descriptor = gatewayBody(call);
    return request<T>({ method: 'POST', path, body: descriptor }, { ...opts, appKey: opts.appKey ?? descriptor.appKey });
  };

  return {
    request,
    get: (path, query, opts) => request({ method: 'GET', path, query }, opts),
    post: (path, body, opts) => request({ method: 'POST', path, body: body ?? {} }, opts),
    gateway: (call, opts) => gatewayCall(GATEWAY_PATHS.request, call, opts),
    publicGateway: (call, opts) => gatewayCall(GATEWAY_PATHS.ignoreSecurity, call, opts),
    raw: (req) => deps.send(withAppKey(req, req.headers?.appKey ?? APP_KEYS.permission)),
    exportFile: (call) => {
      const descriptor = {
        ...gatewayBody(call),
        exportType: call.exportType ?? DEFAULT_EXPORT_TYPE,
        exportName: call.exportName,
      };
      return deps.send({ method: 'POST', path: GATEWAY_PATHS.export, body: descriptor, headers: { appKey: descriptor.appKey }, raw: true });
    },
  };
}
