// Keyset paging of the operation log (docs/decisions.md): 100,000 entries of one merchant (plus another
// merchant's), many sharing one 操作时间, on PostgreSQL when TEST_DATABASE_URL / DATABASE_URL is given
// (a schema of its own, dropped at the end), else on a file-backed SQLite. Times the list's own query
// (operation-log.repo.ts) at page 500 read by keyset (the 499 cursors before it walked first, not timed)
// and by offset, as ratios to the first page measured in the same run (medians of repeated reads).
// Target: keyset page 500 / first page <= 3 (offset grows with the page; printed, no target). Also prints
// what the list's count costs (up to COUNT_UP_TO) against an exact count of all entries.
// BENCH_LOG_ROWS changes the size.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { storeOps } from '@merchant/contracts/merchant/store';
import { accountOps } from '@merchant/contracts/system/account';
import { EXPORT_OPERATION_SUFFIX } from '@merchant/contracts/system/operation-log';
import { roleOps } from '@merchant/contracts/system/role';
import { createDb } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import '../apps/server/src/platform/operation-log.table.ts';
import { fetchKeysetPage } from '../apps/server/src/platform/keyset-page.ts';
import {
  COUNT_UP_TO,
  listOperationLogs,
  operationLogQuery,
  type OperationLogFilter,
} from '../apps/server/src/modules/system/operation-log.repo.ts';
import { medians } from './bench-kit.ts';

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 100_000);
const PAGE_SIZE = 20;
const PAGE = 500;
const ROUNDS = 41;
const TARGET = 3;
const MERCHANT = 1;
const OTHER = 2;

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-oplog-'));
const schema = url ? `bench_${randomBytes(5).toString('hex')}` : undefined;
const db = await createDb({ dataDir: dir, databaseUrl: url, pgSchema: schema });
let failed = false;

/**
 * Median milliseconds of each case over ROUNDS rounds (after a warm-up), the cases interleaved in every
 * round so a busy machine slows them alike.
 */

try {
  console.log(
    `${db.dialect}${url ? ` (schema ${schema})` : ''}: ${ROWS.toLocaleString('en-US')} operation-log entries, page size ${PAGE_SIZE}`,
  );
  await migrateToLatest(db.db);

  // ---------------------------------------------------------------- seed (not timed)
  const t0 = performance.now();
  const start = Date.UTC(2026, 0, 1);
  const operations = [roleOps.edit.name, roleOps.add.name, storeOps.setStatus.name, `${accountOps.list.name}${EXPORT_OPERATION_SUFFIX}`];
  const results = ['200', '200', '200', '200', '200', '200', '200', '200', 'A0409', 'A0400'];
  const batch = db.dialect === 'postgres' ? 2000 : 1000;
  const total = ROWS + Math.round(ROWS / 10);
  for (let from = 0; from < total; from += batch) {
    const values = [];
    for (let i = from; i < Math.min(total, from + batch); i++) {
      values.push({
        merchant_id: i % 11 === 10 ? OTHER : MERCHANT,
        account_id: 1,
        user_name: `user${i % 7}`,
        organization_id: 1,
        role_ids: '1',
        operation: operations[i % operations.length],
        anchor: 'role-management',
        client_anchor: '',
        target_ids: `id=${i}`,
        result_code: results[i % results.length],
        result_msg: '',
        ip: '127.0.0.1',
        // Three entries a second: many ties on 操作时间, broken by id.
        created_at: start + Math.floor(i / 3) * 1000,
      });
    }
    await db.db.insertInto('operation_log').values(values).execute();
  }
  await sql`analyze`.execute(db.db);
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const filter: OperationLogFilter = { sortOrder: 'descend' };
  const query = () => operationLogQuery(db.db, MERCHANT, filter);
  const keysetOpts = (cursor?: string) => ({
    sort: { key: 'createdAt', column: 'created_at', value: (r: { createdAt: number }) => r.createdAt },
    id: { column: 'id', value: (r: { id: number }) => r.id },
    order: 'desc' as const,
    cursor,
    pageSize: PAGE_SIZE,
  });
  const keyset = (cursor?: string) => fetchKeysetPage(db.db, query(), keysetOpts(cursor));

  // Walk to page 500 (the cursor of the 500th fetch).
  let cursor: string | undefined;
  for (let page = 1; page < PAGE; page++) {
    const p = await keyset(cursor);
    if (!p.nextCursor) throw new Error(`only ${page} pages`);
    cursor = p.nextCursor;
  }
  const atCursor = cursor;
  const byKeyset = (await keyset(atCursor)).list.map((r) => r.id);
  const byOffset = (
    await query()
      .limit(PAGE_SIZE)
      .offset((PAGE - 1) * PAGE_SIZE)
      .execute()
  ).map((r) => r.id);
  if (JSON.stringify(byKeyset) !== JSON.stringify(byOffset)) throw new Error('page 500 differs between keyset and offset');

  const { first, firstCounted, exactCount, keyset500, offset500 } = await medians(
    {
      first: () => keyset(),
      firstCounted: () => listOperationLogs(db.db, MERCHANT, { ...filter, pageSize: PAGE_SIZE }),
      exactCount: () => fetchKeysetPage(db.db, query(), { ...keysetOpts(), count: true }),
      keyset500: () => keyset(atCursor),
      offset500: () =>
        query()
          .limit(PAGE_SIZE)
          .offset((PAGE - 1) * PAGE_SIZE)
          .execute(),
    },
    ROUNDS,
  );
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  console.log(`first page (keyset):                 ${ms(first)}  (baseline)`);
  console.log(
    `first page as the list answers it (counted up to ${COUNT_UP_TO.toLocaleString('en-US')}): ${ms(firstCounted)}  ratio ${(firstCounted / first).toFixed(2)}`,
  );
  console.log(`first page with an exact count of all:  ${ms(exactCount)}  ratio ${(exactCount / first).toFixed(2)}`);
  console.log(`page ${PAGE} by keyset:                  ${ms(keyset500)}  ratio ${(keyset500 / first).toFixed(2)} (target <= ${TARGET})`);
  console.log(`page ${PAGE} by offset:                  ${ms(offset500)}  ratio ${(offset500 / first).toFixed(2)}`);
  console.log(`offset / keyset at page ${PAGE}: ${(offset500 / keyset500).toFixed(1)}×`);
  if (keyset500 / first > TARGET) {
    failed = true;
    console.log(`MISSED: keyset page ${PAGE} costs more than ${TARGET}× the first page`);
  }
} catch (err) {
  failed = true;
  console.error('operation-log bench failed:', err);
} finally {
  if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db.db);
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
