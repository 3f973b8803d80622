import { standardProductOps, type StandardProductRow } from '@merchant/contracts/goods/standard-product';
import { gs1CheckDigit } from '@merchant/contracts/goods/goods-fields';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { call } from '../../test/calls.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { createStandardProduct, STANDARD_PRODUCT_SUBJECT } from './standard-product.service.ts';

/**
 * Invariants of the standard library (docs/goods.md): a barcode is in a merchant's library at most once,
 * whatever sequence of edits and additions arrives; an edit carries its version, so of two edits made from the
 * same page only one lands (the other hears the record changed), with exactly one history entry.
 */

const BARCODE_TAKEN = '标准商品库中已有该条码的商品，请核对条码（字段：barcode）';
const ean13 = (body12: string) => body12 + String(gs1CheckDigit(body12));
/** Barcodes no seeded product has (the seed uses 69…). */
const FRESH = [0, 1, 2, 3].map((i) => ean13(`48000000000${i}`));

interface Tracked {
  goodsNo: string;
  barcode: string;
  version: number;
}
type Step = { kind: 'barcode'; target: number; barcode: number } | { kind: 'create'; barcode: number } | { kind: 'stale'; target: number };

describe.each(DIALECTS)('standard library invariants (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let ctx: SessionOpContext;
  let leafId: number;

  const detail = (goodsNo: string) => call<StandardProductRow>(admin, standardProductOps.detail, { goodsNo });
  const editBody = (p: StandardProductRow, patch: Partial<StandardProductRow> = {}) => {
    const v = { ...p, ...patch };
    return {
      goodsNo: v.goodsNo,
      name: v.name,
      barcode: v.barcode,
      brand: v.brand,
      categoryId: v.categoryId,
      spec: v.spec,
      unit: v.unit,
      shelfLifeDays: v.shelfLifeDays,
      storageStyle: v.storageStyle,
      imageIds: v.imageIds,
      guidePrice: v.guidePrice,
      version: v.version,
    };
  };
  const historyOf = async (goodsNo: string) =>
    Number(
      (
        await t.db.db
          .selectFrom('record_history')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('subject', '=', STANDARD_PRODUCT_SUBJECT)
          .where('subject_id', '=', goodsNo)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const duplicateBarcodes = async () =>
    (
      await sql<{
        n: number;
      }>`select count(*) as n from (select merchant_id, barcode from standard_product group by merchant_id, barcode having count(*) > 1) d`.execute(
        t.db.db,
      )
    ).rows[0].n;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    const account = await t.db.db
      .selectFrom('account')
      .select(['id', 'merchant_id'])
      .where('user_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    ctx = {
      db: t.db.db,
      merchantId: account.merchant_id,
      clock: t.clock,
      session: { accountId: account.id, userName: 'admin', merchantId: account.merchant_id },
    } as unknown as SessionOpContext;
    leafId = (await call<Paged<StandardProductRow>>(admin, standardProductOps.list, { pageSize: 1 })).list[0].categoryId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('random edits and additions never put one barcode twice in the library, and refuse exactly the taken ones', async () => {
    const seeded = (
      await call<Paged<StandardProductRow>>(admin, standardProductOps.list, { pageSize: 4, sortField: 'goodsNo', sortOrder: 'ascend' })
    ).list;
    const tracked: Tracked[] = seeded.map((p) => ({ goodsNo: p.goodsNo, barcode: p.barcode, version: p.version }));
    const pool = [...seeded.map((p) => p.barcode), ...FRESH];
    let made = 0;

    const stepArb: fc.Arbitrary<Step> = fc.oneof(
      {
        arbitrary: fc.record({ kind: fc.constant('barcode' as const), target: fc.nat(), barcode: fc.nat({ max: pool.length - 1 }) }),
        weight: 5,
      },
      { arbitrary: fc.record({ kind: fc.constant('create' as const), barcode: fc.nat({ max: pool.length - 1 }) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('stale' as const), target: fc.nat() }), weight: 1 },
    );

    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (steps) => {
        const holder = (barcode: string) => tracked.find((p) => p.barcode === barcode);
        for (const step of steps) {
          if (step.kind === 'create') {
            const barcode = pool[step.barcode];
            const values = {
              name: `性质测试商品${++made}`,
              barcode,
              brand: '测试',
              categoryId: leafId,
              spec: '1件',
              unit: '件',
              shelfLifeDays: 30,
              storageStyle: 1,
              imageIds: [],
              guidePrice: 100,
            };
            const attempt = t.db.db.transaction().execute((trx) => createStandardProduct(trx, ctx, values, { source: 1 }));
            if (holder(barcode)) {
              await expect(attempt).rejects.toThrow(BARCODE_TAKEN);
            } else {
              const { goodsNo } = await attempt;
              tracked.push({ goodsNo, barcode, version: 0 });
            }
            continue;
          }
          const p = tracked[step.target % tracked.length];
          const row = await detail(p.goodsNo);
          expect(row.barcode).toBe(p.barcode);
          expect(row.version).toBe(p.version);
          if (step.kind === 'stale') {
            if (p.version === 0) continue;
            const res = await op(
              admin,
              standardProductOps.update,
              editBody(row, { name: `${row.name}?`.slice(0, 60), version: p.version - 1 }),
            );
            expect(res).toMatchObject({ code: CODES.conflict, msg: STALE_VERSION_MESSAGE });
            continue;
          }
          const barcode = pool[step.barcode];
          const res = await op(admin, standardProductOps.update, editBody(row, { barcode }));
          const other = holder(barcode);
          if (barcode === p.barcode) {
            expect(res.code, res.msg).toBe('200');
            expect((res.data as { changes: unknown[] }).changes).toEqual([]);
          } else if (other) {
            expect(res).toMatchObject({ code: CODES.conflict, msg: BARCODE_TAKEN });
          } else {
            expect(res.code, res.msg).toBe('200');
            p.barcode = barcode;
            p.version += 1;
          }
        }
        expect(Number(await duplicateBarcodes())).toBe(0);
        const rows = await t.db.db
          .selectFrom('standard_product')
          .select(['goods_no', 'barcode', 'version'])
          .where('merchant_id', '=', ctx.merchantId)
          .where(
            'goods_no',
            'in',
            tracked.map((p) => p.goodsNo),
          )
          .execute();
        expect(new Map(rows.map((r) => [r.goods_no, [r.barcode, r.version]]))).toEqual(
          new Map(tracked.map((p) => [p.goodsNo, [p.barcode, p.version]])),
        );
      }),
      { numRuns: 20 },
    );
  });

  it('two edits of one product with the same version at the same moment: exactly one lands, one history entry', async () => {
    const products = (await call<Paged<StandardProductRow>>(admin, standardProductOps.list, { keyword: '康师傅', pageSize: 5 })).list;
    expect(products.length).toBe(5);
    for (const p of products) {
      const historyBefore = await historyOf(p.goodsNo);
      const answers = await Promise.all([
        op(admin, standardProductOps.update, editBody(p, { name: `${p.name}（甲）`.slice(0, 60) })),
        op(admin, standardProductOps.update, editBody(p, { guidePrice: p.guidePrice + 10 })),
      ]);
      expect(answers.map((a) => a.code).sort()).toEqual(['200', CODES.conflict].sort());
      expect(answers.find((a) => a.code !== '200')!.msg).toBe(STALE_VERSION_MESSAGE);
      const after = await detail(p.goodsNo);
      expect(after.version).toBe(p.version + 1);
      // the winner's change and only it
      const nameChanged = after.name !== p.name;
      const priceChanged = after.guidePrice !== p.guidePrice;
      expect(nameChanged !== priceChanged).toBe(true);
      expect(await historyOf(p.goodsNo)).toBe(historyBefore + 1);
    }
  });

  it('two switches of one product with the same version at the same moment: one lands, the other is stale', async () => {
    const p = (await call<Paged<StandardProductRow>>(admin, standardProductOps.list, { keyword: '可口可乐', status: 1 })).list[0];
    const historyBefore = await historyOf(p.goodsNo);
    const answers = await Promise.all([
      op(admin, standardProductOps.setStatus, { goodsNo: p.goodsNo, status: 2, version: p.version }),
      op(admin, standardProductOps.setStatus, { goodsNo: p.goodsNo, status: 2, version: p.version }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual(['200', CODES.conflict].sort());
    expect(answers.find((a) => a.code !== '200')!.msg).toBe(STALE_VERSION_MESSAGE);
    expect(await detail(p.goodsNo)).toMatchObject({ status: 2, version: p.version + 1 });
    expect(await historyOf(p.goodsNo)).toBe(historyBefore + 1);
  });

  it('two products given one free barcode at the same moment: one keeps it, the other hears it is taken', async () => {
    const [a, b] = (await call<Paged<StandardProductRow>>(admin, standardProductOps.list, { keyword: '农夫山泉', pageSize: 2 })).list;
    for (let round = 0; round < 4; round++) {
      const [pa, pb] = [await detail(a.goodsNo), await detail(b.goodsNo)];
      const barcode = ean13(`47000000000${round}`);
      const answers = await Promise.all([
        op(admin, standardProductOps.update, editBody(pa, { barcode })),
        op(admin, standardProductOps.update, editBody(pb, { barcode })),
      ]);
      expect(answers.map((x) => x.code).sort()).toEqual(['200', CODES.conflict].sort());
      expect(answers.find((x) => x.code !== '200')!.msg).toBe(BARCODE_TAKEN);
      const holders = await t.db.db.selectFrom('standard_product').select('goods_no').where('barcode', '=', barcode).execute();
      expect(holders).toHaveLength(1);
    }
    expect(Number(await duplicateBarcodes())).toBe(0);
  });
});
