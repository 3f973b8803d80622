import {
  ApiError,
  type ApiRequest,
  APP_KEYS,
  CODES,
  DEFAULT_EXPORT_TYPE,
  DEFAULT_UNIFIED,
  GATEWAY_PATHS,
  type MerchantScope,
} from '@merchant/contracts';
import { type ExportQueued, fileNameFromDisposition } from '@merchant/contracts/file/export-task';
import { applyCatalogue, type CatalogueHooks, type CatalogueOptions } from './error-catalogue.ts';

/** A named gateway operation (spec §3 "Unified request config"). */
export interface GatewayCall {
  name: string;
  body?: unknown;
  appKey?: string;
  busiCode?: string;
  configCode?: string;
  source?: string;
  /** The operation's merchant scope (from its contract). */
  merchantScope?: MerchantScope;
}

export interface ExportCall extends GatewayCall {
  exportType?: number;
  exportName?: string;
}

/** A file the server sent (an export, a finished export task). */
export interface DownloadedFile {
  blob: Blob;
  /** From content-disposition (the UTF-8 name when given), else the caller's fallback. */
  fileName: string;
}

/** What `exportList` ends with: the file itself, or the export became a background task (200002). */
export type ExportResult = { kind: 'file'; file: DownloadedFile } | ({ kind: 'queued'; message: string } & ExportQueued);

export interface CallOptions extends CatalogueOptions {
  /** appKey header; defaults to the descriptor's appKey for gateway calls, else A1001000. */
  appKey?: string;
  /** The operation's merchant scope (from its contract): the request context adds the merchant id. */
  merchantScope?: MerchantScope;
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
  /**
   * Exports a list (`POST …/common/export`): the file when the server streams it, `queued` when it
   * became a background task (pass-silent 200002, with its message); any other JSON answer goes
   * through the spec §8 catalogue (warns, raises).
   */
  exportList(call: ExportCall, opts?: Pick<CallOptions, 'signal'>): Promise<ExportResult>;
  /**
   * A file download (e.g. a finished export task): the file, or a JSON error answer through the
   * catalogue. `fallbackName` names the file when the server sends no content-disposition.
   */
  download(req: ApiRequest, fallbackName?: string): Promise<DownloadedFile>;
}

export function gatewayBody(call: GatewayCall): Required<Pick<GatewayCall, 'name' | 'appKey' | 'busiCode' | 'source'>> & GatewayCall {
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

interface EnvelopeLike {
  code?: unknown;
  msg?: unknown;
  message?: unknown;
  data?: unknown;
}

const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** Answers with a JSON content type are envelopes (errors, 200002); everything else is the file. */
export function isJsonAnswer(res: Response): boolean {
  return /json/i.test(res.headers.get('content-type') ?? '');
}

/** The `data` of a 200002 answer, or undefined for any other answer. */
export function exportQueuedOf(json: unknown): ({ message: string } & ExportQueued) | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const env = json as EnvelopeLike;
  if (String(env.code) !== CODES.exportQueued) return undefined;
  const data = (typeof env.data === 'object' && env.data !== null ? env.data : {}) as Partial<ExportQueued>;
  return {
    message: nonEmpty(env.message) ?? nonEmpty(env.msg) ?? '数据较多，已转为后台导出，完成后请到「文件管理 → 导出文件」下载',
    taskId: Number(data.taskId ?? 0),
    totalRows: Number(data.totalRows ?? 0),
  };
}

export function createHttp(deps: HttpDeps): Http {
  const withAppKey = (req: ApiRequest, appKey: string | undefined): ApiRequest =>
    appKey ? { ...req, headers: { ...(req.headers ?? {}), appKey } } : req;

  async function request<T>(req: ApiRequest, opts: CallOptions = {}): Promise<T> {
    const prepared = withAppKey(
      { ...req, signal: opts.signal ?? req.signal, merchantScope: opts.merchantScope ?? req.merchantScope },
      opts.appKey ?? req.headers?.appKey ?? APP_KEYS.permission,
    );
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

  /** A file answer, or the (decoded) JSON envelope the server sent instead. */
  async function fileOrEnvelope(
    res: Response,
    req: ApiRequest,
    fallbackName: string,
  ): Promise<{ file: DownloadedFile } | { json: unknown }> {
    if (isJsonAnswer(res)) {
      const body = await readBody(res);
      if (!body.ok) throw new ApiError('NETWORK', `服务器响应异常（HTTP ${res.status}）`, res.status, body.text);
      return { json: deps.decode ? await deps.decode(body.json, req) : body.json };
    }
    if (!res.ok) {
      const textBody = await res.text().catch(() => '');
      throw new ApiError('NETWORK', `服务器响应异常（HTTP ${res.status}）`, res.status, textBody);
    }
    const fileName = fileNameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName;
    return { file: { blob: await res.blob(), fileName } };
  }

  /** A JSON answer where a file was expected: errors raise through the catalogue; a bare success is an error too. */
  function noFile(json: unknown, status: number): never {
    applyCatalogue(json, status, {}, deps.hooks);
    throw new ApiError('NETWORK', '服务器没有返回文件，请稍后重试', status, json);
  }

  const exportRequest = (call: ExportCall, signal?: AbortSignal): ApiRequest => {
    const descriptor = {
      ...gatewayBody(call),
      exportType: call.exportType ?? DEFAULT_EXPORT_TYPE,
      exportName: call.exportName,
    };
    return {
      method: 'POST',
      path: GATEWAY_PATHS.export,
      body: descriptor,
      headers: { appKey: descriptor.appKey },
      raw: true,
      signal,
      merchantScope: call.merchantScope,
    };
  };

  const gatewayCall = <T>(path: string, call: GatewayCall, opts: CallOptions = {}) => {
    const descriptor = gatewayBody(call);
    return request<T>(
      { method: 'POST', path, body: descriptor },
      { ...opts, appKey: opts.appKey ?? descriptor.appKey, merchantScope: opts.merchantScope ?? call.merchantScope },
    );
  };

  return {
    request,
    get: (path, query, opts) => request({ method: 'GET', path, query }, opts),
    post: (path, body, opts) => request({ method: 'POST', path, body: body ?? {} }, opts),
    gateway: (call, opts) => gatewayCall(GATEWAY_PATHS.request, call, opts),
    publicGateway: (call, opts) => gatewayCall(GATEWAY_PATHS.ignoreSecurity, call, opts),
    raw: (req) => deps.send(withAppKey(req, req.headers?.appKey ?? APP_KEYS.permission)),
    exportFile: (call) => deps.send(exportRequest(call)),
    exportList: async (call, opts = {}) => {
      const req = exportRequest(call, opts.signal);
      const res = await deps.send(req);
      const answer = await fileOrEnvelope(res, req, `${call.exportName || '导出'}.xlsx`);
      if ('file' in answer) return { kind: 'file', file: answer.file };
      const queued = exportQueuedOf(answer.json);
      if (queued) return { kind: 'queued', ...queued };
      return noFile(answer.json, res.status);
    },
    download: async (req, fallbackName = 'download') => {
      const prepared = withAppKey({ ...req, raw: true }, req.headers?.appKey ?? APP_KEYS.permission);
      const res = await deps.send(prepared);
      const answer = await fileOrEnvelope(res, prepared, fallbackName);
      if ('file' in answer) return answer.file;
      return noFile(answer.json, res.status);
    },
  };
}
