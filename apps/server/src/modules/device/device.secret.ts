import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Per-device secrets: 24 random base64url characters (144 bits), shown once on create and reset. Stored as a
 * salted SHA-256 — a random secret of this length needs no slow password hash, and 2,000 cabinets
 * reconnecting at once must not stall the broker (docs/decisions.md).
 */
export const newSecret = () => randomBytes(18).toString('base64url');

const digest = (salt: string, secret: string) => createHash('sha256').update(`${salt}:${secret}`).digest('hex');

export function hashSecret(secret: string): string {
  const salt = randomBytes(12).toString('hex');
  return `s1$${salt}$${digest(salt, secret)}`;
}

export function secretMatches(stored: string, secret: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 's1' || !salt || !hash) return false;
  const a = Buffer.from(digest(salt, secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
