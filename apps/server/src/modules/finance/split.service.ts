import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type { Paged } from '@merchant/contracts/core/paging';
import { SPLIT_PENDING, SPLIT_STATUS, type SplitStatus } from '@merchant/contracts/finance/finance-fields';
import {
  PURCHASE_MALL_SUBLEDGER_ANCHOR,
  SUBLEDGER_ANCHOR,
  WAIT_SETTLED_ANCHOR,
  type deviceIncomeInput,
  type DeviceIncomeRow,
  type splitListInput,
  type SplitRow,
  type SplitSummary,
} from '@merchant/contracts/finance/split';
import { CONTAINER_SUBLEDGER_ANCHOR } from '@merchant/contracts/core/constants';
import { ORDER_CHANNELS, type OrderChannel } from '@merchant/contracts/order/order-fields';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { pageByTime } from './time-page.ts';
import { loadAccess } from '../../platform/auth/access.ts';

// 分账明细, 柜主分账, 待结算账单, 商城分账 and 收入明细 (docs/finance.md "分账"): reads of fin_split.

type Filters = Omit<z.output<typeof splitListInput>, 'cursor' | 'pageSize' | 'sortField' | 'sortOrder'>;

/**
 * What the session may read of the splits: a role that holds only one narrow page's anchor reads only that page's
 * splits — 商城分账明细 the 批发商城 channel, 柜主分账 those with an owner's share, 待结算账单 those not settled yet.
 */
export async function scoped<F extends Filters>(ctx: SessionOpContext, i: F): Promise<F> {
  const access = await loadAccess(ctx.db, ctx.session);
  if (access.isAdmin || access.anchors.has(SUBLEDGER_ANCHOR)) return i;
  const holds = (a: string) => access.anchors.has(a);
  if (holds(CONTAINER_SUBLEDGER_ANCHOR) && !holds(WAIT_SETTLED_ANCHOR) && !holds(PURCHASE_MALL_SUBLEDGER_ANCHOR))
    return { ...i, withOwner: true };
  if (holds(WAIT_SETTLED_ANCHOR) && !holds(CONTAINER_SUBLEDGER_ANCHOR) && !holds(PURCHASE_MALL_SUBLEDGER_ANCHOR))
    return { ...i, status: SPLIT_PENDING };
  if (holds(PURCHASE_MALL_SUBLEDGER_ANCHOR) && !holds(CONTAINER_SUBLEDGER_ANCHOR) && !holds(WAIT_SETTLED_ANCHOR))
    return { ...i, channel: 'mall' };
  return i;
}

function filtered(ctx: SessionOpContext, i: Filters) {
  return ctx.db
    .selectFrom('fin_split as s')
    .where('s.merchant_id', '=', ctx.merchantId)
    .$if(!!i.orderNo, (q) => q.where('s.order_no', '=', i.orderNo!.toUpperCase()))
    .$if(!!i.deviceCode, (q) => q.where('s.device_code', '=', i.deviceCode!.toUpperCase()))
    .$if(!!i.channel, (q) => q.where('s.channel', '=', i.channel!))
    .$if(i.status !== undefined, (q) => q.where('s.status', '=', i.status!))
    .$if(!!i.withOwner, (q) => q.where('s.owner_party_id', '>', 0))
    .$if(!!i.ownerPartyCode, (q) =>
      q.where('s.owner_party_id', 'in', (eb) =>
        eb
          .selectFrom('fin_party')
          .select('id')
          .where('merchant_id', '=', ctx.merchantId)
          .where('party_code', '=', i.ownerPartyCode!.toUpperCase()),
      ),
    )
    .$if(!!i.supplierPartyCode, (q) =>
      q.where('s.id', 'in', (eb) =>
        eb
          .selectFrom('fin_split_supply as x')
          .innerJoin('fin_party as sp', 'sp.id', 'x.party_id')
          .select('x.split_id')
          .where('sp.merchant_id', '=', ctx.merchantId)
          .where('sp.party_code', '=', i.supplierPartyCode!.toUpperCase()),
      ),
    )
    .$if(!!i.settleNo, (q) =>
      q.where('s.settlement_id', 'in', (eb) =>
        eb
          .selectFrom('fin_settlement')
          .select('id')
          .where('merchant_id', '=', ctx.merchantId)
          .where('settle_no', '=', i.settleNo!.toUpperCase()),
      ),
    )
    .$if(!!i.paidRange, (q) => q.where('s.paid_at', '>=', i.paidRange![0]).where('s.paid_at', '<=', i.paidRange![1]));
}

