import { maskPhone } from '@merchant/contracts/core/format';
import type { Paged } from '@merchant/contracts/core/paging';
import { maskCardNo } from '@merchant/contracts/finance/bank-card';
import {
  COLLECTION_CHECKS,
  type CollectionCheckKey,
  type agreementListInput,
  type AgreementRow,
  type agreementSaveInput,
  type CollectionSetting,
  type feeInput,
  type ownerCreateInput,
} from '@merchant/contracts/finance/collection';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { toHistoryEntry, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { pointDealOfDevice } from '../device/device.service.ts';
import { currentProviderLabel } from '../payment/payment.service.ts';
import { merchantPartyId, partyId } from './ledger.ts';
import { partyByCode } from './party.ts';
import { DEFAULT_FEE_BP } from './split.ts';

// 收款设置 (docs/finance.md "收款设置"): the platform fee rate (the merchant's fin_split_rule row with no device), the
// 分账协议 (a device's row: its 柜主 and their share), the 柜主 parties, and the 开通状态 checklist derived from them.

export const COLLECTION_SUBJECT = 'finance.collection';
const pct = (bp: number) => `${(bp / 100).toFixed(2)}%`;
type Db = Kysely<Database> | Transaction<Database>;

const feeRule = (db: Db, merchantId: number) =>
  db.selectFrom('fin_split_rule').selectAll().where('merchant_id', '=', merchantId).where('device_code', '=', '').executeTakeFirst();

export async function get(ctx: SessionOpContext): Promise<CollectionSetting> {
  const { merchantId } = ctx;
  const partyIdOf = await ctx.db.transaction().execute((trx) => merchantPartyId(trx, { merchantId, now: ctx.clock.now() }));
  const party = await ctx.db.selectFrom('fin_party').selectAll().where('id', '=', partyIdOf).executeTakeFirstOrThrow();
  const card = await ctx.db
    .selectFrom('fin_bank_card')
    .select(['bank_name', 'card_no'])
    .where('party_id', '=', party.id)
    .where('status', '=', 0)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  const rule = await feeRule(ctx.db, merchantId);
  const agreements = await ctx.db
    .selectFrom('fin_split_rule')
    .select(sql<number>`count(*)`.as('n'))
    .where('merchant_id', '=', merchantId)
    .where('device_code', '<>', '')
    .executeTakeFirstOrThrow();
  const provider = currentProviderLabel(ctx);
  const feeBp = rule ? Number(rule.fee_bp) : DEFAULT_FEE_BP;
  const defaultCard = card ? `${card.bank_name} ${maskCardNo(card.card_no)}` : '';
  const state: Record<CollectionCheckKey, { done: boolean; detail: string }> = {
    provider: { done: true, detail: provider.sandbox ? `${provider.label}（不产生真实资金往来）` : provider.label },
    party: { done: true, detail: `${party.name}（${party.party_code}）` },
    card: { done: !!card, detail: card ? defaultCard : '未绑定银行卡：提现需先绑定' },
    fee: { done: !!rule, detail: rule ? pct(feeBp) : `未设置，按默认${pct(DEFAULT_FEE_BP)}` },
    agreement: {
      done: Number(agreements.n) > 0,
      detail: Number(agreements.n) > 0 ? `${agreements.n}台设备已签协议` : '尚无分账协议：销售全部归商户',
    },
  };
  const checks = (Object.keys(COLLECTION_CHECKS) as CollectionCheckKey[]).map((key) => ({
    key,
    label: COLLECTION_CHECKS[key],
    ...state[key],
  }));
  return {
    providerLabel: provider.label,
    sandbox: provider.sandbox,
    merchantPartyCode: party.party_code,
    merchantName: party.name,
    defaultCard,
    feeBp,
    settleIntervalSeconds: Math.round(ctx.config.finance.settleIntervalMs / 1000),
    businessTimeZone: ctx.config.businessTimeZone,
    agreementCount: Number(agreements.n),
    opened: checks.every((c) => c.done),
    statusName: checks.every((c) => c.done) ? '已开通' : '待完善',
    checks,
    version: rule ? Number(rule.version) : 0,
  };
}

export async function setFee(ctx: SessionOpContext, i: z.output<typeof feeInput>): Promise<CollectionSetting> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const rule = await feeRule(trx, ctx.merchantId);
    const before = rule ? Number(rule.fee_bp) : DEFAULT_FEE_BP;
    if (!rule) {
      if (i.version !== 0) throw conflict('该记录已被他人修改，请刷新后重试');
      await trx
        .insertInto('fin_split_rule')
        .values({
          merchant_id: ctx.merchantId,
          device_code: '',
          fee_bp: i.feeBp,
          remark: i.reason,
          created_by: ctx.session.accountId,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } else
      assertFresh(
        await trx
          .updateTable('fin_split_rule')
          .set({ fee_bp: i.feeBp, remark: i.reason, version: sql`version + 1`, updated_at: now })
          .where('id', '=', rule.id)
          .where('version', '=', i.version)
          .executeTakeFirst(),
      );
    await writeHistory(trx, ctx, {
      subject: COLLECTION_SUBJECT,
      subjectId: 'fee',
      action: 'fee',
      actionLabel: '调整平台手续费率',
      changes: [{ field: 'feeBp', label: '平台手续费率', before: pct(before), after: pct(i.feeBp) }],
      remark: i.reason,
    });
  });
  return get(ctx);
}

