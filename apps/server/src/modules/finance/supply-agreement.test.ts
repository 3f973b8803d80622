import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { capitalOps, type PartyDetail, type PartyRow } from '@merchant/contracts/finance/capital';
import { collectionOps } from '@merchant/contracts/finance/collection';
import { PURCHASE_MALL_SUBLEDGER_ANCHOR, splitOps, type SplitRow } from '@merchant/contracts/finance/split';
import { supplyAgreementOps, type SupplyAgreementRow, type SupplyCandidate } from '@merchant/contracts/finance/supply-agreement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { signInWithOnlyPage } from '../../test/role-kit.ts';
import { merchantOf, payCtx } from '../../test/payment-kit.ts';
import { charge, refund } from '../payment/payment.service.ts';
import { check } from './finance.reconcile.ts';
import { settleDue } from './settlement.service.ts';
import { onSplitSource } from './split.ts';

// 供应商代销 through the real client (docs/finance.md "供应商代销"): a 代销协议 made from a supplier's supply SKU with
// the merchant's SKU's barcode; later sales of the SKU give the supplier units × price in the split, a refund scales
// it down, T+1 settles it into the supplier's 可用; refusals in Chinese with nothing written; another merchant sees
// nothing. And the narrow split pages: a role holding only 商城分账明细 lists and exports only the mall's splits.

const BIZ = 'supply-test';
const DAY = 86_400_000;
let seq = 0;

