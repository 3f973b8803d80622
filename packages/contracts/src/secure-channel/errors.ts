import { CODES } from '../core/error-codes.ts';

/**
 * Internal reason of a refusal. For server logs and tests only: the HTTP answer must carry the
 * uniform code and message and nothing else, so a caller cannot tell one refusal from another.
 */
export type SecureChannelReason =
  /** Malformed envelope, query, key, base64url or method. */
  | 'format'
  /** Timestamp outside the allowed window. */
  | 'timestamp'
  /** Unknown or expired channel. */
  | 'channel'
  /** Missing or bad signature. */
  | 'signature'
  /** Nonce already seen. */
  | 'replay'
  /** Authenticated decryption failed (tampered ciphertext, iv or tag, or wrong key). */
  | 'decrypt'
  /** Payload too large, JSON too deep or too many keys/items, or invalid JSON. */
  | 'limits'
  /** Bad handshake message. */
  | 'handshake'
  /** Encrypted response could not be opened (client side). */
  | 'response';

/** The uniform user-facing message for every secure-channel refusal. */
export const SECURE_CHANNEL_MESSAGE = '安全校验失败，请刷新页面后重试';

/**
 * The one error type of the secure channel. `code` is always `CODES.secureChannel` ('A0340') and
 * `message` always SECURE_CHANNEL_MESSAGE; `reason` is internal (log it, never send it).
 */
export class SecureChannelError extends Error {
  readonly code: typeof CODES.secureChannel = CODES.secureChannel;
  readonly reason: SecureChannelReason;
  constructor(reason: SecureChannelReason, options?: { cause?: unknown }) {
    super(SECURE_CHANNEL_MESSAGE, options);
    this.name = 'SecureChannelError';
    this.reason = reason;
  }
}

export function isSecureChannelError(err: unknown): err is SecureChannelError {
  return err instanceof SecureChannelError;
}

/** @internal Throws a SecureChannelError. */
export function refuse(reason: SecureChannelReason, cause?: unknown): never {
  throw new SecureChannelError(reason, cause === undefined ? undefined : { cause });
}
