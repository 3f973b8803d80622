import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type { OrderLine, OrderPayment } from '@merchant/contracts/order/cabinet-order';
import { LINE_PRICE_SOURCES, ORDER_COUNT_UP_TO, type LinePriceSource } from '@merchant/contracts/order/order-fields';
import type { SelectQueryBuilder } from 'kysely';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import type { PaymentView } from '../payment/payment.service.ts';
import type { LineRow } from './cabinet-order.repo.ts';

// What every order's detail shows of its lines and its payments, whatever its channel; the lists' keyset page.

export const lineView = (l: LineRow): OrderLine => ({
  lineNo: Number(l.line_no),
  slotNo: l.slot_no,
  skuId: Number(l.sku_id),
  skuCode: l.sku_code,
  skuName: l.sku_name,
  quantity: Number(l.quantity),
  unitPrice: Number(l.unit_price),
  amount: Number(l.amount),
  priceLayerName: LINE_PRICE_SOURCES[l.price_layer as LinePriceSource] ?? '',
  // -1: no cabinet recognised it
  confidence: Number(l.confidence) >= 0 ? Number(l.confidence) : null,
  refundedQuantity: Number(l.refunded_quantity),
  refundedAmount: Number(l.refunded_amount),
});

export const paymentRow = (p: PaymentView): OrderPayment => ({
  payNo: p.payNo,
  statusName: p.statusName,
  providerLabel: p.providerLabel,
  amount: p.amount,
  refundedAmount: p.refundedAmount,
  failReason: p.failReason,
  paidAt: p.paidAt,
  createdAt: p.createdAt,
});

/**
 * One page of an order list (orders, abnormal orders, work orders) by creation time and id, keyset paged, the first page
 * counted up to ORDER_COUNT_UP_TO.
 */
export async function createdAtPage<R extends { created_at: unknown; id: unknown }, T>(
  ctx: SessionOpContext,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, R>,
  f: { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
  view: (row: R) => T,
): Promise<KeysetPage<T>> {
  const page = await fetchKeysetPage(ctx.db, query, {
    sort: { key: 'createdAt', column: 'created_at', value: (r) => Number(r.created_at) },
    id: { column: 'id', value: (r) => Number(r.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: ORDER_COUNT_UP_TO },
    scope: ctx.merchantId,
  });
  return { ...page, list: page.list.map(view) };
}
