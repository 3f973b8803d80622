/**
 * Channel handshake and keys: ephemeral ECDH P-256 on both sides, HKDF-SHA256 over the shared
 * secret (salt = channelId bytes, info = purpose tag || client public key || server public key)
 * -> AES-256-GCM key (payload and response encryption) + HMAC-SHA256 key (request signatures).
 */
import { DEFAULT_CHANNEL_TTL_MS, HKDF_INFO_ENC, HKDF_INFO_MAC } from './config.ts';
import { base64UrlToBytes, bytesToBase64Url, concatBytes, randomToken, utf8Encode } from './encoding.ts';
import { refuse } from './errors.ts';

/** The two symmetric keys of a channel. */
export interface ChannelKeys {
  /** AES-256-GCM. */
  readonly encKey: CryptoKey;
  /** HMAC-SHA256. */
  readonly macKey: CryptoKey;
}

/** A channel as held by either side. `expiresAt` is epoch ms (server clock); usable while now < expiresAt. */
export interface SecureChannel {
  channelId: string;
  expiresAt: number;
  keys: ChannelKeys;
}

/** A channel as held by the browser: plus the offset to add to the local clock to get server time. */
export interface ClientChannel extends SecureChannel {
  clockOffsetMs: number;
}

/** Client -> server (handshake request body). */
export interface ClientHello {
  /** base64url of the uncompressed P-256 point (65 bytes, 87 chars). */
  publicKey: string;
}

/** Server -> client (handshake response data). */
export interface ServerHello {
  /** 128 random bits, base64url (22 chars). */
  channelId: string;
  /** base64url of the server's ephemeral uncompressed P-256 point. */
  publicKey: string;
  /** Epoch ms (server clock) at which the channel stops being accepted. */
  expiresAt: number;
  /** Server clock (epoch ms) when the hello was made; lets the client stamp `ts` in server time. */
  serverTime: number;
}

export interface ClientHandshake {
  /** The body to send to the handshake endpoint. */
  readonly hello: ClientHello;
  /** Same as hello.publicKey. */
  readonly publicKey: string;
  /**
   * Validates the server's answer and derives the channel keys (non-extractable).
   * `now` is the local clock at which the answer arrived (default Date.now()), for the clock offset.
   * Throws SecureChannelError('handshake') on a malformed answer.
   */
  complete(serverHello: unknown, options?: { now?: number }): Promise<ClientChannel>;
}

const EC = { name: 'ECDH', namedCurve: 'P-256' } as const;
const PUBLIC_KEY_BYTES = 65;
const CHANNEL_ID_BYTES = 16;
const CHANNEL_ID_RE = /^[A-Za-z0-9_-]{22,64}$/;
const EXPORT_PREFIX = 'sc1:';

function subtle(): SubtleCrypto {
  return globalThis.crypto.subtle;
}

/** True when `id` has the shape of a channel id (22..64 base64url characters). */
export function isChannelIdShape(id: unknown): id is string {
  return typeof id === 'string' && CHANNEL_ID_RE.test(id);
}

async function importPeerPublicKey(publicKey: unknown): Promise<{ key: CryptoKey; raw: Uint8Array<ArrayBuffer> }> {
  if (typeof publicKey !== 'string' || publicKey.length !== 87) refuse('handshake');
  const raw = base64UrlToBytes(publicKey);
  if (!raw || raw.length !== PUBLIC_KEY_BYTES || raw[0] !== 0x04) refuse('handshake');
  try {
    // importKey validates that the point lies on the curve.
    return { key: await subtle().importKey('raw', raw, EC, true, []), raw };
  } catch (err) {
    return refuse('handshake', err);
  }
}

async function ephemeralPair(): Promise<{ pair: CryptoKeyPair; raw: Uint8Array<ArrayBuffer> }> {
  const pair = (await subtle().generateKey(EC, false, ['deriveBits'])) as CryptoKeyPair;
  const raw = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  return { pair, raw };
}

async function deriveChannelKeys(
  privateKey: CryptoKey,
  peer: CryptoKey,
  channelId: string,
  clientPublic: Uint8Array,
  serverPublic: Uint8Array,
  extractable: boolean,
): Promise<ChannelKeys> {
  const s = subtle();
  const shared = await s.deriveBits({ name: 'ECDH', public: peer }, privateKey, 256);
  const ikm = await s.importKey('raw', shared, 'HKDF', false, ['deriveBits']);
  const salt = base64UrlToBytes(channelId);
  if (!salt) refuse('handshake');
  const transcript = concatBytes(clientPublic, serverPublic);
  const hkdf = (info: string) =>
    s.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info: concatBytes(utf8Encode(info), transcript) }, ikm, 256);
  const [enc, mac] = await Promise.all([hkdf(HKDF_INFO_ENC), hkdf(HKDF_INFO_MAC)]);
  return importRawKeys(new Uint8Array(enc), new Uint8Array(mac), extractable);
}