/** Every change of the merchant's collection settings: the fee rate, the agreements, the owners opened. */
export async function history(ctx: SessionOpContext, page: { pageNum: number; pageSize: number }) {
  const q = ctx.db
    .selectFrom('record_history')
    .selectAll()
    .where('merchant_id', '=', ctx.merchantId)
    .where('subject', '=', COLLECTION_SUBJECT)
    .orderBy('id', 'desc');
  const { list, total } = await fetchPage(ctx.db, q, page);
  return { list: list.map(toHistoryEntry), total, pageNum: page.pageNum, pageSize: page.pageSize };
}

// ---------------------------------------------------------------- 分账协议

function agreementsQuery(db: Db, merchantId: number) {
  return db
    .selectFrom('fin_split_rule as r')
    .innerJoin('fin_party as o', 'o.id', 'r.owner_party_id')
    .leftJoin('device as d', (j) => j.onRef('d.device_code', '=', 'r.device_code').onRef('d.merchant_id', '=', 'r.merchant_id'))
    .leftJoin('point_device_binding as b', 'b.active_device_id', 'd.id')
    .leftJoin('point as p', 'p.id', 'b.point_id')
    .select([
      'r.id',
      'r.device_code',
      'r.owner_bp',
      'r.remark',
      'r.updated_at',
      'r.version',
      'o.party_code',
      'o.name as owner_name',
      'o.phone as owner_phone',
      'd.name as device_name',
      'p.name as point_name',
      'p.commission_bp',
    ])
    .where('r.merchant_id', '=', merchantId)
    .where('r.device_code', '<>', '');
}
type AgreementQueryRow = Awaited<ReturnType<ReturnType<typeof agreementsQuery>['executeTakeFirstOrThrow']>>;

const agreementRow =
  (feeBp: number) =>
  (r: AgreementQueryRow): AgreementRow => ({
    id: r.id,
    deviceCode: r.device_code,
    deviceName: r.device_name ?? '',
    pointName: r.point_name ?? '',
    ownerPartyCode: r.party_code,
    ownerName: r.owner_name,
    ownerPhone: r.owner_phone ? maskPhone(r.owner_phone) : '',
    ownerBp: Number(r.owner_bp),
    pointBp: Number(r.commission_bp ?? 0),
    feeBp,
    remark: r.remark,
    updatedAt: Number(r.updated_at),
    version: Number(r.version),
  });

