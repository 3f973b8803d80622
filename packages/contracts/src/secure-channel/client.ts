/**
 * Browser-side channel holder: opens the channel lazily (one handshake in flight at a time),
 * renews it before expiry, stamps requests in server time, and re-handshakes after a refusal
 * (e.g. the server restarted and forgot the channel). Transport-independent: the caller supplies
 * the function that posts the hello.
 */
import { createClientHandshake, type ClientChannel, type ClientHello } from './keys.ts';
import { sealRequest, type SealRequestInput, type SealedRequest } from './request.ts';
import { SECURE_QUERY_KEYS } from './config.ts';
import { refuse } from './errors.ts';
import { isEncryptedResponse, openResponse, plainRefusal } from './response.ts';

export interface SecureChannelClientOptions {
  /** Posts the hello to the handshake endpoint; resolves to the server hello (the answer's `data`). */
  handshake: (hello: ClientHello) => Promise<unknown>;
  /** Local clock, epoch ms (default Date.now). */
  now?: () => number;
  /** Re-handshake when the channel has less than this left (default 60 s). */
  renewBeforeMs?: number;
}

export type SealedChannelRequest = SealedRequest & { channel: ClientChannel };
export type ChannelRequestInput = Omit<SealRequestInput, 'keys' | 'channelId' | 'now' | 'nonce'>;

export class SecureChannelClient {
  private readonly opts: SecureChannelClientOptions;
  private current: ClientChannel | undefined;
  private pending: Promise<ClientChannel> | undefined;

  constructor(opts: SecureChannelClientOptions) {
    this.opts = opts;
  }

  private localNow(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** Server time as estimated from the channel's clock offset. */
  serverNow(channel: ClientChannel): number {
    return Math.round(this.localNow() + channel.clockOffsetMs);
  }

  /** The open channel, handshaking first if there is none or it is about to expire. */
  channel(): Promise<ClientChannel> {
    const ch = this.current;
    if (ch && this.serverNow(ch) < ch.expiresAt - (this.opts.renewBeforeMs ?? 60_000)) return Promise.resolve(ch);
    if (!this.pending) {
      const p = this.openChannel().finally(() => {
        if (this.pending === p) this.pending = undefined;
      });
      this.pending = p;
    }
    return this.pending;
  }

  private async openChannel(): Promise<ClientChannel> {
    const hs = await createClientHandshake();
    const sentAt = this.localNow();
    const hello = await this.opts.handshake(hs.hello);
    const receivedAt = this.localNow();
    // Server time was read about halfway through the round trip.
    const channel = await hs.complete(hello, { now: (sentAt + receivedAt) / 2 });
    this.current = channel;
    return channel;
  }

  /** Forgets the channel (only if it is still `channelId`, when given) so the next call re-handshakes. */
  reset(channelId?: string): void {
    if (channelId === undefined || this.current?.channelId === channelId) this.current = undefined;
  }

  /** Seals a request on the current channel (fresh nonce, ts in server time). */
  async seal(req: ChannelRequestInput): Promise<SealedChannelRequest> {
    const channel = await this.channel();
    const sealed = await sealRequest({ ...req, keys: channel.keys, channelId: channel.channelId, now: this.serverNow(channel) });
    return { ...sealed, channel };
  }

  /**
   * Opens a response to `sealed`. Where the request asked for an encrypted answer (`enc=1`), a
   * plaintext one is refused (SecureChannelError) unless it is one of the refusals the server sends
   * before it can encrypt (plainRefusal: rebuilt from its code, nothing else kept).
   */
  async open(sealed: SealedChannelRequest, json: unknown, options?: { requireEncrypted?: boolean }): Promise<unknown> {
    const requireEncrypted = options?.requireEncrypted ?? sealed.query[SECURE_QUERY_KEYS.encryptResponse] === '1';
    if (requireEncrypted && !isEncryptedResponse(json)) return plainRefusal(json) ?? refuse('response');
    return openResponse(sealed.channel.keys, json, sealed.nonce, { requireEncrypted });
  }

  /**
   * Seals and sends; if `isRefused(result)` (the server answered the secure-channel code), resets the
   * channel, re-handshakes and sends once more with a fresh nonce. Safe: a refused request ran nothing.
   */
  async request<T>(
    req: ChannelRequestInput,
    send: (sealed: SealedChannelRequest) => Promise<T>,
    isRefused: (result: T) => boolean | Promise<boolean>,
  ): Promise<T> {
    const first = await this.seal(req);
    const result = await send(first);
    if (!(await isRefused(result))) return result;
    this.reset(first.channelId);
    return send(await this.seal(req));
  }
}