describe.each(DIALECTS)('供应商代销 (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let owner: ApiClient;
  let other: ApiClient;
  let merchantId: number;
  /** What each test order sold: its SKUs and units, and its channel. */
  const orders = new Map<string, { channel: string; lines: { skuId: number; quantity: number }[] }>();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    owner = await t.signIn('owner');
    other = await registerMerchant(t, '别家代销', 'supboss', '13700000073');
    merchantId = await merchantOf(t, 'admin');
    onSplitSource(BIZ, async (_trx, _m, no) => ({
      orderNo: no,
      channel: orders.get(no)?.channel ?? 'mall',
      deviceCode: '',
      ...orders.get(no),
    }));
  });
  afterAll(() => t.close());

  const sell = (amount: number, lines: { skuId: number; quantity: number }[], channel = 'mall') => {
    const bizNo = `S${Date.now().toString(36)}${++seq}`.toUpperCase();
    orders.set(bizNo, { channel, lines });
    return charge(payCtx(t, merchantId), { bizType: BIZ, bizNo, amount, subject: '代销测试订单' });
  };
  const splitOf = async (orderNo: string) => (await call<KeysetPage<SplitRow>>(admin, splitOps.list, { orderNo })).list[0];
  const problems = async () => (await check.run(t.db.db, merchantId)).join('\n');

  it('candidates: enabled supply SKUs whose barcode is a SKU of the merchant; the demo agreements marked', async () => {
    const all = await call<SupplyCandidate[]>(admin, supplyAgreementOps.candidates, {});
    expect(all.length).toBeGreaterThan(10);
    expect(all.some((c) => c.agreed)).toBe(true);
    expect(all.some((c) => !c.agreed)).toBe(true);
    for (const c of all) {
      expect(c.skuCode).toMatch(/^K\d{8}$/);
      expect(c.supplySkuCode).toMatch(/^GK\d{8}$/);
      expect(c.purchasePrice).toBeGreaterThan(0);
    }
    const one = all[0];
    const found = await call<SupplyCandidate[]>(admin, supplyAgreementOps.candidates, { keyword: one.barcode });
    expect(found.every((c) => c.barcode === one.barcode)).toBe(true);
    expect(await call<SupplyCandidate[]>(other, supplyAgreementOps.candidates, {})).toEqual([]);
    expect((await op(owner, supplyAgreementOps.candidates, {})).code).toBe(CODES.forbidden);
    const listed = await call<Paged<SupplyAgreementRow>>(admin, supplyAgreementOps.list, {});
    // every agreement's SKU is a candidate marked agreed (the demo's: up to five per supplier)
    expect(listed.total).toBeGreaterThan(0);
    expect(listed.total).toBe(all.filter((c) => c.agreed).length);
    expect(listed.list[0]).toMatchObject({ supplierPartyCode: expect.stringMatching(/^FP\d{8}$/), remark: '代销，按采购价结算' });
    expect((await call<Paged<SupplyAgreementRow>>(other, supplyAgreementOps.list, {})).total).toBe(0);
  });

  it('an agreement: refusals named, nothing written; later sales pay the supplier; a refund scales it; T+1 settles it', async () => {
    const free = (await call<SupplyCandidate[]>(admin, supplyAgreementOps.candidates, {})).find((c) => !c.agreed)!;
    const before = await rowCount(t, 'fin_supply_rule');
    const history = await rowCount(t, 'record_history');
    const save = (patch: Record<string, unknown>) =>
      op(admin, supplyAgreementOps.save, { supplySkuId: free.supplySkuId, unitPrice: 450, remark: '', ...patch });
    expect(await save({ unitPrice: 0 })).toMatchObject({ code: CODES.badInput, msg: '代销结算价必须大于0（字段：unitPrice）' });
    expect(await save({ unitPrice: 4.5 })).toMatchObject({ code: CODES.badInput, msg: '代销结算价须精确到分（字段：unitPrice）' });
    expect(await save({ unitPrice: '' })).toMatchObject({ code: CODES.badInput, msg: '请输入代销结算价（字段：unitPrice）' });
    expect(await save({ supplySkuId: 99_999_999 })).toMatchObject({ code: CODES.notFound, msg: '供应链SKU不存在' });
    // a disabled supply SKU (the demo disables every 9th)
    const disabled = await t.db.db
      .selectFrom('supply_sku')
      .select(['id', 'sku_code'])
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 2)
      .executeTakeFirstOrThrow();
    expect(await save({ supplySkuId: disabled.id })).toMatchObject({ code: CODES.conflict, msg: expect.stringContaining('已停用') });
    // another merchant cannot make one on this merchant's supply SKU, nor 柜主 at all
    expect(await op(other, supplyAgreementOps.save, { supplySkuId: free.supplySkuId, unitPrice: 450 })).toMatchObject({
      code: CODES.notFound,
      msg: '供应链SKU不存在',
    });
    expect((await op(owner, supplyAgreementOps.save, { supplySkuId: free.supplySkuId, unitPrice: 450 })).code).toBe(CODES.forbidden);
    expect(await rowCount(t, 'fin_supply_rule')).toBe(before);
    expect(await rowCount(t, 'record_history')).toBe(history);

    const earlier = await sell(2_000, [{ skuId: free.skuId, quantity: 2 }]);
    const made = await call<SupplyAgreementRow>(admin, supplyAgreementOps.save, {
      supplySkuId: free.supplySkuId,
      unitPrice: 450,
      remark: '月结',
    });
    expect(made).toMatchObject({
      skuCode: free.skuCode,
      supplierName: free.supplierName,
      unitPrice: 450,
      supplierPartyCode: expect.stringMatching(/^FP\d{8}$/),
    });
    expect(await save({})).toMatchObject({ code: CODES.conflict, msg: expect.stringContaining(`SKU ${free.skuCode} 已有代销协议`) });
    for (const o of [supplyAgreementOps.remove, supplyAgreementOps.save])
      expect(await op(other, o, { id: made.id, version: made.version, supplySkuId: free.supplySkuId, unitPrice: 1 })).toMatchObject({
        code: CODES.notFound,
      });

    // a sale of 2 units (and one SKU nobody consigns): the supplier takes 2 × 4.50
    const p = await sell(2_000, [
      { skuId: free.skuId, quantity: 2 },
      { skuId: 99_999_999, quantity: 1 },
    ]);
    expect((await splitOf(earlier.bizNo)).supplierShare).toBe(0);
    const split = await splitOf(p.bizNo);
    expect(split).toMatchObject({ captured: 2_000, supplierShare: 900, supplierNames: free.supplierName, platformFee: 12 });
    expect(split.merchantShare + split.ownerShare + split.pointShare + split.supplierShare + split.platformFee).toBe(2_000);
    const party = (await call<Paged<PartyRow>>(admin, capitalOps.list, { partyType: 'supplier', keyword: free.supplierName })).list[0];
    expect(party).toMatchObject({ name: free.supplierName, partyTypeName: '供应商' });
    const bySupplier = await call<KeysetPage<SplitRow>>(admin, splitOps.list, { supplierPartyCode: party.partyCode, orderNo: p.bizNo });
    expect(bySupplier.list.map((r) => r.payNo)).toEqual([p.payNo]);
    const pendingBefore = (await call<PartyDetail>(admin, capitalOps.detail, { partyCode: party.partyCode })).pending;

    // half refunded: the supplier is owed half
    await refund(payCtx(t, merchantId), {
      payNo: p.payNo,
      amount: 1_000,
      reason: '退一件',
      bizType: BIZ,
      bizNo: p.bizNo,
      requestKey: `r-${p.payNo}`,
    });
    expect(await splitOf(p.bizNo)).toMatchObject({ net: 1_000, supplierShare: 450 });
    expect((await call<PartyDetail>(admin, capitalOps.detail, { partyCode: party.partyCode })).pending).toBe(pendingBefore - 450);
    expect(await problems()).toBe('');

    // T+1: the supplier's share moves to 可用
    const detail0 = await call<PartyDetail>(admin, capitalOps.detail, { partyCode: party.partyCode });
    t.clock.advance(2 * DAY);
    await settleDue(payCtx(t, merchantId), merchantId, 'test', t.clock.now());
    admin = await t.signIn('admin'); // the session has run past its absolute limit
    const detail1 = await call<PartyDetail>(admin, capitalOps.detail, { partyCode: party.partyCode });
    expect(detail1.pending).toBe(0);
    expect(detail1.available).toBe(detail0.available + detail0.pending);
    expect(await problems()).toBe('');

    // 编辑: a stale version refused; a new price pays later sales only
    expect(await save({ id: made.id, unitPrice: 500, version: made.version + 1 })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    const edited = await call<SupplyAgreementRow>(admin, supplyAgreementOps.save, {
      id: made.id,
      supplySkuId: free.supplySkuId,
      unitPrice: 500,
      version: made.version,
    });
    expect(edited).toMatchObject({ unitPrice: 500, version: made.version + 1 });
    const later = await sell(3_000, [{ skuId: free.skuId, quantity: 3 }]);
    expect((await splitOf(later.bizNo)).supplierShare).toBe(1_500);
    expect((await splitOf(p.bizNo)).supplierShare).toBe(450);

    const listed = await call<Paged<SupplyAgreementRow>>(admin, supplyAgreementOps.list, { keyword: free.skuCode });
    expect(listed.list.map((r) => r.id)).toEqual([made.id]);

    // 解除: later sales keep it all; a second 解除 finds nothing
    await call(admin, supplyAgreementOps.remove, { id: edited.id, version: edited.version });
    expect(await op(admin, supplyAgreementOps.remove, { id: edited.id, version: edited.version })).toMatchObject({
      code: CODES.notFound,
      msg: '代销协议不存在',
    });
    const after = await sell(1_000, [{ skuId: free.skuId, quantity: 1 }]);
    expect((await splitOf(after.bizNo)).supplierShare).toBe(0);
    const log = await call<Paged<{ actionLabel: string }>>(admin, collectionOps.history, {});
    expect(log.list.slice(0, 3).map((h) => h.actionLabel)).toEqual(['解除代销协议', '修改代销协议', '新增代销协议']);
    expect(await problems()).toBe('');
  });

  it('a role holding only 商城分账明细 reads and exports only the mall’s splits', async () => {
    const narrow = await signInWithOnlyPage(t, admin, {
      merchantId,
      anchor: PURCHASE_MALL_SUBLEDGER_ANCHOR,
      roleName: '只看商城分账',
      userName: 'mallsplit',
      phone: '13600009902',
    });

    const mall = await sell(1_200, [], 'mall');
    const cabinet = await sell(1_300, [], 'container');
    const seen = await call<KeysetPage<SplitRow>>(narrow, splitOps.list, { pageSize: 100 });
    expect(seen.list.length).toBeGreaterThan(0);
    expect(seen.list.every((r) => r.channel === 'mall')).toBe(true);
    // asking for another channel's order changes nothing: it is not there for this role
    expect((await call<KeysetPage<SplitRow>>(narrow, splitOps.list, { orderNo: cabinet.bizNo })).list).toEqual([]);
    expect((await call<KeysetPage<SplitRow>>(admin, splitOps.list, { orderNo: cabinet.bizNo })).list).toHaveLength(1);
    // the export writes exactly what the role may read
    for (const [orderNo, rows] of [
      [mall.bizNo, 1],
      [cabinet.bizNo, 0],
    ] as const) {
      const res = await exportList(narrow, splitOps.list, { orderNo });
      if (res.kind !== 'file') throw new Error(JSON.stringify(res));
      expect(sheetRows(res.workbook).length - 1).toBe(rows);
    }
    expect((await op(narrow, supplyAgreementOps.list, {})).code).toBe(CODES.forbidden);
  });
});
