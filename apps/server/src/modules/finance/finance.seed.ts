import { DEFAULT_BUSINESS_TIME_ZONE } from '@merchant/contracts/core/business-time';
import { withLuhnDigit, type BankCode } from '@merchant/contracts/finance/bank-card';
import { sql, type Kysely } from 'kysely';
import { SUPPLY_ENABLED } from '@merchant/contracts/goods/supplier';
import type { Database } from '../../db/database.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { seedContext } from '../order/channel-order.seed.ts';
import { settledChanges } from '../payment/payment.service.ts';
import { PAYMENT_PAID } from '@merchant/contracts/payment/payment-fields';
import { SETTLE_OPERATOR } from './finance.routes.ts';
import * as cards from './bank-card.service.ts';
import * as freezes from './freeze.service.ts';
import { merchantPartyId, partyId } from './ledger.ts';
import { settleDue } from './settlement.service.ts';
import { DEFAULT_FEE_BP, postPaymentChange, supplierParty } from './split.ts';
import * as withdrawals from './withdrawal.service.ts';

const HOUR = 3_600_000;

/** The demo's cabinet owners (柜主) and their share of their cabinets' sales. */
const OWNERS = [
  { name: '赵立新', phone: '13912340001', bp: 3000 },
  { name: '孙美玲', phone: '13912340002', bp: 2500 },
  { name: '周国强', phone: '13912340003', bp: 2000 },
];

/**
 * The demo's money (after the after-sales 67): the platform fee rate and three 柜主 with agreements on most cabinets;
 * then every payment and refund the demo made, posted as it happened (收款, 分账), the T+1 settlements of the past days,
 * bank cards, withdrawals in every state and a freeze — all through the ledger, so `npm run reconcile` holds.
 */
export const seed: Seed = {
  order: 70,
  sync: (db, now) => catchUp(db, now),
  isEmpty: async (db) => !(await db.selectFrom('fin_party').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedFinance(db, now),
};

/**
 * Every start: a merchant with paid payments and no journal entry at all (a database from before the money ledger)
 * gets its payments and refunds posted as they happened, and the settlements due since. Two existence checks when
 * there is nothing to do.
 */
async function catchUp(db: Kysely<Database>, now: number): Promise<void> {
  const merchants = await db
    .selectFrom('merchant as m')
    .select('m.id')
    .where((eb) =>
      eb.exists(eb.selectFrom('payment as p').select('p.id').whereRef('p.merchant_id', '=', 'm.id').where('p.status', '=', PAYMENT_PAID)),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom('fin_entry as e').select('e.id').whereRef('e.merchant_id', '=', 'm.id'))))
    .execute();
  for (const m of merchants) await replayPayments(db, m.id, now, now);
}

/**
 * Posts a merchant's payments and refunds at their times (idempotent: what was posted is skipped), the T+1 settlements
 * running as each day came, up to `settleUntil` (the demo leaves the last day's splits 待结算).
 */
async function replayPayments(db: Kysely<Database>, mid: number, now: number, settleUntil = now - 26 * HOUR): Promise<void> {
  const at = { now };
  const system: SessionOpContext = {
    ...seedContext(db, mid, 0, '系统（支付通知）', at),
    config: { businessTimeZone: DEFAULT_BUSINESS_TIME_ZONE } as SessionOpContext['config'],
  };
  const changes = await settledChanges(system, mid);
  let settledUpTo = 0;
  for (const change of changes) {
    const when = change.event === 'paid' ? (change.payment.paidAt ?? now) : (change.refund?.refundedAt ?? now);
    // the settlements due before this moment ran first
    if (when - settledUpTo > 24 * HOUR) {
      at.now = when;
      await settleDue(system, mid, SETTLE_OPERATOR, when);
      settledUpTo = when;
    }
    at.now = when;
    await db.transaction().execute((trx) => postPaymentChange(trx, change, system));
  }
  at.now = settleUntil;
  await settleDue(system, mid, SETTLE_OPERATOR, settleUntil);
}

