import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { adjustmentOps, type AdjustmentRow } from '@merchant/contracts/price/price-adjustment';
import { priceChannelOps, type PriceChannelRow } from '@merchant/contracts/price/price-channel';
import { priceRecordOps, type PriceRecordRow } from '@merchant/contracts/price/price-record';
import { priceSheetOps, type CabinetSheetRow, type LocalLifeSheetRow } from '@merchant/contracts/price/price-sheet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/calls.ts';
import { exportList } from '../../test/export-kit.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { resolvePrices } from './price.resolver.ts';

// The demo's prices, the price sheets (单柜 / 本地生活), the ledger list, on both databases.

describe.each(DIALECTS)('price sheets and the demo prices (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let merchantId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家价格表公司', 'sheetother', '13700000074');
    merchantId = Number(
      (await t.db.db.selectFrom('account').select('merchant_id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).merchant_id,
    );
  });
  afterAll(() => t.close());

  it('seeds orders in every state (one due in the future), second channels, and a ledger that matches the current prices', async () => {
    const all: AdjustmentRow[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await call<KeysetPage<AdjustmentRow>>(admin, adjustmentOps.list, { pageSize: 50, cursor });
      all.push(...page.list);
      cursor = page.nextCursor;
    } while (cursor);
    expect(all.length).toBeGreaterThanOrEqual(50);
    expect(new Set(all.map((r) => r.statusName))).toEqual(new Set(['草稿', '待生效', '已生效', '已取消']));
    expect(all.some((r) => r.status === 2 && r.effectiveAt! > t.clock.now())).toBe(true);
    expect(new Set(all.map((r) => r.scopeType))).toEqual(new Set(['channel1', 'channel2', 'cabinet', 'localLife']));
    const channels = await call<Paged<PriceChannelRow>>(admin, priceChannelOps.list, { pageSize: 50 });
    expect(channels.list.some((c) => c.statusName === '停用')).toBe(true);
    expect(channels.list.filter((c) => c.deviceCount > 0).length).toBeGreaterThanOrEqual(3);
    // every current price is the last ledger row of its key
    const current = await t.db.db.selectFrom('sku_price').selectAll().where('merchant_id', '=', merchantId).execute();
    expect(current.length).toBeGreaterThan(100);
    const ledger = await t.db.db
      .selectFrom('price_change')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('effective_at')
      .orderBy('id')
      .execute();
    const last = new Map(ledger.map((r) => [`${r.sku_id}|${r.scope_type}|${r.scope_key}`, Number(r.new_price)]));
    for (const r of current) expect(Number(r.price_cents)).toBe(last.get(`${r.sku_id}|${r.scope_type}|${r.scope_key}`));
  });

  it('the cabinet sheet shows each layer and the winner, filters by layer, pages by keyset and exports', async () => {
    const cab = await t.db.db
      .selectFrom('sku_price')
      .select(['scope_key'])
      .where('merchant_id', '=', merchantId)
      .where('scope_type', '=', 'cabinet')
      .executeTakeFirstOrThrow();
    const info = await call<{ cabinetPriceCount: number; secondChannelName: string }>(admin, priceSheetOps.cabinetInfo, {
      deviceCode: cab.scope_key,
    });
    expect(info.cabinetPriceCount).toBeGreaterThanOrEqual(1);
    const own = await call<KeysetPage<CabinetSheetRow>>(admin, priceSheetOps.cabinet, {
      deviceCode: cab.scope_key,
      layer: 'cabinet',
      pageSize: 200,
    });
    expect(own.list.length).toBe(info.cabinetPriceCount);
    expect(own.list.every((r) => r.layer === 'cabinet' && r.effectivePrice === r.cabinetPrice)).toBe(true);
    const p1 = await call<KeysetPage<CabinetSheetRow>>(admin, priceSheetOps.cabinet, { deviceCode: cab.scope_key, pageSize: 20 });
    expect(p1.total).toBeGreaterThan(20);
    const p2 = await call<KeysetPage<CabinetSheetRow>>(admin, priceSheetOps.cabinet, {
      deviceCode: cab.scope_key,
      pageSize: 20,
      cursor: p1.nextCursor,
    });
    expect(p2.list[0].skuId).not.toBe(p1.list[0].skuId);
    // each row's winner is the resolver's answer
    const res = await resolvePrices(
      t.db.db,
      merchantId,
      p1.list.map((r) => ({ skuId: r.skuId, deviceCode: cab.scope_key })),
      undefined,
      t.clock.now(),
    );
    expect(p1.list.map((r) => [r.effectivePrice, r.layer])).toEqual(res.map((r) => [r.priceCents, r.layer]));
    const base = await call<KeysetPage<CabinetSheetRow>>(admin, priceSheetOps.cabinet, {
      deviceCode: cab.scope_key,
      layer: 'base',
      pageSize: 200,
    });
    expect(base.list.every((r) => r.effectivePrice === r.basePrice && r.channel1Price === null && r.cabinetPrice === null)).toBe(true);
    const file = await exportList(admin, priceSheetOps.cabinet, { deviceCode: cab.scope_key, layer: 'cabinet' });
    expect(file.kind).toBe('file');
    if (file.kind === 'file') expect(file.workbook.worksheets[0].rowCount).toBe(own.list.length + 1);
    expect((await op(admin, priceSheetOps.cabinet, { deviceCode: cab.scope_key, cursor: 'forged' })).code).toBe(CODES.badInput);
    expect((await op(other, priceSheetOps.cabinet, { deviceCode: cab.scope_key })).code).toBe(CODES.notFound);
  });

  it('the local-life sheet: a store’s own price over the all-stores price over the channel price', async () => {
    const storePrice = await t.db.db
      .selectFrom('sku_price')
      .select(['scope_key', 'sku_id', 'price_cents'])
      .where('merchant_id', '=', merchantId)
      .where('scope_type', '=', 'localLife')
      .where('scope_key', '<>', 'all')
      .executeTakeFirstOrThrow();
    const rows = await call<KeysetPage<LocalLifeSheetRow>>(admin, priceSheetOps.localLife, {
      storeId: Number(storePrice.scope_key),
      layer: 'localLife',
      pageSize: 200,
    });
    const row = rows.list.find((r) => r.skuId === Number(storePrice.sku_id))!;
    expect(row).toMatchObject({
      storePrice: Number(storePrice.price_cents),
      effectivePrice: Number(storePrice.price_cents),
      layerName: '本地生活价',
    });
    expect(row.allStoresPrice).not.toBeNull();
    const allStores = await call<KeysetPage<LocalLifeSheetRow>>(admin, priceSheetOps.localLife, { pageSize: 200, layer: 'localLife' });
    expect(allStores.list.every((r) => r.storeName === '全部门店' && r.effectivePrice === r.allStoresPrice)).toBe(true);
    expect((await op(other, priceSheetOps.localLife, { storeId: Number(storePrice.scope_key) })).code).toBe(CODES.notFound);
  });

  it('the ledger list: keyset pages, filters (SKU, scope and target, order, time), the target in words', async () => {
    const p1 = await call<KeysetPage<PriceRecordRow>>(admin, priceRecordOps.list, { pageSize: 50 });
    expect(p1.total).toBeGreaterThan(100);
    expect(p1.list[0].effectiveAt).toBeGreaterThanOrEqual(p1.list[49].effectiveAt);
    const p2 = await call<KeysetPage<PriceRecordRow>>(admin, priceRecordOps.list, { pageSize: 50, cursor: p1.nextCursor });
    expect(p2.list[0].effectiveAt).toBeLessThanOrEqual(p1.list[49].effectiveAt);
    const back = await call<KeysetPage<PriceRecordRow>>(admin, priceRecordOps.list, { pageSize: 50, cursor: p2.prevCursor });
    expect(back.list.map((r) => r.id)).toEqual(p1.list.map((r) => r.id));
    const sku = p1.list[0].skuId;
    const bySku = await call<KeysetPage<PriceRecordRow>>(admin, priceRecordOps.list, { skuId: sku, pageSize: 200 });
    expect(bySku.list.every((r) => r.skuId === sku)).toBe(true);
    const mall = await call<KeysetPage<PriceRecordRow>>(admin, priceRecordOps.list, {
      scopeType: 'channel1',
      scopeKey: 'mall',
      pageSize: 200,
    });
    expect(mall.list.length).toBeGreaterThan(0);
    expect(mall.list.every((r) => r.scopeName === '批发商城')).toBe(true);
    const firstOrder = p1.list[0].orderNo;
    const byOrder = await call<KeysetPage<PriceRecordRow>>(admin, priceRecordOps.list, { orderNo: firstOrder, pageSize: 200 });
    expect(byOrder.list.every((r) => r.orderNo === firstOrder)).toBe(true);
    const now = t.clock.now();
    const recent = await call<KeysetPage<PriceRecordRow>>(admin, priceRecordOps.list, {
      effectiveRange: [now - 10 * 86_400_000, now],
      pageSize: 200,
    });
    expect(recent.list.every((r) => r.effectiveAt >= now - 10 * 86_400_000)).toBe(true);
    expect(await op(admin, priceRecordOps.list, { scopeKey: 'mall' })).toMatchObject({
      code: CODES.badInput,
      msg: '按调价对象筛选须先选择调价范围（字段：scopeType）',
    });
    expect((await call<KeysetPage<PriceRecordRow>>(other, priceRecordOps.list, {})).list).toEqual([]);
    const finance = await t.signIn('finance');
    expect((await op(finance, priceRecordOps.list, {})).code).toBe(CODES.forbidden);
  });
});
