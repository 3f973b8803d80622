import { HTTP_TIMEOUT_MS } from '../core/constants.ts';
import type { Envelope } from '../core/envelope.ts';
import type { MerchantScope } from '../core/operation.ts';
import { CODES } from '../core/error-codes.ts';
import { ApiError } from './api-error.ts';

export { ApiError };
import { SecureChannelClient, type SealedChannelRequest } from '../secure-channel/client.ts';
import { isSecureChannelError, SECURE_CHANNEL_MESSAGE } from '../secure-channel/errors.ts';
import { randomToken } from '../secure-channel/encoding.ts';
import { signTrackingBatch, type TrackingEvent } from '../tracking/tracking.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | boolean | undefined | null | Array<string | number>>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Return the raw Response (exports, downloads). */
  raw?: boolean;
  signal?: AbortSignal;
  /** The operation's merchant scope (from its contract): what the web client adds to the body. */
  merchantScope?: MerchantScope;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  getToken?: () => string | null | undefined;
  appKey?: string | (() => string);
  /** Called on each request before it is sent; may rewrite query/body (anchor, merchant id…). */
  prepare?: (req: ApiRequest) => ApiRequest | Promise<ApiRequest>;
  /**
   * Transport layer for /ben-api paths (secure channel). Receives the prepared request and
   * returns the Response. Defaults to plain JSON.
   */
  transport?: (req: ApiRequest, send: (url: string, init: RequestInit) => Promise<Response>) => Promise<Response>;
  /** Turns a parsed JSON body into the envelope. */
  decode?: (json: unknown, req: ApiRequest) => unknown | Promise<unknown>;
  /**
   * Secure channel for /ben-api paths (DESIGN §4): handshake on first use, every request encrypted
   * and signed, responses encrypted; after a refusal (server restarted, channel expired) it
   * re-handshakes and sends once more by itself. Default: on.
   */
  secure?: boolean | { encryptResponses?: boolean };
}

const isJson = (res: Response) => (res.headers.get('content-type') ?? '').includes('application/json');

const NOT_JSON = Symbol('not JSON');
/** The JSON value of a body, or NOT_JSON (checked by its first character before decoding: files stay cheap). */
function parseJsonBytes(bytes: Uint8Array): unknown {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0; // a UTF-8 BOM
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (i === bytes.length || !'{["-0123456789tfn'.includes(String.fromCharCode(bytes[i]))) return NOT_JSON;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)) as unknown;
  } catch {
    return NOT_JSON;
  }
}