async function importRawKeys(enc: Uint8Array<ArrayBuffer>, mac: Uint8Array<ArrayBuffer>, extractable: boolean): Promise<ChannelKeys> {
  const s = subtle();
  const [encKey, macKey] = await Promise.all([
    s.importKey('raw', enc, { name: 'AES-GCM' }, extractable, ['encrypt', 'decrypt']),
    s.importKey('raw', mac, { name: 'HMAC', hash: 'SHA-256' }, extractable, ['sign', 'verify']),
  ]);
  return { encKey, macKey };
}

/** Browser side: makes the ephemeral key pair and the hello to send. */
export async function createClientHandshake(): Promise<ClientHandshake> {
  const { pair, raw } = await ephemeralPair();
  const publicKey = bytesToBase64Url(raw);
  let used = false;
  return {
    hello: { publicKey },
    publicKey,
    async complete(serverHello, options) {
      if (used) refuse('handshake');
      const hello = parseServerHello(serverHello);
      const peer = await importPeerPublicKey(hello.publicKey);
      const keys = await deriveChannelKeys(pair.privateKey, peer.key, hello.channelId, raw, peer.raw, false);
      used = true;
      const now = options?.now ?? Date.now();
      return { channelId: hello.channelId, expiresAt: hello.expiresAt, keys, clockOffsetMs: Math.round(hello.serverTime - now) };
    },
  };
}

/** Validates the shape of a server hello; throws SecureChannelError('handshake'). */
export function parseServerHello(value: unknown): ServerHello {
  if (typeof value !== 'object' || value === null) refuse('handshake');
  const v = value as Record<string, unknown>;
  if (
    !isChannelIdShape(v.channelId) ||
    typeof v.publicKey !== 'string' ||
    !Number.isSafeInteger(v.expiresAt) ||
    !Number.isSafeInteger(v.serverTime) ||
    (v.expiresAt as number) <= (v.serverTime as number)
  ) {
    refuse('handshake');
  }
  return { channelId: v.channelId, publicKey: v.publicKey, expiresAt: v.expiresAt as number, serverTime: v.serverTime as number };
}

export interface AcceptHandshakeOptions {
  /** Server clock, epoch ms (default Date.now()). */
  now?: number;
  /** Channel lifetime (default DEFAULT_CHANNEL_TTL_MS, 2 h). */
  ttlMs?: number;
}

/**
 * Server side (`clientHello` is a ClientHello or its publicKey string): validates the client's public key (or hello object), makes the server's ephemeral
 * pair and a fresh channel id, and derives the keys (extractable, so they can be persisted with
 * exportChannelKeys). Store `channel` in the ChannelStore, answer `serverHello`.
 * Throws SecureChannelError('handshake') for a bad key.
 */
export async function acceptHandshake(
  clientHello: unknown,
  options: AcceptHandshakeOptions = {},
): Promise<{ serverHello: ServerHello; channel: SecureChannel }> {
  const publicKey =
    typeof clientHello === 'object' && clientHello !== null ? (clientHello as Record<string, unknown>).publicKey : clientHello;
  const peer = await importPeerPublicKey(publicKey);
  const { pair, raw } = await ephemeralPair();
  const channelId = randomToken(CHANNEL_ID_BYTES);
  let keys: ChannelKeys;
  try {
    keys = await deriveChannelKeys(pair.privateKey, peer.key, channelId, peer.raw, raw, true);
  } catch (err) {
    return refuse('handshake', err);
  }
  const now = options.now ?? Date.now();
  const expiresAt = now + (options.ttlMs ?? DEFAULT_CHANNEL_TTL_MS);
  return {
    serverHello: { channelId, publicKey: bytesToBase64Url(raw), expiresAt, serverTime: now },
    channel: { channelId, expiresAt, keys },
  };
}

/**
 * Serialises a channel's keys for storage: `sc1:` + base64url(32-byte AES key || 32-byte HMAC key).
 * This is secret key material: keep it server-side only. Throws TypeError for non-extractable keys
 * (client-side channels).
 */
export async function exportChannelKeys(keys: ChannelKeys): Promise<string> {
  if (!keys.encKey.extractable || !keys.macKey.extractable) throw new TypeError('channel keys are not extractable');
  const [enc, mac] = await Promise.all([subtle().exportKey('raw', keys.encKey), subtle().exportKey('raw', keys.macKey)]);
  return EXPORT_PREFIX + bytesToBase64Url(concatBytes(new Uint8Array(enc), new Uint8Array(mac)));
}

/**
 * Restores keys saved by exportChannelKeys. Throws SecureChannelError('channel') for a malformed
 * value (treat as an unknown channel). `extractable` defaults to true so they can be exported again.
 */
export async function importChannelKeys(serialized: string, options: { extractable?: boolean } = {}): Promise<ChannelKeys> {
  if (typeof serialized !== 'string' || !serialized.startsWith(EXPORT_PREFIX)) refuse('channel');
  const raw = base64UrlToBytes(serialized.slice(EXPORT_PREFIX.length));
  if (!raw || raw.length !== 64) refuse('channel');
  return importRawKeys(raw.slice(0, 32), raw.slice(32), options.extractable ?? true);
}