const AGREEMENT_SORT = { deviceCode: 'r.device_code', ownerBp: 'r.owner_bp', updatedAt: 'r.updated_at' } as const;

export function agreementListQuery(ctx: SessionOpContext, i: Omit<z.output<typeof agreementListInput>, 'pageNum' | 'pageSize'>) {
  const dir = i.sortOrder === 'ascend' ? 'asc' : 'desc';
  return agreementsQuery(ctx.db, ctx.merchantId)
    .$if(!!i.deviceCode, (q) => q.where(contains('r.device_code', i.deviceCode!.toUpperCase())))
    .$if(!!i.ownerPartyCode, (q) => q.where('o.party_code', '=', i.ownerPartyCode!.toUpperCase()))
    .orderBy(AGREEMENT_SORT[i.sortField ?? 'updatedAt'], dir)
    .orderBy('r.id', dir);
}

export async function agreementExportRows(ctx: SessionOpContext, rows: AgreementQueryRow[]): Promise<AgreementRow[]> {
  const rule = await feeRule(ctx.db, ctx.merchantId);
  return rows.map(agreementRow(rule ? Number(rule.fee_bp) : DEFAULT_FEE_BP));
}

export async function agreements(ctx: SessionOpContext, i: z.output<typeof agreementListInput>): Promise<Paged<AgreementRow>> {
  const page = await fetchPage(ctx.db, agreementListQuery(ctx, i), i);
  return { ...page, list: await agreementExportRows(ctx, page.list), pageNum: i.pageNum, pageSize: i.pageSize };
}

async function agreementById(ctx: SessionOpContext, id: number): Promise<AgreementRow> {
  const r = await agreementsQuery(ctx.db, ctx.merchantId).where('r.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('分账协议');
  return (await agreementExportRows(ctx, [r]))[0];
}

export async function saveAgreement(ctx: SessionOpContext, i: z.output<typeof agreementSaveInput>): Promise<AgreementRow> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const device = await trx
      .selectFrom('device')
      .select(['id', 'device_code'])
      .where('merchant_id', '=', ctx.merchantId)
      .where('device_code', '=', i.deviceCode)
      .executeTakeFirst();
    if (!device) throw notFound('设备');
    const owner = await partyByCode(trx, ctx.merchantId, i.ownerPartyCode);
    if (owner.party_type !== 'cabinet_owner') throw conflict('请选择柜主的资金账户');
    const rule = await feeRule(trx, ctx.merchantId);
    const feeBp = rule ? Number(rule.fee_bp) : DEFAULT_FEE_BP;
    const pointBp = (await pointDealOfDevice(trx, ctx.merchantId, i.deviceCode))?.commissionBp ?? 0;
    if (i.ownerBp + pointBp + feeBp > 10_000)
      throw conflict(`柜主分成${pct(i.ownerBp)}、点位佣金${pct(pointBp)}与平台手续费${pct(feeBp)}合计超过100%`);
    const same = await trx
      .selectFrom('fin_split_rule')
      .select(['id', 'version', 'owner_party_id', 'owner_bp'])
      .where('merchant_id', '=', ctx.merchantId)
      .where('device_code', '=', i.deviceCode)
      .executeTakeFirst();
    if (i.id === undefined) {
      if (same) throw conflict(`设备${i.deviceCode}已有分账协议，请编辑原协议`);
      const { id } = await trx
        .insertInto('fin_split_rule')
        .values({
          merchant_id: ctx.merchantId,
          device_code: i.deviceCode,
          owner_party_id: owner.id,
          owner_bp: i.ownerBp,
          remark: i.remark,
          created_by: ctx.session.accountId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeHistory(trx, ctx, {
        subject: COLLECTION_SUBJECT,
        subjectId: i.deviceCode,
        action: 'agreement-create',
        actionLabel: '新增分账协议',
        remark: `设备${i.deviceCode}：柜主${owner.name}分成${pct(i.ownerBp)}`,
      });
      return id;
    }
    if (!same || same.id !== i.id) throw notFound('分账协议');
    assertFresh(
      await trx
        .updateTable('fin_split_rule')
        .set({ owner_party_id: owner.id, owner_bp: i.ownerBp, remark: i.remark, version: sql`version + 1`, updated_at: now })
        .where('id', '=', i.id)
        .where('merchant_id', '=', ctx.merchantId)
        .where('version', '=', i.version ?? -1)
        .executeTakeFirst(),
    );
    await writeHistory(trx, ctx, {
      subject: COLLECTION_SUBJECT,
      subjectId: i.deviceCode,
      action: 'agreement-update',
      actionLabel: '修改分账协议',
      changes: [{ field: 'ownerBp', label: '柜主分成比例', before: pct(Number(same.owner_bp)), after: pct(i.ownerBp) }],
      remark: `柜主${owner.name}`,
    });
    return i.id;
  });
  return agreementById(ctx, id);
}

