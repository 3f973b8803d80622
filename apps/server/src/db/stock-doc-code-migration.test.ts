import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../test/harness.ts';
import { backfill } from './migrations/0042-stock-movement-filters.ts';

// Migration 0042 fills, from the rows already there, each cabinet movement's device (its slot's) and the stock document
// code registry (every 入库单 / 退货单 code and every inbound / return / edit movement code, once). Run here on the demo
// seed's ledger with both emptied, as a database from before 0042 would be.

describe.each(DIALECTS)('migration 0042: stock movement device codes and the document code registry (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('backfills the device of every cabinet movement and registers every stock document code once', async () => {
    const db = t.db.db;
    await db.updateTable('stock_movement').set({ device_code: '' }).execute();
    await db.deleteFrom('stock_doc_code').execute();
    await backfill(db as unknown as Kysely<unknown>);

    const cabinet = await db
      .selectFrom('stock_movement as m')
      .innerJoin('stock_location as l', 'l.id', 'm.location_id')
      .select(['m.device_code', 'l.device_code as slot_device'])
      .where('m.location_kind', '=', 'cabinet')
      .execute();
    expect(cabinet.length).toBeGreaterThan(0);
    expect(cabinet.every((r) => r.device_code !== '' && r.device_code === r.slot_device)).toBe(true);
    const others = await db
      .selectFrom('stock_movement')
      .select('id')
      .where('location_kind', '<>', 'cabinet')
      .where('device_code', '<>', '')
      .execute();
    expect(others).toEqual([]);

    const registered = await db.selectFrom('stock_doc_code').select(['merchant_id', 'code', 'doc_type']).execute();
    const key = (m: unknown, c: string) => `${String(m)}:${c}`;
    const keys = registered.map((r) => key(r.merchant_id, r.code));
    expect(new Set(keys).size).toBe(keys.length);
    const orders = await db.selectFrom('stock_order').select(['merchant_id', 'order_code', 'order_type']).execute();
    expect(orders.length).toBeGreaterThan(0);
    const byKey = new Map(registered.map((r) => [key(r.merchant_id, r.code), r.doc_type]));
    for (const o of orders) expect(byKey.get(key(o.merchant_id, o.order_code))).toBe(o.order_type);
    const moved = await db
      .selectFrom('stock_movement')
      .select(['merchant_id', 'doc_code'])
      .where('doc_type', 'in', ['inbound', 'return', 'edit'])
      .distinct()
      .execute();
    expect(moved.some((m) => m.doc_code.startsWith('KB'))).toBe(true);
    for (const m of moved) expect(byKey.has(key(m.merchant_id, m.doc_code)), m.doc_code).toBe(true);
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from stock_doc_code where doc_type not in ('inbound', 'return', 'edit')`.execute(db);
    expect(Number(rows[0].n)).toBe(0);
  });
});