function rowsQuery(ctx: SessionOpContext, i: Filters) {
  return filtered(ctx, i)
    .leftJoin('fin_party as o', 'o.id', 's.owner_party_id')
    .leftJoin('fin_settlement as b', 'b.id', 's.settlement_id')
    .selectAll('s')
    .select(['o.name as owner_name', 'o.party_code as owner_party_code', 'b.settle_no']);
}
type Row = Awaited<ReturnType<ReturnType<typeof rowsQuery>['executeTakeFirstOrThrow']>>;

function splitRow(r: Row, supplierNames = ''): SplitRow {
  const status = Number(r.status) as SplitStatus;
  const captured = Number(r.captured);
  const refunded = Number(r.refunded);
  return {
    payNo: r.pay_no,
    orderNo: r.order_no,
    channel: r.channel,
    channelName: ORDER_CHANNELS[r.channel as OrderChannel] ?? '',
    deviceCode: r.device_code,
    pointName: r.point_name,
    ownerName: r.owner_name ?? '',
    ownerPartyCode: r.owner_party_code ?? '',
    captured,
    refunded,
    net: captured - refunded,
    merchantShare: Number(r.merchant_share),
    ownerShare: Number(r.owner_share),
    pointShare: Number(r.point_share),
    supplierShare: Number(r.supplier_share),
    supplierNames,
    platformFee: Number(r.platform_fee),
    ownerBp: Number(r.owner_bp),
    pointBp: Number(r.point_bp),
    feeBp: Number(r.fee_bp),
    status,
    statusName: SPLIT_STATUS[status] ?? String(status),
    paidAt: Number(r.paid_at),
    dueAt: Number(r.due_at),
    settledAt: Number(r.settled_at) > 0 ? Number(r.settled_at) : null,
    settleNo: r.settle_no ?? '',
  };
}

export async function list(ctx: SessionOpContext, input: z.output<typeof splitListInput>): Promise<KeysetPage<SplitRow>> {
  const i = await scoped(ctx, input);
  const page = await pageByTime(
    ctx,
    rowsQuery(ctx, i),
    { key: 'paidAt', column: 's.paid_at', value: (r) => Number(r.paid_at), idColumn: 's.id' },
    i,
  );
  return { ...page, list: await withSuppliers(ctx, page.list) };
}

/** Rows with the names of the suppliers who took a share, one query per batch. */
async function withSuppliers(ctx: SessionOpContext, rows: Row[]): Promise<SplitRow[]> {
  const ids = rows.map((r) => r.id);
  const names = new Map<number, string[]>();
  if (ids.length) {
    const found = await ctx.db
      .selectFrom('fin_split_supply as x')
      .innerJoin('fin_party as p', 'p.id', 'x.party_id')
      .select(['x.split_id', 'p.name'])
      .where('x.split_id', 'in', ids)
      .orderBy('x.id')
      .execute();
    for (const f of found) names.set(f.split_id, [...(names.get(f.split_id) ?? []), f.name]);
  }
  return rows.map((r) => splitRow(r, (names.get(r.id) ?? []).join('、')));
}

/** The export: the list's query kept to what the session may read (`scoped`), so its count is what it writes. */
export const exportQuery = async (ctx: SessionOpContext, i: z.output<typeof splitListInput>) =>
  rowsQuery(ctx, await scoped(ctx, i))
    .orderBy('s.paid_at', 'desc')
    .orderBy('s.id', 'desc');
/** The export's rows with their suppliers' names. */
export const exportRows = (ctx: SessionOpContext, rows: Row[]): Promise<SplitRow[]> => withSuppliers(ctx, rows);

