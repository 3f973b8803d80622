import { CODES, type ApiClient } from '@merchant/contracts';
import { bankCardOps, withLuhnDigit, type BankCard } from '@merchant/contracts/finance/bank-card';
import { capitalOps, type PartyDetail, type PartyRow } from '@merchant/contracts/finance/capital';
import { withdrawalOps } from '@merchant/contracts/finance/withdrawal';
import type { Paged } from '@merchant/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/calls.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { merchantOf, payCtx } from '../../test/payment-kit.ts';
import { charge, refund, type PaymentView } from '../payment/payment.service.ts';
import * as freezes from './freeze.service.ts';
import { check } from './finance.reconcile.ts';
import { settleDue } from './settlement.service.ts';
import { onSplitSource, splitShares } from './split.ts';
import * as withdrawals from './withdrawal.service.ts';

// The money ledger's invariants (docs/finance.md "对账"), under random sequences of payments, refunds, settlements,
// freezes and withdrawals: every entry balances, no balance goes below its floor, Σ shares = captured − refunded for
// every payment, each party's 待结算 / 冻结 / 在途 equals its open documents. And the race: 100 withdrawals at once
// against one balance never overdraw it.

const BIZ = 'finance-prop';
let seq = 0;
const DAY = 86_400_000;

describe('splitShares', () => {
  it('gives every cent to someone, none below zero, each share at most its rate or its scaled base', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { maxLength: 4 }),
        (a, b, ownerBp, pointBp, feeBp, bases) => {
          // a refund leaves net ≤ captured
          const [net, captured] = a <= b ? [a, b] : [b, a];
          const s = splitShares(net, { ownerBp, pointBp, feeBp }, { captured, bases });
          const suppliers = s.suppliers.reduce((x, y) => x + y, 0);
          expect(s.merchant + s.owner + s.point + s.fee + suppliers).toBe(net);
          for (const v of [s.merchant, s.owner, s.point, s.fee, ...s.suppliers]) expect(v).toBeGreaterThanOrEqual(0);
          expect(s.suppliers).toHaveLength(bases.length);
          expect(s.fee).toBeLessThanOrEqual((net * feeBp) / 10_000);
          expect(s.point).toBeLessThanOrEqual((net * pointBp) / 10_000);
          expect(s.owner).toBeLessThanOrEqual((net * ownerBp) / 10_000);
          // a supplier's share is its base scaled to what was kept, rounded down — or what the others left
          s.suppliers.forEach((x, n) => expect(BigInt(x) * BigInt(captured || 1)).toBeLessThanOrEqual(BigInt(bases[n]) * BigInt(net)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('pays a supplier its whole base when the sale is whole and the rest is enough, and exactly scales it on a refund', () => {
    expect(splitShares(1_000, { ownerBp: 1_000, pointBp: 500, feeBp: 60 }, { captured: 1_000, bases: [600] })).toEqual({
      fee: 6,
      point: 50,
      owner: 100,
      suppliers: [600],
      merchant: 244,
    });
    // half refunded: the supplier is owed half its base
    expect(splitShares(500, { ownerBp: 0, pointBp: 0, feeBp: 60 }, { captured: 1_000, bases: [600, 301] }).suppliers).toEqual([300, 150]);
    // the others leave less than the bases: the first supplier takes what is left, the next nothing, the merchant 0
    expect(splitShares(100, { ownerBp: 5_000, pointBp: 0, feeBp: 0 }, { captured: 100, bases: [80, 10] })).toMatchObject({
      owner: 50,
      suppliers: [50, 0],
      merchant: 0,
    });
  });
});

describe.each(DIALECTS)('money ledger invariants (%s)', (dialect) => {
  let t: TestApp;
  let merchantId: number;
  let admin: ApiClient;
  let merchantCode: string;
  let cardId: number;
  const paid: PaymentView[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    merchantId = await merchantOf(t, 'admin');
    admin = await t.signIn('admin');
    const devices = await t.db.db
      .selectFrom('fin_split_rule')
      .select('device_code')
      .where('merchant_id', '=', merchantId)
      .where('device_code', '<>', '')
      .limit(3)
      .execute();
    const consigned = await t.db.db
      .selectFrom('fin_supply_rule')
      .select('sku_id')
      .where('merchant_id', '=', merchantId)
      .orderBy('supplier_id')
      .orderBy('id')
      .limit(2)
      .execute();
    expect(consigned).toHaveLength(2);
    // half the payments split like a cabinet's orders (owner, point), half like a channel's; a third sell consigned SKUs
    onSplitSource(BIZ, async (_trx, _m, no) => ({
      orderNo: no,
      channel: 'container',
      deviceCode: Number(no.slice(-1)) % 2 ? (devices[Number(no.slice(-2, -1)) % devices.length]?.device_code ?? '') : '',
      lines:
        Number(no.slice(-1)) % 3 === 0
          ? [
              { skuId: consigned[0].sku_id, quantity: 1 + (Number(no.slice(-2, -1)) % 3) },
              { skuId: consigned[1].sku_id, quantity: 1 },
            ]
          : [],
    }));
    merchantCode = (await call<Paged<PartyRow>>(admin, capitalOps.list, { partyType: 'merchant' })).list[0].partyCode;
    cardId = (
      await call<BankCard>(admin, bankCardOps.add, {
        partyCode: merchantCode,
        bankCode: 'ICBC',
        holderName: '鲜速达',
        cardNo: withLuhnDigit('622202100012345'),
      })
    ).id;
  });
  afterAll(() => t.close());

  const ctx = () => payCtx(t, merchantId, 'finance');
  const available = async () => {
    const r = await t.db.db
      .selectFrom('fin_account as a')
      .innerJoin('fin_party as p', 'p.id', 'a.party_id')
      .select('a.balance')
      .where('p.party_code', '=', merchantCode)
      .where('a.kind', '=', 'available')
      .executeTakeFirst();
    return Number(r?.balance ?? 0);
  };

  type Step =
    | { kind: 'pay'; amount: number }
    | { kind: 'refund'; pick: number; share: number }
    | { kind: 'settle' }
    | { kind: 'freeze'; share: number; release: boolean }
    | { kind: 'withdraw'; share: number; fate: 'pay' | 'reject' | 'open' };
  const stepArb: fc.Arbitrary<Step> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), amount: fc.integer({ min: 1, max: 500_000 }) }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('settle' as const) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('freeze' as const),
        share: fc.double({ min: 0, max: 1.5, noNaN: true }),
        release: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('withdraw' as const),
        share: fc.double({ min: 0, max: 1.5, noNaN: true }),
        fate: fc.constantFrom('pay' as const, 'reject' as const, 'open' as const),
      }),
    },
  );
  const tally = { refused: 0, refunded: 0, settled: 0, withdrawn: 0 };

  async function run(s: Step): Promise<void> {
    if (s.kind === 'pay') {
      const bizNo = `P${(++seq).toString().padStart(6, '0')}`;
      paid.push(await charge(ctx(), { bizType: BIZ, bizNo, amount: s.amount, subject: '属性测试订单' }));
    } else if (s.kind === 'refund' && paid.length) {
      const p = paid[s.pick % paid.length];
      const left = p.amount - p.refundedAmount;
      const amount = Math.max(1, Math.floor(left * s.share));
      if (left <= 0) return;
      await refund(ctx(), { payNo: p.payNo, amount, reason: '属性测试退款', bizType: BIZ, bizNo: p.bizNo, requestKey: `k${++seq}` });
      p.refundedAmount += amount;
      tally.refunded++;
    } else if (s.kind === 'settle') {
      t.clock.advance(DAY);
      tally.settled += (await settleDue(ctx(), merchantId, 'test', t.clock.now())).settled;
    } else if (s.kind === 'freeze') {
      const have = await available();
      const amount = Math.max(1, Math.floor(have * s.share));
      if (amount > have) {
        await expect(freezes.freeze(ctx(), { partyCode: merchantCode, amount, reason: '属性测试' })).rejects.toThrow('可用余额不足');
        tally.refused++;
        return;
      }
      const f = await freezes.freeze(ctx(), { partyCode: merchantCode, amount, reason: '属性测试' });
      if (s.release) await freezes.release(ctx(), { freezeNo: f.freezeNo, version: f.version, reason: '属性测试' });
    } else if (s.kind === 'withdraw') {
      const have = await available();
      const amount = Math.max(1, Math.floor(have * s.share));
      if (amount > have) {
        await expect(withdrawals.apply(ctx(), { partyCode: merchantCode, amount, cardId, remark: '' })).rejects.toThrow('可提现余额不足');
        tally.refused++;
        return;
      }
      const w = await withdrawals.apply(ctx(), { partyCode: merchantCode, amount, cardId, remark: '' });
      if (s.fate === 'open') return;
      if (s.fate === 'reject') {
        await withdrawals.reject(ctx(), { withdrawNo: w.withdrawNo, version: w.version, reason: '属性测试' });
        return;
      }
      const a = await withdrawals.approve(ctx(), { withdrawNo: w.withdrawNo, version: w.version, remark: '' });
      await withdrawals.pay(ctx(), { withdrawNo: w.withdrawNo, version: a.version, remark: '' });
      tally.withdrawn++;
    }
  }

  it('random payments, refunds, settlements, freezes and withdrawals keep the ledger whole', async () => {
    // a fixed seed: the run is the same every time (FC_SEED explores others); the refusals are checked below anyway
    const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : 20_261_125;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 5, maxLength: 20 }), async (steps) => {
        for (const s of steps) await run(s);
        expect((await check.run(t.db.db, merchantId)).join('\n')).toBe('');
        const negative = await t.db.db
          .selectFrom('fin_account')
          .select(['kind', 'balance'])
          .where('merchant_id', '=', merchantId)
          .where('kind', '<>', 'channel')
          .where('balance', '<', 0)
          .execute();
        // 可用 alone may go below zero, and only by a refund of shares already settled (docs/finance.md)
        expect(negative.filter((n) => n.kind !== 'available')).toEqual([]);
      }),
      { numRuns: dialect === 'sqlite' ? 25 : 12, seed, endOnFailure: true },
    );
    expect(tally.refunded).toBeGreaterThan(0);
    expect(tally.settled).toBeGreaterThan(0);
    expect(tally.withdrawn).toBeGreaterThan(0);
    // the sequences sold consigned SKUs: suppliers took shares, and some of those were refunded in part
    const supplied = await t.db.db
      .selectFrom('fin_split as s')
      .innerJoin('fin_split_supply as x', 'x.split_id', 's.id')
      .select(['s.refunded', 'x.share', 'x.base'])
      .where('s.merchant_id', '=', merchantId)
      .where('s.biz_type', '=', BIZ)
      .execute();
    expect(supplied.some((x) => Number(x.share) > 0)).toBe(true);
    // more than 可用 is refused for a freeze and for a withdrawal, whatever the sequences drew, and nothing moves
    const have = await available();
    await run({ kind: 'freeze', share: 1.5, release: false });
    await run({ kind: 'withdraw', share: 1.5, fate: 'open' });
    expect(await available()).toBe(have);
    expect(tally.refused).toBeGreaterThanOrEqual(2);
    expect((await check.run(t.db.db, merchantId)).join('\n')).toBe('');
  }, 300_000);

  it('payments and refunds at once on the same accounts: none deadlocks, the ledger holds', async () => {
    const bizNo = () => `P${(++seq).toString().padStart(6, '0')}`;
    const first = await Promise.all(
      Array.from({ length: 12 }, () => charge(ctx(), { bizType: BIZ, bizNo: bizNo(), amount: 8_800, subject: '并发测试订单' })),
    );
    const answers = await Promise.allSettled([
      ...first.map((p, n) =>
        refund(ctx(), {
          payNo: p.payNo,
          amount: 1_000 + n,
          reason: '并发退款',
          bizType: BIZ,
          bizNo: p.bizNo,
          requestKey: `race-${p.payNo}`,
        }),
      ),
      ...Array.from({ length: 12 }, () => charge(ctx(), { bizType: BIZ, bizNo: bizNo(), amount: 6_600, subject: '并发测试订单' })),
    ]);
    expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
    expect((await check.run(t.db.db, merchantId)).join('\n')).toBe('');
  }, 120_000);

  it('100 withdrawals at once against one balance: exactly as many as fit, never overdrawn', async () => {
    // money to take: a large payment, settled
    await charge(ctx(), { bizType: BIZ, bizNo: `P${(++seq).toString().padStart(6, '0')}`, amount: 5_000_000, subject: '并发测试订单' });
    t.clock.advance(2 * DAY);
    await settleDue(ctx(), merchantId, 'test', t.clock.now());
    const fresh = await t.signIn('admin');
    const have = (await call<PartyDetail>(fresh, capitalOps.detail, { partyCode: merchantCode })).available;
    expect(have).toBeGreaterThan(10_000);
    const amount = Math.floor(have / 37) + 1; // 36 fit, the 37th does not
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => op(fresh, withdrawalOps.apply, { partyCode: merchantCode, amount, cardId })),
    );
    const won = answers.filter((a) => a.code === '200');
    expect(won).toHaveLength(Math.floor(have / amount));
    for (const a of answers.filter((x) => x.code !== '200'))
      expect(a).toMatchObject({ code: CODES.conflict, msg: expect.stringContaining('可提现余额不足') });
    const after = (await call<PartyDetail>(fresh, capitalOps.detail, { partyCode: merchantCode })).available;
    expect(after).toBe(have - won.length * amount);
    expect(after).toBeGreaterThanOrEqual(0);
    expect((await check.run(t.db.db, merchantId)).join('\n')).toBe('');
  }, 120_000);
});
