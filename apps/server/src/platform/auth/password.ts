import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id, m = 19 MiB, t = 2, p = 1 (OWASP minimum). */
// Algorithm.Argon2id is an ambient const enum (value 2), not importable as a value here.
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown account) it still runs one argon2
 * verification against a dummy hash, so timing does not tell whether the account exists.
 */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('dummy-password-for-timing-0', OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
