import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { adjustmentOps, type AdjustmentDetail, type AdjustmentRow, type AdjustmentState } from '@merchant/contracts/price/price-adjustment';
import { priceRecordOps, type PriceRecordRow } from '@merchant/contracts/price/price-record';
import { priceSheetOps, type CabinetSheetRow, type QuoteRow } from '@merchant/contracts/price/price-sheet';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rowCount } from '../../test/calls.ts';
import { exportList } from '../../test/export-kit.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';
import * as repo from './price-adjustment.repo.ts';
import { priceSchedulerOf } from './price.routes.ts';

describe.each(DIALECTS)('price adjustment orders (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  const counts = () =>
    Promise.all(
      ['price_adjustment', 'price_adjustment_line', 'price_change', 'sku_price', 'record_history'].map((n) => rowCount(t, n as never)),
    );
  const draft = (patch: Record<string, unknown> = {}) => ({
    scopeType: 'cabinet',
    effectiveMode: 'now',
    reason: '节日促销调价',
    lines: [
      { skuId: fx.skus[0].id, scopeKey: fx.devices[0], newPrice: 1234 },
      { skuId: fx.skus[1].id, scopeKey: fx.devices[0], newPrice: 560 },
    ],
    ...patch,
  });
  const detail = (orderNo: string) => call<AdjustmentDetail>(admin, adjustmentOps.detail, { orderNo });
  const sweep = () => priceSchedulerOf(t.app)!.sweep();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家调价公司', 'adjother', '13700000072');
    fx = await priceFixtures(t, 3);
  });
  afterAll(() => t.close());

  it('saves a draft with a generated order number, edits it with the version, and shows its history', async () => {
    const s = await call<AdjustmentState>(admin, adjustmentOps.save, draft());
    expect(s.orderNo).toMatch(/^TJ\d{10}$/);
    expect(s).toMatchObject({ status: 1, statusName: '草稿', version: 1 });
    const d = await detail(s.orderNo);
    expect(d).toMatchObject({ scopeTypeName: '单柜价', skuCount: 2, lineCount: 2, effectiveModeName: '立即生效', effectiveAt: null });
    expect(d.actions).toEqual(['edit', 'submit', 'cancel', 'delete']);
    expect(d.lines.map((l) => l.newPrice)).toEqual([1234, 560]);
    expect(d.lines[0].scopeName).toContain(fx.devices[0]);
    const edited = await call<AdjustmentState>(admin, adjustmentOps.save, {
      ...draft({ reason: '调整为会员价' }),
      orderNo: s.orderNo,
      version: s.version,
    });
    expect(edited.version).toBe(2);
    // the old version again: refused, nothing written
    const before = await counts();
    expect(await op(admin, adjustmentOps.save, { ...draft(), orderNo: s.orderNo, version: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    expect(await counts()).toEqual(before);
    const h = await call<Paged<HistoryEntry>>(admin, adjustmentOps.history, { orderNo: s.orderNo });
    expect(h.list.map((e) => e.actionLabel)).toEqual(['编辑', '新建']);
    expect(h.list[0].changes).toContainEqual(expect.objectContaining({ label: '调价原因', before: '节日促销调价', after: '调整为会员价' }));
  });

  it('tells the form the server’s scheduling settings', async () => {
    expect(await call(admin, adjustmentOps.settings, {})).toEqual({ minAheadMs: 15_000, sweepIntervalMs: 30_000 });
  });

  it('refuses bad input with the field named, writing nothing', async () => {
    const before = await counts();
    for (const [patch, msg] of [
      [{ lines: [] }, '请添加调价商品（字段：lines）'],
      [{ reason: '' }, '请输入调价原因（字段：reason）'],
      [{ scopeType: 'galaxy' }, '调价范围只能是一级渠道、二级渠道、单柜或本地生活（字段：scopeType）'],
      [{ lines: [{ skuId: fx.skus[0].id, scopeKey: fx.devices[0], newPrice: 0 }] }, '新价格须大于0（字段：lines.0.newPrice）'],
      [
        { lines: [{ skuId: fx.skus[0].id, scopeKey: fx.devices[0], newPrice: 12.5 }] },
        '新价格以分为单位，须为整数（字段：lines.0.newPrice）',
      ],
      [
        { lines: [{ skuId: fx.skus[0].id, scopeKey: fx.devices[0], newPrice: 100_000_000 }] },
        '新价格不能超过999999.99元（字段：lines.0.newPrice）',
      ],
      [
        {
          lines: [
            { skuId: fx.skus[0].id, scopeKey: fx.devices[0], newPrice: 100 },
            { skuId: fx.skus[0].id, scopeKey: fx.devices[0], newPrice: 200 },
          ],
        },
        '同一SKU在同一调价对象上重复（字段：lines）',
      ],
      [{ effectiveMode: 'scheduled' }, '定时生效须选择生效时间（字段：effectiveAt）'],
      [{ effectiveMode: 'scheduled', effectiveAt: 0 }, '定时生效须选择生效时间（字段：effectiveAt）'],
      [
        { lines: [{ skuId: fx.skus[0].id, scopeKey: 'D9999999999', newPrice: 100 }] },
        '智能柜「D9999999999」不存在（字段：lines.0.scopeKey）',
      ],
      [
        { scopeType: 'channel1', lines: [{ skuId: fx.skus[0].id, scopeKey: 'moon', newPrice: 100 }] },
        '一级渠道「moon」不存在或未开通（字段：lines.0.scopeKey）',
      ],
      [{ lines: [{ skuId: 99_999_999, scopeKey: fx.devices[0], newPrice: 100 }] }, 'SKU（99999999）不存在（字段：lines.0.skuId）'],
    ] as const) {
      expect(await op(admin, adjustmentOps.save, draft(patch))).toMatchObject({ code: CODES.badInput, msg });
    }
    const tooSoon = await op(admin, adjustmentOps.save, draft({ effectiveMode: 'scheduled', effectiveAt: t.clock.now() + 5_000 }));
    expect(tooSoon).toMatchObject({ code: CODES.badInput, msg: '定时生效的生效时间须晚于当前时间至少15秒（字段：effectiveAt）' });
    expect(await counts()).toEqual(before);
  });

  it('submits 立即生效: applied at once, the ledger and the current prices in the same step', async () => {
    const s = await call<AdjustmentState>(admin, adjustmentOps.save, draft());
    const [quoteBefore] = await call<QuoteRow[]>(admin, priceSheetOps.quote, {
      items: [{ skuId: fx.skus[0].id, deviceCode: fx.devices[0] }],
    });
    const done = await call<AdjustmentState>(admin, adjustmentOps.submit, { orderNo: s.orderNo, version: s.version });
    expect(done).toMatchObject({ status: 3, statusName: '已生效' });
    const d = await detail(s.orderNo);
    expect(d.actions).toEqual([]);
    expect(d.appliedAt).toBe(t.clock.now());
    expect(d.lines[0]).toMatchObject({ oldPrice: quoteBefore.priceCents, newPrice: 1234 });
    const [q] = await call<QuoteRow[]>(admin, priceSheetOps.quote, { items: [{ skuId: fx.skus[0].id, deviceCode: fx.devices[0] }] });
    expect(q).toMatchObject({ priceCents: 1234, layer: 'cabinet', layerName: '单柜价', orderNo: s.orderNo });
    const rec = await call<KeysetPage<PriceRecordRow>>(admin, priceRecordOps.list, { orderNo: s.orderNo });
    expect(rec.total).toBe(2);
    expect(rec.list.map((r) => r.newPrice).sort()).toEqual([1234, 560].sort());
    expect(rec.list[0]).toMatchObject({ scopeTypeName: '单柜价', operatorName: expect.any(String), effectiveAt: t.clock.now() });
    // the cabinet sheet shows the cabinet layer winning
    const sheet = await call<KeysetPage<CabinetSheetRow>>(admin, priceSheetOps.cabinet, {
      deviceCode: fx.devices[0],
      layer: 'cabinet',
      pageSize: 200,
    });
    expect(sheet.list.find((r) => r.skuId === fx.skus[0].id)).toMatchObject({
      cabinetPrice: 1234,
      effectivePrice: 1234,
      layerName: '单柜价',
    });
    // illegal transitions on an applied order: refused with the state named, nothing written
    const before = await counts();
    const cur = await detail(s.orderNo);
    expect(await op(admin, adjustmentOps.cancel, { orderNo: s.orderNo, version: cur.version, cancelReason: '不调了' })).toMatchObject({
      code: CODES.conflict,
      msg: `调价单${s.orderNo}状态为「已生效」，不能取消`,
    });
    expect(await op(admin, adjustmentOps.delete, { orderNo: s.orderNo, version: cur.version })).toMatchObject({
      code: CODES.conflict,
      msg: `调价单${s.orderNo}状态为「已生效」，不能删除`,
    });
    expect(await op(admin, adjustmentOps.submit, { orderNo: s.orderNo, version: cur.version })).toMatchObject({ code: CODES.conflict });
    expect(await op(admin, adjustmentOps.save, { ...draft(), orderNo: s.orderNo, version: cur.version })).toMatchObject({
      code: CODES.conflict,
      msg: `调价单${s.orderNo}状态为「已生效」，不能编辑`,
    });
    expect(await counts()).toEqual(before);
  });

  it('cancels a draft, deletes a draft, refuses stale versions', async () => {
    const a = await call<AdjustmentState>(admin, adjustmentOps.save, draft());
    expect(await op(admin, adjustmentOps.cancel, { orderNo: a.orderNo, version: a.version })).toMatchObject({
      code: CODES.badInput,
      msg: '请输入取消原因（字段：cancelReason）',
    });
    expect(await op(admin, adjustmentOps.cancel, { orderNo: a.orderNo, version: a.version + 1, cancelReason: '重复录入' })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    const c = await call<AdjustmentState>(admin, adjustmentOps.cancel, {
      orderNo: a.orderNo,
      version: a.version,
      cancelReason: '重复录入',
    });
    expect(c).toMatchObject({ status: 4, statusName: '已取消' });
    expect((await detail(a.orderNo)).cancelReason).toBe('重复录入');
    const b = await call<AdjustmentState>(admin, adjustmentOps.save, draft());
    expect(await op(admin, adjustmentOps.delete, { orderNo: b.orderNo, version: 9 })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    expect(await call(admin, adjustmentOps.delete, { orderNo: b.orderNo, version: b.version })).toBeNull();
    expect((await op(admin, adjustmentOps.detail, { orderNo: b.orderNo })).code).toBe(CODES.notFound);
  });

  it('schedules 定时生效: 待生效 until its time, then applied by the sweep (idempotent)', async () => {
    const at = t.clock.now() + 60_000;
    const s = await call<AdjustmentState>(
      admin,
      adjustmentOps.save,
      draft({ effectiveMode: 'scheduled', effectiveAt: at, lines: [{ skuId: fx.skus[2].id, scopeKey: fx.devices[1], newPrice: 777 }] }),
    );
    // the history reads the time on the business time zone's clock, as the page shows it (not UTC)
    const later = at + 3_600_000;
    const e = await call<AdjustmentState>(admin, adjustmentOps.save, {
      ...draft({
        effectiveMode: 'scheduled',
        effectiveAt: later,
        lines: [{ skuId: fx.skus[2].id, scopeKey: fx.devices[1], newPrice: 777 }],
      }),
      orderNo: s.orderNo,
      version: s.version,
    });
    const back = await call<AdjustmentState>(admin, adjustmentOps.save, {
      ...draft({ effectiveMode: 'scheduled', effectiveAt: at, lines: [{ skuId: fx.skus[2].id, scopeKey: fx.devices[1], newPrice: 777 }] }),
      orderNo: s.orderNo,
      version: e.version,
    });
    const p = await call<AdjustmentState>(admin, adjustmentOps.submit, { orderNo: s.orderNo, version: back.version });
    expect(p).toMatchObject({ status: 2, statusName: '待生效' });
    expect((await detail(s.orderNo)).actions).toEqual(['cancel']);
    const wall = (ms: number) => {
      const f = Object.fromEntries(
        new Intl.DateTimeFormat('en-CA', {
          timeZone: t.config.businessTimeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        })
          .formatToParts(new Date(ms))
          .map((x) => [x.type, x.value]),
      );
      return `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}:${f.second}`;
    };
    const hs = await call<Paged<HistoryEntry>>(admin, adjustmentOps.history, { orderNo: s.orderNo });
    expect(hs.list[0]).toMatchObject({ actionLabel: '提交', remark: `定时生效：${wall(at)}` });
    expect(hs.list[1].changes).toContainEqual(expect.objectContaining({ label: '生效时间', before: wall(later), after: wall(at) }));
    expect(JSON.stringify(hs.list)).not.toContain('UTC');
    expect(await sweep()).toBe(0);
    t.clock.advance(59_000);
    expect(await sweep()).toBe(0);
    t.clock.advance(1_000);
    // due now: the sweep applies it, unless the runner's own job (pg-boss polls on the real clock) just did; never twice
    expect(await sweep()).toBeLessThanOrEqual(1);
    expect(await sweep()).toBe(0);
    const d = await detail(s.orderNo);
    expect(d).toMatchObject({ status: 3, appliedAt: at, effectiveAt: at });
    const h = await call<Paged<HistoryEntry>>(admin, adjustmentOps.history, { orderNo: s.orderNo });
    expect(h.list.map((e) => e.actionLabel)).toEqual(['生效', '提交', '编辑', '编辑', '新建']);
    expect(h.list[0].operatorName).toBe('系统（定时生效）');
    const [q] = await call<QuoteRow[]>(admin, priceSheetOps.quote, { items: [{ skuId: fx.skus[2].id, deviceCode: fx.devices[1] }] });
    expect(q.priceCents).toBe(777);
    // a moment before: the old price, from the ledger
    const [past] = await call<QuoteRow[]>(admin, priceSheetOps.quote, {
      items: [{ skuId: fx.skus[2].id, deviceCode: fx.devices[1] }],
      at: at - 1,
    });
    expect(past.priceCents).not.toBe(777);
  });

  it('a cancel racing the apply: exactly one wins', async () => {
    for (let n = 0; n < 4; n++) {
      const s = await call<AdjustmentState>(
        admin,
        adjustmentOps.save,
        draft({
          effectiveMode: 'scheduled',
          effectiveAt: t.clock.now() + 20_000,
          lines: [{ skuId: fx.skus[1].id, scopeKey: fx.devices[1], newPrice: 900 + n }],
        }),
      );
      const p = await call<AdjustmentState>(admin, adjustmentOps.submit, { orderNo: s.orderNo, version: s.version });
      t.clock.advance(20_000);
      const changesBefore = await rowCount(t, 'price_change');
      const [cancelled, applied] = await Promise.all([
        op(admin, adjustmentOps.cancel, { orderNo: s.orderNo, version: p.version, cancelReason: '临时取消' }),
        sweep(),
      ]);
      const d = await detail(s.orderNo);
      if (cancelled.code === CODES.ok) {
        expect(applied).toBe(0);
        expect(d.status).toBe(4);
        expect(await rowCount(t, 'price_change')).toBe(changesBefore);
      } else {
        expect(applied).toBe(1);
        expect(cancelled.code).toBe(CODES.conflict);
        expect(d.status).toBe(3);
        expect(await rowCount(t, 'price_change')).toBe(changesBefore + 1);
      }
    }
  });

  it('concurrent applies on one price chain the ledger: each old price is the price it replaced', async () => {
    const key = { skuId: fx.skus[2].id, scopeKey: fx.devices[3] };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        op(admin, adjustmentOps.quick, {
          scopeType: 'cabinet',
          effectiveMode: 'now',
          reason: '并发调价',
          lines: [{ ...key, newPrice: 5000 + n }],
        }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(6).fill(CODES.ok));
    const ledger = await t.db.db
      .selectFrom('price_change')
      .select(['old_price', 'new_price'])
      .where('sku_id', '=', key.skuId)
      .where('scope_type', '=', 'cabinet')
      .where('scope_key', '=', key.scopeKey)
      .orderBy('id')
      .execute();
    expect(ledger.length).toBeGreaterThanOrEqual(6);
    for (let i = 1; i < ledger.length; i++) expect(ledger[i].old_price).toBe(ledger[i - 1].new_price);
    const cur = await t.db.db
      .selectFrom('sku_price')
      .select('price_cents')
      .where('sku_id', '=', key.skuId)
      .where('scope_type', '=', 'cabinet')
      .where('scope_key', '=', key.scopeKey)
      .executeTakeFirstOrThrow();
    expect(cur.price_cents).toBe(ledger[ledger.length - 1].new_price);
  });

  it('quick adjust: an order created and submitted in one call (with the scope the web client injects)', async () => {
    const q = await call<AdjustmentState>(admin, adjustmentOps.quick, {
      merchantId: fx.merchantId,
      merchantName: '示例商户',
      userId: 1,
      channelList: ['container', 'mall'],
      scopeType: 'channel1',
      effectiveMode: 'now',
      reason: '渠道统一调价',
      lines: [{ skuId: fx.skus[0].id, scopeKey: 'mall', newPrice: 1999 }],
    });
    expect(q.status).toBe(3);
    const [r] = await call<QuoteRow[]>(admin, priceSheetOps.quote, { items: [{ skuId: fx.skus[0].id, channelCode: 'mall' }] });
    expect(r).toMatchObject({ priceCents: 1999, layer: 'channel1', orderNo: q.orderNo });
  });

  it('lists by keyset with filters and exports', async () => {
    const all = await call<KeysetPage<AdjustmentRow>>(admin, adjustmentOps.list, { pageSize: 2 });
    expect(all.total).toBeGreaterThanOrEqual(5);
    const next = await call<KeysetPage<AdjustmentRow>>(admin, adjustmentOps.list, { pageSize: 2, cursor: all.nextCursor });
    expect(next.list[0].orderNo).not.toBe(all.list[0].orderNo);
    const applied = await call<KeysetPage<AdjustmentRow>>(admin, adjustmentOps.list, { status: 3, pageSize: 200 });
    expect(applied.list.every((r) => r.statusName === '已生效')).toBe(true);
    const bySku = await call<KeysetPage<AdjustmentRow>>(admin, adjustmentOps.list, { skuId: fx.skus[2].id, pageSize: 200 });
    expect(bySku.list.length).toBeGreaterThanOrEqual(1);
    expect(await op(admin, adjustmentOps.list, { status: 9 })).toMatchObject({
      code: CODES.badInput,
      msg: '调价单状态不正确（字段：status）',
    });
    const file = await exportList(admin, adjustmentOps.list, { status: 3 });
    expect(file.kind).toBe('file');
    if (file.kind === 'file') expect(file.workbook.worksheets[0].getRow(1).getCell(1).value).toBe('调价单号');
    const rec = await exportList(admin, priceRecordOps.list, {});
    expect(rec.kind).toBe('file');
  });

  it.runIf(dialect === 'sqlite')('the list filtered by 状态 or 范围 reads each sort along one index (no sort step)', async () => {
    const plan = async (f: repo.AdjustmentFilter, column: 'created_at' | 'effective_at', cursor: boolean) => {
      let q = repo.listQuery(t.db.db, 1, f);
      if (cursor) q = q.where((eb) => eb.and([eb(column, '<=', 5), eb.or([eb(column, '<', 5), eb('id', '<', 9)])]));
      const c = q.orderBy(column, 'desc').orderBy('id', 'desc').limit(21).compile();
      const r = await t.db.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]));
      return r.rows.map((x) => x.detail).join(' | ');
    };
    for (const [f, column, index] of [
      [{ status: 2 }, 'effective_at', /price_adjustment_status_effective_idx \(merchant_id=\? AND status=\?/],
      [{ scopeType: 'cabinet' }, 'effective_at', /price_adjustment_scope_effective_idx \(merchant_id=\? AND scope_type=\?/],
      [{ status: 2 }, 'created_at', /price_adjustment_status_idx \(merchant_id=\? AND status=\?/],
      [{ scopeType: 'cabinet' }, 'created_at', /price_adjustment_scope_idx \(merchant_id=\? AND scope_type=\?/],
      [{}, 'effective_at', /price_adjustment_effective_idx \(merchant_id=\?/],
    ] as const) {
      for (const cursor of [false, true]) {
        const p = await plan(f, column, cursor);
        expect(p, `${JSON.stringify(f)} ${column} ${cursor}`).toMatch(index);
        expect(p, `${JSON.stringify(f)} ${column} ${cursor}`).not.toContain('TEMP B-TREE');
      }
    }
  });

  it('is the merchant’s own: other merchants, a different merchant id and roles without the page are refused', async () => {
    const mine = (await call<KeysetPage<AdjustmentRow>>(admin, adjustmentOps.list, { status: 1, pageSize: 1 })).list[0];
    const before = await counts();
    for (const [o, body] of [
      [adjustmentOps.detail, { orderNo: mine.orderNo }],
      [adjustmentOps.save, { ...draft(), orderNo: mine.orderNo, version: mine.version }],
      [adjustmentOps.submit, { orderNo: mine.orderNo, version: mine.version }],
      [adjustmentOps.cancel, { orderNo: mine.orderNo, version: mine.version, cancelReason: '别家取消' }],
      [adjustmentOps.delete, { orderNo: mine.orderNo, version: mine.version }],
      [adjustmentOps.history, { orderNo: mine.orderNo }],
    ] as const) {
      expect((await op(other, o, body)).code).toBe(CODES.notFound);
    }
    // another merchant's cabinet and SKU as targets
    expect(
      (await op(other, adjustmentOps.quick, { ...draft(), lines: [{ skuId: fx.skus[0].id, scopeKey: fx.devices[0], newPrice: 1 }] })).code,
    ).toBe(CODES.badInput);
    expect(await op(admin, adjustmentOps.detail, { orderNo: mine.orderNo, merchantId: 999_999 })).toMatchObject({ code: CODES.forbidden });
    const finance = await t.signIn('finance');
    expect((await op(finance, adjustmentOps.list, {})).code).toBe(CODES.forbidden);
    expect((await op(finance, adjustmentOps.save, draft())).code).toBe(CODES.forbidden);
    expect(await counts()).toEqual(before);
  });
});
