/**
 * Browser storage under the spec's keys (§9). Values are JSON; a value that cannot be parsed is
 * treated as absent (and never throws), so a corrupted entry can't brick the app.
 */
type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

export function readJson<T>(which: Area, key: string): T | null {
  const raw = area(which)?.getItem(key);
  if (raw == null || raw === '') return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(which: Area, key: string, value: unknown): void {
  try {
    area(which)?.setItem(key, JSON.stringify(value));
  } catch {
    // quota or privacy mode: the in-memory store still holds the value for this page
  }
}

/** The token is stored as a plain string (it is sent verbatim in the Authorization header). */
export function readString(which: Area, key: string): string | null {
  const raw = area(which)?.getItem(key);
  return raw ? raw : null;
}

export function writeString(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // see writeJson
  }
}

export function remove(which: Area, ...keys: string[]): void {
  const s = area(which);
  for (const k of keys) s?.removeItem(k);
}
