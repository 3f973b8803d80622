import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import type { UpdateResult } from 'kysely';
import { conflict } from './errors.ts';

/**
 * Optimistic concurrency (DESIGN §5: edits carry the row's version). A repo's versioned update is
 * `update … set …, version = version + 1 where id = ? and merchant_id = ? and version = ?`; the service passes
 * its result here: no row updated means someone else changed the record since the edit began, and the
 * whole transaction is refused (nothing written), never silently overwritten.
 */
export function assertFresh(result: UpdateResult | readonly UpdateResult[]): void {
  const rows = (Array.isArray(result) ? result : [result]).reduce((n, r) => n + Number(r.numUpdatedRows), 0);
  if (rows === 0) throw conflict(STALE_VERSION_MESSAGE);
}