export function buildQuery(query: ApiRequest['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    params.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The transport core of the one HTTP client: headers, timeout, JSON envelope.
 * The web app wraps it with the spec §8 catalogue (warnings, log out); API tests drive it directly.
 */
export class ApiClient {
  private readonly opts: ApiClientOptions;
  private channel?: SecureChannelClient;
  constructor(opts: ApiClientOptions = {}) {
    this.opts = opts;
  }

  /** Opens (or reuses) the secure channel; the handshake itself travels in plain JSON. */
  private secureChannel(): SecureChannelClient {
    this.channel ??= new SecureChannelClient({
      handshake: async (hello) => {
        const res = await (this.opts.fetch ?? ((u, i) => fetch(u, i)))(this.url(GATEWAY_PATHS.handshake), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(hello),
        });
        const env = (await res.json()) as Envelope;
        if (env.code !== CODES.ok) throw new ApiError(env.code, env.msg ?? '安全通道建立失败', res.status);
        return env.data;
      },
    });
    return this.channel;
  }

  /**
   * Uploads a batch of tracking events (text/plain JSON), signed with the channel's key. Only a
   * signed-in session's events are accepted: without a token nothing is sent. Returns true when the
   * server stored it.
   */
  async uploadTracking(appKey: string, events: TrackingEvent[]): Promise<boolean> {
    if (!this.opts.getToken?.()) return false;
    const channel = await this.secureChannel().channel();
    const body = JSON.stringify(events);
    const q = { appKey, time: this.secureChannel().serverNow(channel), channelId: channel.channelId, nonce: randomToken(16) };
    const query = await signTrackingBatch(channel.keys, GATEWAY_PATHS.tracking, q, body);
    const res = await this.send({ method: 'POST', path: GATEWAY_PATHS.tracking, query, body, headers: { 'Content-Type': 'text/plain' } });
    const env = (await res.json().catch(() => ({}))) as Envelope;
    if (env.code === CODES.secureChannel) this.secureChannel().reset(channel.channelId);
    return env.code === CODES.ok;
  }

  private async sendSecure(req: ApiRequest, sendRaw: (url: string, init: RequestInit) => Promise<Response>): Promise<Response> {
    const secure = this.opts.secure;
    const encryptResponse = typeof secure === 'object' ? secure.encryptResponses !== false : true;
    const channel = this.secureChannel();
    const send = async (sealed: SealedChannelRequest) => {
      const res = await sendRaw(
        this.url(sealed.url),
        sealed.method === 'POST'
          ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(sealed.body) }
          : { method: 'GET' },
      );
      // A file (export, download) is streamed bytes, not encrypted (decision 16): only where one was asked for.
      if (req.raw && !isJson(res)) return res;
      // Whatever the content type says, a body that parses as JSON is an answer and must be the channel's;
      // anything else (a file, a proxy's error page) goes on byte for byte.
      const bytes = new Uint8Array(await res.arrayBuffer());
      const json = parseJsonBytes(bytes);
      if (json === NOT_JSON) return new Response(bytes, { status: res.status, headers: res.headers });
      let opened: unknown;
      try {
        opened = await channel.open(sealed, json);
      } catch (err) {
        if (isSecureChannelError(err)) throw new ApiError(CODES.secureChannel, SECURE_CHANNEL_MESSAGE, res.status);
        throw err;
      }
      const headers = new Headers(res.headers);
      headers.set('content-type', 'application/json; charset=utf-8');
      headers.delete('content-length');
      return new Response(JSON.stringify(opened), { status: res.status, headers });
    };
    const refused = async (res: Response) => isJson(res) && ((await res.clone().json()) as Envelope).code === CODES.secureChannel;
    const query = Object.fromEntries(Object.entries(req.query ?? {}).map(([k, v]) => [k, v ?? undefined]));
    return channel.request({ method: req.method, path: req.path, query, body: req.body, encryptResponse }, send, refused);
  }

  /** Sends a request and returns the raw Response (no envelope handling). */
  async send(request: ApiRequest): Promise<Response> {
    const req = this.opts.prepare ? await this.opts.prepare(request) : request;
    const headers: Record<string, string> = { Accept: 'application/json', ...(req.headers ?? {}) };
    const token = this.opts.getToken?.();
    if (token) headers.Authorization = token;
    const appKey = typeof this.opts.appKey === 'function' ? this.opts.appKey() : this.opts.appKey;
    if (appKey && !headers.appKey) headers.appKey = appKey;
    const timeout = this.opts.timeoutMs ?? HTTP_TIMEOUT_MS;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new ApiError('TIMEOUT', '请求超时，请稍后重试')), timeout);
    req.signal?.addEventListener('abort', () => controller.abort(req.signal?.reason));
    const fetchImpl = this.opts.fetch ?? ((u, i) => fetch(u, i));
    const sendRaw = (url: string, init: RequestInit) =>
      fetchImpl(url, { ...init, headers: { ...headers, ...((init.headers as Record<string, string>) ?? {}) }, signal: controller.signal });
    try {
      if (this.opts.transport) return await this.opts.transport({ ...req, headers }, (u, i) => sendRaw(this.url(u), i));
      if (this.opts.secure !== false && req.path.startsWith('/ben-api/') && req.path !== GATEWAY_PATHS.handshake) {
        return await this.sendSecure(req, sendRaw);
      }
      const url = this.url(req.path + buildQuery(req.query));
      if (req.method === 'GET') return await sendRaw(url, { method: 'GET' });
      const textBody = req.headers?.['Content-Type'] === 'text/plain' && typeof req.body === 'string';
      return await sendRaw(url, {
        method: 'POST',
        headers: { 'Content-Type': textBody ? 'text/plain' : 'application/json' },
        body: textBody ? (req.body as string) : JSON.stringify(req.body ?? {}),
      });
    } catch (err) {
      if (err instanceof ApiError) throw err;
      const reason = controller.signal.reason;
      if (reason instanceof ApiError) throw reason;
      throw new ApiError('NETWORK', '网络异常，请检查网络后重试', 0, undefined);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends a request and returns the parsed envelope, whatever its code. */
  async envelope<T = unknown>(request: ApiRequest): Promise<Envelope<T> & { status: number }> {
    const res = await this.send(request);
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new ApiError('NETWORK', `服务器响应异常（HTTP ${res.status}）`, res.status);
    }
    if (this.opts.decode) json = await this.opts.decode(json, request);
    return { ...(json as Envelope<T>), status: res.status };
  }

  /** Sends a request; returns `data` on code 200, throws ApiError otherwise. */
  async call<T = unknown>(request: ApiRequest): Promise<T> {
    const env = await this.envelope<T>(request);
    if (env.code === '200' || (env.code as unknown) === 200) return env.data as T;
    throw new ApiError(String(env.code), env.msg ?? env.message ?? '请求失败', env.status, env.data);
  }

  private url(path: string): string {
    return (this.opts.baseUrl ?? '') + path;
  }
}

/** Paths of the unified gateway (spec §7). */
export const GATEWAY_PATHS = {
  request: '/ben-api/api/uniter/v1/url/request',
  ignoreSecurity: '/ben-api/api/uniter/v1/url/ignoreSecurity/request',
  export: '/ben-api/api/uniter/v1/common/export',
  verifyCode: '/permissionApi/permission/user/getVerifyCode/v2',
  getInfo: '/ben-api/v1/permission/getInfo',
  resourceFetch: '/uni-api/permission/resource/v2/fetch',
  tracking: '/track/tracking/batch/upload',
  handshake: '/ben-api/secure/handshake',
} as const;