export async function seedFinance(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const admin = await demoAccount(db, mid, 'admin');
  const finance = await demoAccount(db, mid, 'finance');
  const at = { now: now - 30 * 24 * HOUR };
  const ctxOf = (who: { id: number; user_name: string } | undefined, name: string): SessionOpContext => ({
    ...seedContext(db, mid, who?.id ?? 0, who?.user_name ?? name, at),
    config: { businessTimeZone: DEFAULT_BUSINESS_TIME_ZONE } as SessionOpContext['config'],
  });
  const ctx = ctxOf(admin, 'admin');

  // the agreements: the fee rate, and each owner on a share of the cabinets
  const devices = await db.selectFrom('device').select('device_code').where('merchant_id', '=', mid).orderBy('id').execute();
  const ownerIds = await db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const o of OWNERS)
      ids.push(
        await partyId(
          trx,
          { merchantId: mid, now: at.now },
          { type: 'cabinet_owner', refKey: `owner:${o.phone}`, name: o.name, phone: o.phone },
        ),
      );
    await merchantPartyId(trx, { merchantId: mid, now: at.now });
    await trx
      .insertInto('fin_split_rule')
      .values({
        merchant_id: mid,
        device_code: '',
        fee_bp: DEFAULT_FEE_BP,
        remark: '平台手续费0.60%',
        created_at: at.now,
        updated_at: at.now,
      })
      .execute();
    const owned = devices.filter((_, n) => n % 5 !== 4);
    if (owned.length)
      await trx
        .insertInto('fin_split_rule')
        .values(
          owned.map((d, n) => ({
            merchant_id: mid,
            device_code: d.device_code,
            owner_party_id: ids[n % ids.length],
            owner_bp: OWNERS[n % OWNERS.length].bp,
            remark: `${OWNERS[n % OWNERS.length].name}投放，分成${OWNERS[n % OWNERS.length].bp / 100}%`,
            created_at: at.now,
            updated_at: at.now,
          })),
        )
        .execute();
    return ids;
  });

  // 代销协议: the best-selling SKUs that a supplier supplies (the same barcode), at the supply price
  await seedSupplyAgreements(db, mid, admin?.id ?? 0, at.now);

  // every payment and refund, posted at its time; the T+1 settlements as each day came
  await replayPayments(db, mid, now);

  // cards, withdrawals and a freeze
  const merchantCode = (
    await db
      .selectFrom('fin_party')
      .select('party_code')
      .where('merchant_id', '=', mid)
      .where('ref_key', '=', 'merchant')
      .executeTakeFirstOrThrow()
  ).party_code;
  const ownerCodes = await db.selectFrom('fin_party').select(['id', 'party_code']).where('id', 'in', ownerIds).execute();
  const suppliers = await db
    .selectFrom('fin_party as f')
    .innerJoin('supplier as s', (j) => j.onRef('f.ref_key', '=', sql<string>`${'supplier:'} || cast(s.id as varchar(20))`))
    .select(['f.party_code', 's.name'])
    .where('f.merchant_id', '=', mid)
    .where('f.party_type', '=', 'supplier')
    .orderBy('f.id')
    .execute();
  const holders = [
    { code: merchantCode, holder: '鲜速达智能零售有限公司', bank: 'CMB' as BankCode, body: '621483021745903' },
    ...ownerCodes.map((o, n) => ({
      code: o.party_code,
      holder: OWNERS[ownerIds.indexOf(o.id)].name,
      bank: (['ICBC', 'CCB', 'ABC'] as BankCode[])[n % 3],
      body: `62220210${String(4_417_300 + n * 1_301).padStart(7, '0')}`,
    })),
    ...suppliers.map((x, n) => ({
      code: x.party_code,
      holder: x.name,
      bank: (['BOC', 'BOCOM'] as BankCode[])[n % 2],
      body: `62170008${String(2_630_150 + n * 977).padStart(7, '0')}`,
    })),
  ];
  at.now = now - 6 * 24 * HOUR;
  const cardIds = new Map<string, number>();
  for (const h of holders) {
    const card = await cards.add(ctx, {
      partyCode: h.code,
      bankCode: h.bank,
      holderName: h.holder,
      cardNo: withLuhnDigit(h.body),
      isDefault: true,
    });
    cardIds.set(h.code, card.id);
  }
  const financeCtx = ctxOf(finance, 'finance');
  const plan: { code: string; share: number; fate: 'paid' | 'approved' | 'rejected' | 'open'; daysAgo: number }[] = [
    { code: merchantCode, share: 0.3, fate: 'paid', daysAgo: 5 },
    { code: merchantCode, share: 0.1, fate: 'approved', daysAgo: 2 },
    { code: merchantCode, share: 0.05, fate: 'open', daysAgo: 1 },
    ...holders.slice(1, 1 + ownerCodes.length).flatMap((h, n) => [
      { code: h.code, share: 0.5, fate: 'paid' as const, daysAgo: 4 - n },
      { code: h.code, share: 0.2, fate: (n === 1 ? 'rejected' : 'open') as 'rejected' | 'open', daysAgo: 1 },
    ]),
    // the suppliers are paid what their consigned goods sold (货款结算)
    ...holders.slice(1 + ownerCodes.length).flatMap((h) => [
      { code: h.code, share: 0.6, fate: 'paid' as const, daysAgo: 3 },
      { code: h.code, share: 0.5, fate: 'approved' as const, daysAgo: 1 },
    ]),
  ];
  for (const p of plan) {
    at.now = now - p.daysAgo * 24 * HOUR;
    const bal = await db
      .selectFrom('fin_account as a')
      .innerJoin('fin_party as f', 'f.id', 'a.party_id')
      .select('a.balance')
      .where('f.merchant_id', '=', mid)
      .where('f.party_code', '=', p.code)
      .where('a.kind', '=', 'available')
      .executeTakeFirst();
    const amount = Math.floor((Number(bal?.balance ?? 0) * p.share) / 100) * 100;
    if (amount < 100) continue;
    const w = await withdrawals.apply(ctx, { partyCode: p.code, amount, cardId: cardIds.get(p.code)!, remark: '' });
    if (p.fate === 'open') continue;
    at.now += 3 * HOUR;
    if (p.fate === 'rejected') {
      await withdrawals.reject(financeCtx, { withdrawNo: w.withdrawNo, version: w.version, reason: '开户名与账户名称不一致' });
      continue;
    }
    const approved = await withdrawals.approve(financeCtx, { withdrawNo: w.withdrawNo, version: w.version, remark: '' });
    if (p.fate === 'paid') {
      at.now += 20 * HOUR;
      await withdrawals.pay(financeCtx, { withdrawNo: w.withdrawNo, version: approved.version, remark: '网银已转账' });
    }
  }
  const owner0 = holders[1];
  if (owner0) {
    at.now = now - 3 * 24 * HOUR;
    const bal = await db
      .selectFrom('fin_account as a')
      .innerJoin('fin_party as f', 'f.id', 'a.party_id')
      .select('a.balance')
      .where('f.party_code', '=', owner0.code)
      .where('f.merchant_id', '=', mid)
      .where('a.kind', '=', 'available')
      .executeTakeFirst();
    const amount = Math.min(20_000, Math.floor(Number(bal?.balance ?? 0) / 4));
    if (amount > 0) await freezes.freeze(financeCtx, { partyCode: owner0.code, amount, reason: '设备押金（柜体租赁合同第5条）' });
  }
}

