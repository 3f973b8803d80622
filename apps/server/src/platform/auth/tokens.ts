import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Opaque session token: 256 random bits, base64url. Only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit verification code from a CSPRNG. */
export function newVerifyCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
