/** Tunables of the secure channel (DESIGN §4). All times in milliseconds. */
export interface SecureChannelLimits {
  /** Largest accepted |server now - ts|, inclusive. Default 300 000 (300 s: 300 s passes, 300.001 s fails). */
  maxSkewMs: number;
  /** How long a seen nonce is remembered. Default 600 000 (600 s). */
  nonceTtlMs: number;
  /** Largest decrypted payload in bytes (POST body JSON / GET params JSON). Default 1 MiB. */
  maxPayloadBytes: number;
  /** Deepest JSON nesting; the top-level object/array is depth 1. Default 32. */
  maxJsonDepth: number;
  /** Most keys in one object or items in one array. Default 10 000. */
  maxJsonEntries: number;
  /** Most keys + items in the whole document. Default 200 000. */
  maxJsonTotalEntries: number;
  /** Most parameters in the URL query string. Default 64. */
  maxQueryParams: number;
}

export const DEFAULT_SECURE_CHANNEL_LIMITS: Readonly<SecureChannelLimits> = Object.freeze({
  maxSkewMs: 300_000,
  nonceTtlMs: 600_000,
  maxPayloadBytes: 1_048_576,
  maxJsonDepth: 32,
  maxJsonEntries: 10_000,
  maxJsonTotalEntries: 200_000,
  maxQueryParams: 64,
});

/** Default lifetime of a channel from its handshake (2 h); the client re-handshakes by itself. */
export const DEFAULT_CHANNEL_TTL_MS = 2 * 60 * 60 * 1000;

/** Reserved query parameter names of a secure GET. */
export const SECURE_QUERY_KEYS = Object.freeze({
  channelId: 'channelId',
  ts: 'ts',
  nonce: 'nonce',
  body: 'body',
  sign: 'sign',
  /** `enc=1`: the client asks for an encrypted response (signed like any other parameter). */
  encryptResponse: 'enc',
} as const);

/** Scheme tags; they domain-separate signatures, AAD and key derivation. */
export const SECURE_CHANNEL_VERSION = 'SC1';
export const SIGNATURE_TAG = 'SC1-HMAC-SHA256';
export const REQUEST_AAD_TAG = 'SC1-REQUEST';
export const RESPONSE_AAD_TAG = 'SC1-RESPONSE';
export const HKDF_INFO_ENC = 'SC1 aes-256-gcm request+response key';
export const HKDF_INFO_MAC = 'SC1 hmac-sha256 signing key';

export function resolveLimits(limits?: Partial<SecureChannelLimits>): SecureChannelLimits {
  return limits ? { ...DEFAULT_SECURE_CHANNEL_LIMITS, ...limits } : DEFAULT_SECURE_CHANNEL_LIMITS;
}
