import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import { bankCardOps, withLuhnDigit, type BankCard } from '@merchant/contracts/finance/bank-card';
import {
  capitalOps,
  type CapitalRecord,
  type CapitalSummary,
  type EntryDetail,
  type PartyDetail,
  type PartyRow,
} from '@merchant/contracts/finance/capital';
import { freezeOps, type FreezeRow } from '@merchant/contracts/finance/freeze';
import {
  settlementOps,
  splitOps,
  type DeviceIncomeRow,
  type SettlementRow,
  type SplitRow,
  type SplitSummary,
} from '@merchant/contracts/finance/split';
import { withdrawalOps, type WithdrawalRow } from '@merchant/contracts/finance/withdrawal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, data, rowCount } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { merchantOf, payCtx } from '../../test/payment-kit.ts';
import { charge, refund } from '../payment/payment.service.ts';
import { check } from './finance.reconcile.ts';
import { onSplitSource } from './split.ts';

// The money ledger through the real client (docs/finance.md): balances derived from balanced entries; a payment's
// capture and split, a refund's reversal; T+1 settlement; withdrawals 待审核 → 待打款 → 已打款 / 已驳回; freezes; bank
// cards; every refusal in Chinese with nothing written; permissions; another merchant's parties invisible.

const BIZ = 'finance-test';
let seq = 0;
const bizNo = () => `F${Date.now().toString(36)}${++seq}`.toUpperCase();
const DAY = 86_400_000;

