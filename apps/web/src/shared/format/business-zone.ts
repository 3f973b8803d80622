// The business time zone as the user info names it (decision "the business time zone"), handed over by the session
// store, which loads with the entry. This module imports nothing: the contracts' business-time.ts, which checks the
// name, also declares zod schemas, and importing it here would put zod in the initial load (decision 42). date.ts,
// loaded with the pages that show times, checks and applies the names set here before it next reads the zone.

const NONE: readonly string[] = [];
let pending: string[] = [];

/** Sets the business time zone (from the user info); an unknown name keeps the current one. */
export function setBusinessTimeZone(tz: string | null | undefined): void {
  if (tz) pending.push(tz);
}

/** The names set since the last call, oldest first (for date.ts). */
export function takeSetTimeZones(): readonly string[] {
  if (pending.length === 0) return NONE;
  const set = pending;
  pending = [];
  return set;
}
