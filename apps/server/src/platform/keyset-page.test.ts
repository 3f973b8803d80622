import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { INVALID_CURSOR_MESSAGE } from '@merchant/contracts/core/keyset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database, type Db } from '../db/database.ts';
import { DIALECTS } from '../test/harness.ts';
import { AppError } from './errors.ts';
import { fetchKeysetPage } from './keyset-page.ts';

interface Probe {
  id: number;
  scope: number;
  k: number;
  name: string;
}

type Order = 'asc' | 'desc';

describe.each(DIALECTS)('keyset paging (%s)', (dialect) => {
  let db: Db;
  let k: Kysely<Database>;
  let dir: string;
  const schema = `t_keyset_${randomBytes(5).toString('hex')}`;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of this test only
  const any = () => k as unknown as Kysely<any>;
  const probeQuery = (scope = 1) =>
    any().selectFrom('keyset_probe').where('scope', '=', scope).select(['id', 'k as sortKey', 'name']).orderBy('id');
  type Row = { id: number; sortKey: number; name: string };
  const page = (order: Order, pageSize: number, cursor?: string | null, count = false) =>
    fetchKeysetPage<Row>(k, probeQuery(), {
      sort: { key: 'k', column: 'k', value: (r) => r.sortKey },
      id: { column: 'id', value: (r) => r.id },
      order,
      cursor,
      pageSize,
      count,
    });

  async function fill(rows: Omit<Probe, 'id'>[]) {
    await any().deleteFrom('keyset_probe').execute();
    for (let i = 0; i < rows.length; i += 200)
      await any()
        .insertInto('keyset_probe')
        .values(rows.slice(i, i + 200))
        .execute();
    // Another scope's rows never show (the caller's filters stay).
    await any().insertInto('keyset_probe').values({ scope: 2, k: 0, name: 'other' }).execute();
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keyset-'));
    db =
      dialect === 'postgres'
        ? await createDb({ dataDir: dir, databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: schema })
        : await createDb({ dataDir: dir, sqliteFile: ':memory:' });
    k = db.db;
    await any()
      .schema.createTable('keyset_probe')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('scope', 'integer', (c) => c.notNull())
      .addColumn('k', 'bigint', (c) => c.notNull())
      .addColumn('name', 'varchar(32)', (c) => c.notNull())
      .execute();
    await any().schema.createIndex('keyset_probe_idx').on('keyset_probe').columns(['scope', 'k', 'id']).execute();
  });
  afterAll(async () => {
    if (dialect === 'postgres') await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(k);
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('walking forward then backward visits every row once, in the order of sort then id (random ties and page sizes)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom<Order>('asc', 'desc'),
        async (keys, pageSize, order) => {
          await fill(keys.map((key, i) => ({ scope: 1, k: key * 1000, name: `r${i}` })));
          const all = (await any().selectFrom('keyset_probe').select(['id', 'k']).where('scope', '=', 1).execute()) as {
            id: number;
            k: number | string;
          }[];
          const sign = order === 'asc' ? 1 : -1;
          const expected = all
            .map((r) => ({ id: Number(r.id), k: Number(r.k) }))
            .sort((a, b) => sign * (a.k - b.k || a.id - b.id))
            .map((r) => r.id);

          // Forward from the first page.
          const forward: number[][] = [];
          let p = await page(order, pageSize);
          expect(p.prevCursor).toBeNull();
          forward.push(p.list.map((r) => r.id));
          let guard = 0;
          while (p.nextCursor) {
            p = await page(order, pageSize, p.nextCursor);
            expect(p.list.length).toBeGreaterThan(0);
            expect(p.prevCursor).not.toBeNull();
            forward.push(p.list.map((r) => r.id));
            if (++guard > 100) throw new Error('no end');
          }
          expect(forward.flat()).toEqual(expected);
          for (const ids of forward.slice(0, -1)) expect(ids.length).toBe(pageSize);

          // Backward from the last page: the same pages, in reverse.
          const backward: number[][] = [forward[forward.length - 1]];
          while (p.prevCursor) {
            p = await page(order, pageSize, p.prevCursor);
            backward.unshift(p.list.map((r) => r.id));
            if (++guard > 200) throw new Error('no start');
          }
          expect(backward).toEqual(forward);
          expect(p.nextCursor === null).toBe(forward.length <= 1);
        },
      ),
      { numRuns: dialect === 'postgres' ? 25 : 60 },
    );
  });

  it('counts the filtered rows when asked', async () => {
    await fill([0, 0, 1, 2, 2].map((key, i) => ({ scope: 1, k: key, name: `r${i}` })));
    expect((await page('desc', 2, null, true)).total).toBe(5);
    expect((await page('desc', 2)).total).toBeUndefined();
    const upTo = (n: number) =>
      fetchKeysetPage<Row>(k, probeQuery(), {
        sort: { column: 'k', value: (r) => r.sortKey },
        id: { column: 'id', value: (r) => r.id },
        order: 'asc',
        pageSize: 2,
        count: { upTo: n },
      });
    expect((await upTo(5)).total).toBe(5);
    // More than it would count: left out, not a wrong number.
    expect((await upTo(4)).total).toBeUndefined();
  });

  it('refuses a cursor it did not hand out, with one clear message', async () => {
    await fill([0, 1, 2].map((key, i) => ({ scope: 1, k: key, name: `r${i}` })));
    const next = (await page('asc', 1)).nextCursor!;
    const json = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const good = JSON.parse(Buffer.from(next, 'base64url').toString()) as Record<string, unknown>;
    for (const bad of [
      'not a cursor',
      'abc',
      json([1, 2]),
      json({ ...good, k: 'x' }),
      json({ ...good, i: 1.5 }),
      json({ ...good, d: 'x' }),
      json({ ...good, extra: 1 }),
      `${next}A`,
      'A'.repeat(600),
    ]) {
      const err = await page('asc', 1, bad).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, bad).toBeInstanceOf(AppError);
      expect((err as AppError).message).toBe(INVALID_CURSOR_MESSAGE);
    }
  });

  it('a cursor of another sort order answers the first page of the asked one', async () => {
    await fill([0, 1, 2, 3].map((key, i) => ({ scope: 1, k: key, name: `r${i}` })));
    const ascNext = (await page('asc', 2)).nextCursor!;
    const desc = await page('desc', 2, ascNext);
    expect(desc.list.map((r) => r.sortKey).map(Number)).toEqual([3, 2]);
    expect(desc.prevCursor).toBeNull();
  });

  it('sorts by a text column too', async () => {
    await fill(['b', 'a', 'b', 'c', 'a'].map((name) => ({ scope: 1, k: 0, name })));
    const q = () => any().selectFrom('keyset_probe').where('scope', '=', 1).select(['id', 'name']);
    const opts = (cursor?: string | null) => ({
      sort: { column: 'name', value: (r: { name: string }) => r.name, type: 'string' as const },
      id: { column: 'id', value: (r: { id: number }) => r.id },
      order: 'asc' as const,
      cursor,
      pageSize: 2,
    });
    const names: string[] = [];
    let p = await fetchKeysetPage(k, q(), opts());
    names.push(...p.list.map((r) => r.name));
    while (p.nextCursor) {
      p = await fetchKeysetPage(k, q(), opts(p.nextCursor));
      names.push(...p.list.map((r) => r.name));
    }
    expect(names).toEqual(['a', 'a', 'b', 'b', 'c']);
  });
});