export async function removeAgreement(ctx: SessionOpContext, i: { id: number; version: number }): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const r = await trx
      .selectFrom('fin_split_rule')
      .select(['id', 'device_code', 'version'])
      .where('merchant_id', '=', ctx.merchantId)
      .where('id', '=', i.id)
      .where('device_code', '<>', '')
      .executeTakeFirst();
    if (!r) throw notFound('分账协议');
    const res = await trx.deleteFrom('fin_split_rule').where('id', '=', r.id).where('version', '=', i.version).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw conflict('该记录已被他人修改，请刷新后重试');
    await writeHistory(trx, ctx, {
      subject: COLLECTION_SUBJECT,
      subjectId: r.device_code,
      action: 'agreement-remove',
      actionLabel: '解除分账协议',
      remark: `设备${r.device_code}之后的销售全部归商户`,
    });
  });
  return null;
}

// ---------------------------------------------------------------- 柜主

export async function owners(ctx: SessionOpContext, keyword?: string) {
  const rows = await ctx.db
    .selectFrom('fin_party')
    .select(['party_code', 'name', 'phone'])
    .where('merchant_id', '=', ctx.merchantId)
    .where('party_type', '=', 'cabinet_owner')
    .$if(!!keyword, (q) =>
      q.where((eb) => eb.or([contains('name', keyword!), contains('phone', keyword!), contains('party_code', keyword!.toUpperCase())])),
    )
    .orderBy('id')
    .limit(50)
    .execute();
  return rows.map((r) => ({ partyCode: r.party_code, name: r.name, phone: maskPhone(r.phone) }));
}

export async function createOwner(ctx: SessionOpContext, i: z.output<typeof ownerCreateInput>) {
  const code = await ctx.db.transaction().execute(async (trx) => {
    const had = await trx
      .selectFrom('fin_party')
      .select('party_code')
      .where('merchant_id', '=', ctx.merchantId)
      .where('ref_key', '=', `owner:${i.phone}`)
      .executeTakeFirst();
    if (had) throw conflict(`手机号${maskPhone(i.phone)}的柜主已存在（${had.party_code}）`);
    const id = await partyId(
      trx,
      { merchantId: ctx.merchantId, now: ctx.clock.now() },
      { type: 'cabinet_owner', refKey: `owner:${i.phone}`, name: i.name, phone: i.phone },
    );
    const p = await trx.selectFrom('fin_party').select('party_code').where('id', '=', id).executeTakeFirstOrThrow();
    await writeHistory(trx, ctx, {
      subject: COLLECTION_SUBJECT,
      subjectId: p.party_code,
      action: 'owner-create',
      actionLabel: '新增柜主',
      remark: `${i.name}（${maskPhone(i.phone)}）`,
    });
    return p.party_code;
  });
  return { partyCode: code, name: i.name, phone: maskPhone(i.phone) };
}