export async function summary(ctx: SessionOpContext, input: Filters): Promise<SplitSummary> {
  const i = await scoped(ctx, input);
  const r = await filtered(ctx, i)
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(case when s.status = ${SPLIT_PENDING} and s.due_at <= ${ctx.clock.now()} then 1 else 0 end), 0)`.as('due'),
      sql<number>`coalesce(sum(s.captured - s.refunded), 0)`.as('net'),
      sql<number>`coalesce(sum(s.merchant_share), 0)`.as('merchant'),
      sql<number>`coalesce(sum(s.owner_share), 0)`.as('owner'),
      sql<number>`coalesce(sum(s.point_share), 0)`.as('point'),
      sql<number>`coalesce(sum(s.supplier_share), 0)`.as('supplier'),
      sql<number>`coalesce(sum(s.platform_fee), 0)`.as('fee'),
    ])
    .executeTakeFirstOrThrow();
  return {
    count: Number(r.n),
    dueCount: Number(r.due),
    net: Number(r.net),
    merchantShare: Number(r.merchant),
    ownerShare: Number(r.owner),
    pointShare: Number(r.point),
    supplierShare: Number(r.supplier),
    platformFee: Number(r.fee),
  };
}

const INCOME_SORT = { net: 'net', orderCount: 'order_count', deviceCode: 'device_code' } as const;

export function deviceIncomeQuery(ctx: SessionOpContext, i: Omit<z.output<typeof deviceIncomeInput>, 'pageNum' | 'pageSize'>) {
  const dir = i.sortOrder === 'ascend' ? 'asc' : 'desc';
  return ctx.db
    .selectFrom('fin_split as s')
    .select([
      's.device_code',
      sql<string>`max(s.point_name)`.as('point_name'),
      sql<number>`count(*)`.as('order_count'),
      sql<number>`sum(s.captured)`.as('captured'),
      sql<number>`sum(s.refunded)`.as('refunded'),
      sql<number>`sum(s.captured - s.refunded)`.as('net'),
      sql<number>`sum(s.merchant_share)`.as('merchant'),
      sql<number>`sum(s.owner_share)`.as('owner'),
      sql<number>`sum(s.point_share)`.as('point'),
      sql<number>`sum(s.supplier_share)`.as('supplier'),
      sql<number>`sum(s.platform_fee)`.as('fee'),
      sql<number>`max(s.paid_at)`.as('last_paid_at'),
    ])
    .where('s.merchant_id', '=', ctx.merchantId)
    .where('s.device_code', '<>', '')
    .$if(!!i.deviceCode, (q) => q.where('s.device_code', '=', i.deviceCode!.toUpperCase()))
    .$if(!!i.paidRange, (q) => q.where('s.paid_at', '>=', i.paidRange![0]).where('s.paid_at', '<=', i.paidRange![1]))
    .groupBy('s.device_code')
    .orderBy(sql.ref(INCOME_SORT[i.sortField ?? 'net']), dir)
    .orderBy('s.device_code');
}
type IncomeRow = Awaited<ReturnType<ReturnType<typeof deviceIncomeQuery>['executeTakeFirstOrThrow']>>;

export const deviceIncomeRow = (r: IncomeRow): DeviceIncomeRow => ({
  deviceCode: r.device_code,
  pointName: r.point_name ?? '',
  orderCount: Number(r.order_count),
  captured: Number(r.captured),
  refunded: Number(r.refunded),
  net: Number(r.net),
  merchantShare: Number(r.merchant),
  ownerShare: Number(r.owner),
  pointShare: Number(r.point),
  supplierShare: Number(r.supplier),
  platformFee: Number(r.fee),
  lastPaidAt: Number(r.last_paid_at),
});

export async function deviceIncome(ctx: SessionOpContext, i: z.output<typeof deviceIncomeInput>): Promise<Paged<DeviceIncomeRow>> {
  const page = await fetchPage(ctx.db, deviceIncomeQuery(ctx, i), i);
  return { ...page, list: page.list.map(deviceIncomeRow), pageNum: i.pageNum, pageSize: i.pageSize };
}