/**
 * The demo's 代销协议: of the SKUs each supplier supplies (an enabled supply SKU with the same barcode), the five that
 * sold the most units, each at its supply price — so the demo's sales give the suppliers their shares.
 */
async function seedSupplyAgreements(db: Kysely<Database>, mid: number, by: number, at: number): Promise<void> {
  const rows = await db
    .selectFrom('supply_sku as ss')
    .innerJoin('supplier as sp', 'sp.id', 'ss.supplier_id')
    .innerJoin('goods_sku as g', (j) => j.onRef('g.merchant_id', '=', 'ss.merchant_id').onRef('g.barcode', '=', 'ss.barcode'))
    .select([
      'ss.id as supply_sku_id',
      'ss.purchase_price',
      'sp.id as supplier_id',
      'g.id as sku_id',
      (eb) =>
        eb
          .selectFrom('sale_order_line as l')
          .select(sql<number>`coalesce(sum(l.quantity), 0)`.as('q'))
          .whereRef('l.sku_id', '=', 'g.id')
          .as('sold'),
    ])
    .where('ss.merchant_id', '=', mid)
    .where('ss.deleted_at', 'is', null)
    .where('g.deleted_at', 'is', null)
    .where('ss.status', '=', SUPPLY_ENABLED)
    .where('sp.status', '=', SUPPLY_ENABLED)
    .execute();
  const seen = new Set<number>();
  const perSupplier = new Map<number, number>();
  const picked = rows
    .sort((a, b) => Number(b.sold ?? 0) - Number(a.sold ?? 0) || a.sku_id - b.sku_id)
    .filter((r) => {
      const n = perSupplier.get(r.supplier_id) ?? 0;
      if (seen.has(r.sku_id) || n >= 5) return false;
      seen.add(r.sku_id);
      perSupplier.set(r.supplier_id, n + 1);
      return true;
    });
  if (picked.length === 0) return;
  const suppliers = await db
    .selectFrom('supplier')
    .select(['id', 'name', 'phone'])
    .where('id', 'in', [...perSupplier.keys()])
    .orderBy('id')
    .execute();
  await db.transaction().execute(async (trx) => {
    for (const x of suppliers) await partyId(trx, { merchantId: mid, now: at }, supplierParty(x));
  });
  await db
    .insertInto('fin_supply_rule')
    .values(
      picked.map((r) => ({
        merchant_id: mid,
        sku_id: r.sku_id,
        supplier_id: r.supplier_id,
        supply_sku_id: r.supply_sku_id,
        unit_price: Number(r.purchase_price),
        remark: '代销，按采购价结算',
        created_by: by,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}