describe.each(DIALECTS)('money ledger (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let finance: ApiClient;
  let owner: ApiClient;
  let operator: ApiClient;
  let other: ApiClient;
  let merchantId: number;
  let merchantParty: PartyRow;
  let deviceCode: string;
  const problems = async () => (await check.run(t.db.db, merchantId)).join('\n');

  const partyOf = async (client: ApiClient, type: string) =>
    (await call<Paged<PartyRow>>(client, capitalOps.list, { partyType: type, pageSize: 50 })).list;
  const detail = (partyCode: string) => call<PartyDetail>(admin, capitalOps.detail, { partyCode });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, finance, owner, operator] = await Promise.all(['admin', 'finance', 'owner', 'operator'].map((u) => t.signIn(u)));
    other = await registerMerchant(t, '别家商户', 'finboss', '13700000071');
    merchantId = await merchantOf(t, 'admin');
    merchantParty = (await partyOf(admin, 'merchant'))[0];
    // a cabinet with an owner's agreement and a point: the test payments split like its orders
    const rule = await t.db.db
      .selectFrom('fin_split_rule as r')
      .innerJoin('device as d', (j) => j.onRef('d.device_code', '=', 'r.device_code').onRef('d.merchant_id', '=', 'r.merchant_id'))
      .innerJoin('point_device_binding as b', 'b.active_device_id', 'd.id')
      .select('r.device_code')
      .where('r.merchant_id', '=', merchantId)
      .where('r.owner_party_id', '>', 0)
      .executeTakeFirstOrThrow();
    deviceCode = rule.device_code;
    onSplitSource(BIZ, async (_trx, _m, no) => ({ orderNo: no, channel: 'container', deviceCode }));
  });
  afterAll(() => t.close());

  const pay = (amount: number) => charge(payCtx(t, merchantId), { bizType: BIZ, bizNo: bizNo(), amount, subject: '财务测试订单' });

  it('the demo ledger holds: balanced entries, balances = Σ lines, every payment captured and split', async () => {
    expect(await problems()).toBe('');
    const summary = await call<CapitalSummary>(admin, capitalOps.summary);
    // the payment channel holds what every party holds
    expect(summary.channelHeld).toBe(summary.total);
    expect(summary.partyCount).toBeGreaterThan(5);
    const types = (await call<Paged<PartyRow>>(admin, capitalOps.list, { pageSize: 100 })).list.map((p) => p.partyType);
    expect(new Set(types)).toEqual(new Set(['merchant', 'cabinet_owner', 'point_owner', 'supplier', 'platform']));
  });

  it('a payment posts 收款 and 分账 in its transaction; a refund splits the rest again and pays back', async () => {
    const before = await detail(merchantParty.partyCode);
    const p = await pay(10_000);
    const [split] = (await call<KeysetPage<SplitRow>>(admin, splitOps.list, { orderNo: p.bizNo })).list;
    // 0.60 % fee, the point's commission, the owner's share, each rounded down; the merchant the rest
    expect(split).toMatchObject({
      captured: 10_000,
      refunded: 0,
      net: 10_000,
      feeBp: 60,
      platformFee: 60,
      status: 0,
      statusName: '待结算',
    });
    expect(split.ownerShare).toBe(Math.floor((10_000 * split.ownerBp) / 10_000));
    expect(split.merchantShare + split.ownerShare + split.pointShare + split.supplierShare + split.platformFee).toBe(10_000);
    expect(split.ownerName).not.toBe('');
    expect((await detail(merchantParty.partyCode)).pending - before.pending).toBe(split.merchantShare);

    const entries = await call<EntryDetail[]>(admin, capitalOps.orderEntries, { orderNo: p.bizNo });
    expect(entries.map((e) => e.type)).toEqual(['capture', 'split']);
    for (const e of entries) expect(e.lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
    expect(entries[0].lines).toContainEqual(expect.objectContaining({ partyTypeName: '平台', kindName: '支付通道', amount: -10_000 }));

    await refund(payCtx(t, merchantId), {
      payNo: p.payNo,
      amount: 3_333,
      reason: '少取一件',
      bizType: BIZ,
      bizNo: p.bizNo,
      requestKey: `r-${p.payNo}`,
    });
    const [after] = (await call<KeysetPage<SplitRow>>(admin, splitOps.list, { orderNo: p.bizNo })).list;
    expect(after).toMatchObject({ refunded: 3_333, net: 6_667, platformFee: 40 });
    expect(after.merchantShare + after.ownerShare + after.pointShare + after.supplierShare + after.platformFee).toBe(6_667);
    const types = (await call<EntryDetail[]>(admin, capitalOps.orderEntries, { orderNo: p.bizNo })).map((e) => e.type);
    expect(types).toEqual(['capture', 'split', 'split_reversal', 'refund']);
    expect((await detail(merchantParty.partyCode)).pending - before.pending).toBe(after.merchantShare);
    expect(await problems()).toBe('');
  });

  it('records: a party’s lines newest first, each with the balance after it, paged by cursor, filtered; an entry sums to 0', async () => {
    const first = await call<KeysetPage<CapitalRecord>>(admin, capitalOps.records, { partyCode: merchantParty.partyCode, pageSize: 5 });
    expect(first.list).toHaveLength(5);
    const second = await call<KeysetPage<CapitalRecord>>(admin, capitalOps.records, {
      partyCode: merchantParty.partyCode,
      pageSize: 5,
      cursor: first.nextCursor,
    });
    expect(second.list[0].createdAt).toBeLessThanOrEqual(first.list[4].createdAt);
    expect(new Set([...first.list, ...second.list].map((r) => r.id)).size).toBe(10);
    const pending = await call<KeysetPage<CapitalRecord>>(admin, capitalOps.records, {
      partyCode: merchantParty.partyCode,
      kind: 'pending',
      entryType: 'split',
      pageSize: 3,
    });
    expect(pending.list.every((r) => r.kind === 'pending' && r.entryTypeName === '分账' && r.amount < 0)).toBe(true);
    expect(pending.list[0].orderChannel).toBe('container');
    const e = await call<EntryDetail>(admin, capitalOps.entry, { entryNo: pending.list[0].entryNo });
    expect(e.lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
    expect(await op(admin, capitalOps.entry, { entryNo: 'JZ000' })).toMatchObject({ code: CODES.notFound, msg: '记账凭证不存在' });
  });

  it('T+1: 立即结算 settles what is due — 待结算 → 可用 per party, in a bill; nothing before its day', async () => {
    await call(finance, settlementOps.run); // what the demo left due
    const p = await pay(2_000);
    expect(data<{ settled: number }>(await op(finance, settlementOps.run, {}))).toMatchObject({ settled: 0, bills: [] });
    t.clock.advance(2 * DAY);
    // two days on, the sessions are past their longest life: sign in again
    [admin, finance, owner, operator] = await Promise.all(['admin', 'finance', 'owner', 'operator'].map((u) => t.signIn(u)));
    other = await t.signIn('finboss', 'Other1234');
    const before = await detail(merchantParty.partyCode);
    const res = await call<{ settled: number; bills: string[] }>(finance, settlementOps.run, {});
    expect(res.settled).toBeGreaterThanOrEqual(1);
    const [split] = (await call<KeysetPage<SplitRow>>(admin, splitOps.list, { orderNo: p.bizNo })).list;
    expect(split).toMatchObject({ status: 1, statusName: '已结算', settleNo: res.bills[0] });
    const after = await detail(merchantParty.partyCode);
    expect(after.pending).toBe(0);
    expect(after.available - before.available).toBe(before.pending);
    const bills = await call<Paged<SettlementRow>>(admin, settlementOps.list, { settleNo: res.bills[0] });
    expect(bills.list[0]).toMatchObject({ settleNo: res.bills[0], operatorName: 'finance' });
    const sum = await call<SplitSummary>(admin, splitOps.summary, { settleNo: res.bills[0] });
    expect(sum.net).toBe(bills.list[0].amount);
    // a refund after settlement takes the difference back from 可用
    await refund(payCtx(t, merchantId), {
      payNo: p.payNo,
      amount: 2_000,
      reason: '整单退款',
      bizType: BIZ,
      bizNo: p.bizNo,
      requestKey: `r-${p.payNo}`,
    });
    const [refunded] = (await call<KeysetPage<SplitRow>>(admin, splitOps.list, { orderNo: p.bizNo })).list;
    expect(refunded).toMatchObject({ net: 0, merchantShare: 0, ownerShare: 0, pointShare: 0, platformFee: 0 });
    expect((await detail(merchantParty.partyCode)).available - after.available).toBe(-split.merchantShare);
    const income = await call<Paged<DeviceIncomeRow>>(admin, splitOps.deviceIncome, { deviceCode });
    expect(income.list[0]).toMatchObject({ deviceCode });
    expect(income.list[0].net).toBe(
      income.list[0].merchantShare +
        income.list[0].ownerShare +
        income.list[0].pointShare +
        income.list[0].supplierShare +
        income.list[0].platformFee,
    );
    expect(await problems()).toBe('');
  });

  it('bank cards: Luhn-checked, masked, one default; bad input refused with nothing written', async () => {
    const before = await rowCount(t, 'fin_bank_card');
    const bad = await op(admin, bankCardOps.add, {
      partyCode: merchantParty.partyCode,
      bankCode: 'CMB',
      holderName: '测试',
      cardNo: '6225880112345678',
    });
    expect(bad).toMatchObject({ code: CODES.badInput, msg: '银行卡号校验不通过，请核对卡号（字段：cardNo）' });
    expect(
      await op(admin, bankCardOps.add, { partyCode: merchantParty.partyCode, bankCode: 'XX', holderName: '测试', cardNo: '1' }),
    ).toMatchObject({
      code: CODES.badInput,
    });
    expect(await rowCount(t, 'fin_bank_card')).toBe(before);
    const cardNo = withLuhnDigit('622588011234567');
    const card = await call<BankCard>(admin, bankCardOps.add, {
      partyCode: merchantParty.partyCode,
      bankCode: 'CMB',
      holderName: '鲜速达',
      cardNo: cardNo.replace(/(\d{4})/g, '$1 '),
    });
    expect(card).toMatchObject({ bankName: '招商银行', cardNo: `6225 **** **** ${cardNo.slice(-4)}`, isDefault: false });
    expect(
      await op(admin, bankCardOps.add, { partyCode: merchantParty.partyCode, bankCode: 'CMB', holderName: '鲜速达', cardNo }),
    ).toMatchObject({
      code: CODES.conflict,
      msg: '该银行卡已绑定在此账户',
    });
    const made = await call<BankCard>(admin, bankCardOps.setDefault, { id: card.id, version: card.version });
    expect(made.isDefault).toBe(true);
    const cards = await call<BankCard[]>(admin, bankCardOps.list, { partyCode: merchantParty.partyCode });
    expect(cards.filter((c) => c.isDefault).map((c) => c.id)).toEqual([card.id]);
    expect(JSON.stringify(cards)).not.toContain(cardNo);
    expect((await call<{ code: string }[]>(admin, bankCardOps.banks)).length).toBeGreaterThan(10);
    const log = await call<Paged<{ actionLabel: string; remark: string }>>(admin, capitalOps.history, {
      partyCode: merchantParty.partyCode,
    });
    expect(log.list.slice(0, 2).map((h) => h.actionLabel)).toEqual(['设为默认银行卡', '绑定银行卡']);
    expect(log.list[1].remark).toContain(`6225 **** **** ${cardNo.slice(-4)}`);
  });

  it('withdrawals: 可用 → 在途 at once; 审核通过 → 确认打款 leaves the channel; 驳回 gives it back; illegal steps refused', async () => {
    const [card] = await call<BankCard[]>(admin, bankCardOps.list, { partyCode: merchantParty.partyCode });
    const d0 = await detail(merchantParty.partyCode);
    const before = [await rowCount(t, 'fin_withdrawal'), await rowCount(t, 'fin_entry')];
    const base: Record<string, unknown> = { partyCode: merchantParty.partyCode, cardId: card.id, amount: 100 };
    for (const [patch, msg] of [
      [{ amount: 0 }, '提现金额必须大于0（字段：amount）'],
      [{ amount: 10.5 }, '提现金额须精确到分（字段：amount）'],
      [{ cardId: undefined }, '请选择银行卡（字段：cardId）'],
      [{ partyCode: 'X1' }, '账户编号不正确（字段：partyCode）'],
    ] as const)
      expect(await op(admin, withdrawalOps.apply, { ...base, ...patch })).toMatchObject({
        code: CODES.badInput,
        msg,
      });
    expect(
      await op(admin, withdrawalOps.apply, { partyCode: merchantParty.partyCode, amount: d0.available + 1, cardId: card.id }),
    ).toMatchObject({
      code: CODES.conflict,
      msg: `可提现余额不足（可用${(d0.available / 100).toFixed(2)}元）`,
    });
    expect([await rowCount(t, 'fin_withdrawal'), await rowCount(t, 'fin_entry')]).toEqual(before);

    const w = await call<WithdrawalRow>(admin, withdrawalOps.apply, {
      partyCode: merchantParty.partyCode,
      amount: 1_000,
      cardId: card.id,
      remark: '月度提现',
    });
    expect(w).toMatchObject({ status: 0, statusName: '待审核', actions: ['approve', 'reject'], cardText: expect.stringContaining('****') });
    expect(w.withdrawNo).toMatch(/^TX\d{10}$/);
    const d1 = await detail(merchantParty.partyCode);
    expect([d1.available - d0.available, d1.inTransit - d0.inTransit]).toEqual([-1_000, 1_000]);

    expect(await op(finance, withdrawalOps.pay, { withdrawNo: w.withdrawNo, version: w.version })).toMatchObject({
      code: CODES.conflict,
      msg: `提现单${w.withdrawNo}当前为待审核，不能确认打款`,
    });
    expect(await op(finance, withdrawalOps.approve, { withdrawNo: w.withdrawNo, version: w.version + 5 })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    // 柜主 may see and apply, not review; 运营 has no finance at all
    expect((await op(owner, withdrawalOps.approve, { withdrawNo: w.withdrawNo, version: w.version })).code).toBe(CODES.forbidden);
    expect((await op(operator, withdrawalOps.list, {})).code).toBe(CODES.forbidden);
    // another merchant neither sees nor touches it
    expect(await op(other, withdrawalOps.approve, { withdrawNo: w.withdrawNo, version: w.version })).toMatchObject({
      code: CODES.notFound,
      msg: '提现单不存在',
    });
    expect((await call<Paged<WithdrawalRow>>(other, withdrawalOps.list, {})).total).toBe(0);
    expect(await op(other, capitalOps.detail, { partyCode: merchantParty.partyCode })).toMatchObject({
      code: CODES.notFound,
      msg: '资金账户不存在',
    });

    const approved = await call<WithdrawalRow>(finance, withdrawalOps.approve, { withdrawNo: w.withdrawNo, version: w.version });
    expect(approved).toMatchObject({ status: 1, statusName: '待打款', reviewerName: 'finance', actions: ['pay', 'reject'] });
    const paid = await call<WithdrawalRow>(finance, withdrawalOps.pay, {
      withdrawNo: w.withdrawNo,
      version: approved.version,
      remark: '网银转账',
    });
    expect(paid).toMatchObject({ status: 2, statusName: '已打款', actions: [] });
    const d2 = await detail(merchantParty.partyCode);
    expect(d2.inTransit).toBe(d0.inTransit);
    expect(d2.totalWithdrawn - d0.totalWithdrawn).toBe(1_000);
    expect(await op(finance, withdrawalOps.reject, { withdrawNo: w.withdrawNo, version: paid.version, reason: '晚了' })).toMatchObject({
      code: CODES.conflict,
      msg: `提现单${w.withdrawNo}当前为已打款，不能驳回`,
    });

    const w2 = await call<WithdrawalRow>(owner, withdrawalOps.apply, { partyCode: merchantParty.partyCode, amount: 500, cardId: card.id });
    expect(await op(finance, withdrawalOps.reject, { withdrawNo: w2.withdrawNo, version: w2.version, reason: '' })).toMatchObject({
      code: CODES.badInput,
      msg: '请输入驳回原因（字段：reason）',
    });
    const rejected = await call<WithdrawalRow>(finance, withdrawalOps.reject, {
      withdrawNo: w2.withdrawNo,
      version: w2.version,
      reason: '户名不符',
    });
    expect(rejected).toMatchObject({ status: 3, rejectReason: '户名不符' });
    expect((await detail(merchantParty.partyCode)).available).toBe(d2.available);
    // a card with a withdrawal under way stays bound
    const w3 = await call<WithdrawalRow>(admin, withdrawalOps.apply, { partyCode: merchantParty.partyCode, amount: 100, cardId: card.id });
    const [c] = (await call<BankCard[]>(admin, bankCardOps.list, { partyCode: merchantParty.partyCode })).filter((x) => x.id === card.id);
    expect(await op(admin, bankCardOps.remove, { id: card.id, version: c.version })).toMatchObject({
      code: CODES.conflict,
      msg: `该银行卡有未完成的提现（${w3.withdrawNo}），不能解绑`,
    });
    const history = await call<Paged<{ actionLabel: string }>>(admin, withdrawalOps.history, { withdrawNo: w.withdrawNo });
    expect(history.list.map((h) => h.actionLabel)).toEqual(['确认打款', '审核通过', '申请提现']);
    expect(await problems()).toBe('');
  });

  it('freezes: never more than 可用; 冻结中 → 已解冻 once; only with the freeze permission', async () => {
    const d0 = await detail(merchantParty.partyCode);
    expect(
      await op(finance, freezeOps.freeze, { partyCode: merchantParty.partyCode, amount: d0.available + 1, reason: '争议款' }),
    ).toMatchObject({
      code: CODES.conflict,
      msg: `可用余额不足，不能冻结（可用${(d0.available / 100).toFixed(2)}元）`,
    });
    expect((await op(owner, freezeOps.freeze, { partyCode: merchantParty.partyCode, amount: 100, reason: '争议款' })).code).toBe(
      CODES.forbidden,
    );
    const f = await call<FreezeRow>(finance, freezeOps.freeze, {
      partyCode: merchantParty.partyCode,
      amount: 300,
      reason: '消费者投诉争议款',
    });
    expect(f).toMatchObject({ status: 0, statusName: '冻结中', canRelease: true });
    expect((await detail(merchantParty.partyCode)).frozen - d0.frozen).toBe(300);
    const released = await call<FreezeRow>(finance, freezeOps.release, { freezeNo: f.freezeNo, version: f.version, reason: '争议已解决' });
    expect(released).toMatchObject({ status: 1, canRelease: false, releasedByName: 'finance' });
    expect(await op(finance, freezeOps.release, { freezeNo: f.freezeNo, version: released.version, reason: '再来一次' })).toMatchObject({
      code: CODES.conflict,
      msg: `冻结单${f.freezeNo}已解冻，不能再次解冻`,
    });
    const d1 = await detail(merchantParty.partyCode);
    expect([d1.available, d1.frozen]).toEqual([d0.available, d0.frozen]);
    const log = await call<Paged<{ actionLabel: string }>>(admin, freezeOps.history, { freezeNo: f.freezeNo });
    expect(log.list.map((h) => h.actionLabel)).toEqual(['解冻资金', '冻结资金']);
    const list = await call<Paged<FreezeRow>>(admin, freezeOps.list, { partyCode: merchantParty.partyCode });
    expect(list.list[0].freezeNo).toBe(f.freezeNo);
    expect(await problems()).toBe('');
  });

  it('another merchant has no parties of this one; its own list is empty', async () => {
    expect((await call<Paged<PartyRow>>(other, capitalOps.list, {})).total).toBe(0);
    expect((await call<KeysetPage<SplitRow>>(other, splitOps.list, {})).list).toEqual([]);
    expect(await op(other, capitalOps.records, { partyCode: merchantParty.partyCode })).toMatchObject({ code: CODES.notFound });
  });
});
