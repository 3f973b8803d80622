import {
  EXCEPTION_TYPES,
  ORDER_ABNORMAL,
  ORDER_COMPLETED,
  ORDER_SHIPPED,
  ORDER_STATUS,
  ORDER_STATUS_COLORS,
  PAY_STATUS,
  PAY_STATUS_COLORS,
  type ExceptionType,
  type OrderStatus,
  type PayStatus,
} from '@merchant/contracts/order/order-fields';
import { EXCEPTION_HANDLING, EXCEPTION_HANDLING_COLORS, type ExceptionHandling } from '@merchant/contracts/order/exception-order';
import { DOOR_SESSION_STATUS, DOOR_SESSION_STATUS_COLORS, type DoorSessionStatus } from '@merchant/contracts/order/door-session';
import {
  PAYMENT_STATUS,
  PAYMENT_STATUS_COLORS,
  SANDBOX_PAYMENT_LABEL,
  type PaymentStatus,
} from '@merchant/contracts/payment/payment-fields';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { OrderLine, OrderPayment } from '@merchant/contracts/order/cabinet-order';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListColumn, ListOption } from '../../../shared/ui/list/list-columns.ts';
import { useNavigate } from 'react-router';
import type { DocumentAction } from '../../../platform/document-detail.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { AFTER_SALE_ANCHOR, afterSaleCreatePath } from '../order-paths.ts';

// 订单 (docs/orders.md): the shared bits of the 智能柜订单 (section 110: 销售订单, 订单详情, 开门记录, 异常订单, 商品核对)
// and the 渠道订单 (section 104: 线上零售订单, 批发订单, 本地生活订单) — state tags, options, columns; the paths (order-paths.ts).

export * from '../order-paths.ts';

export const optionsOf = (labels: Record<string | number, string>, numeric: boolean): ListOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value: numeric ? Number(value) : value, label }));
export const orderStatusOptions = optionsOf(ORDER_STATUS, true);
export const payStatusOptions = optionsOf(PAY_STATUS, true);
export const exceptionTypeOptions = optionsOf(EXCEPTION_TYPES, false);
export const exceptionHandlingOptions = optionsOf(EXCEPTION_HANDLING, true);
/** A channel order is never 异常 (that is the cabinets'): the states it can be in. */
export const channelOrderStatusOptions = orderStatusOptions.filter((o) => o.value !== ORDER_ABNORMAL);

/** 待付款 / 待发货 / 已发货 / 已完成 / 已取消 / 异常 … as a tag. */
export function OrderStatusTag({ status, name }: { status: number; name?: string }) {
  const s = status as OrderStatus;
  return <Tag color={ORDER_STATUS_COLORS[s] ?? 'default'}>{name || ORDER_STATUS[s] || String(status)}</Tag>;
}

/** 未支付 / 已支付 / 支付失败 / 已退款 … as a tag. */
export function PayStatusTag({ status, name }: { status: number; name?: string }) {
  const s = status as PayStatus;
  return <Tag color={PAY_STATUS_COLORS[s] ?? 'default'}>{name || PAY_STATUS[s] || String(status)}</Tag>;
}

/** Why an order is abnormal, a red tag; '--' for a normal order. */
export function ExceptionTag({ type, name }: { type: string; name?: string }) {
  if (!type) return <>--</>;
  return <Tag color="error">{name || EXCEPTION_TYPES[type as ExceptionType] || type}</Tag>;
}

/** 待处理 (still 异常) / 已处理 (corrected or closed) of an abnormal order. */
export function ExceptionHandlingTag({ handling, name }: { handling: number; name?: string }) {
  const h = handling as ExceptionHandling;
  return <Tag color={EXCEPTION_HANDLING_COLORS[h] ?? 'default'}>{name || EXCEPTION_HANDLING[h] || String(handling)}</Tag>;
}

/** 待开门 / 已开门 / 已完成 / 开门失败 / 异常 of a door session. */
export function DoorSessionStatusTag({ status, name }: { status: number; name?: string }) {
  const s = status as DoorSessionStatus;
  return <Tag color={DOOR_SESSION_STATUS_COLORS[s] ?? 'default'}>{name || DOOR_SESSION_STATUS[s] || String(status)}</Tag>;
}

/** A payment's state, told by its name (the order's payments carry the name only). */
export function PaymentStatusTag({ name }: { name: string }) {
  const entry = Object.entries(PAYMENT_STATUS).find(([, label]) => label === name);
  const color = entry ? PAYMENT_STATUS_COLORS[Number(entry[0]) as PaymentStatus] : 'default';
  return <Tag color={color}>{name || '--'}</Tag>;
}

/** The payment channel; the sandbox (沙箱支付: no real money moved) stands out in orange. */
export function PaymentProviderTag({ label }: { label: string }) {
  if (!label) return <>--</>;
  return label === SANDBOX_PAYMENT_LABEL ? <Tag color="orange">{label}</Tag> : <>{label}</>;
}

/** Money in 元 (two decimals, thousands grouped); '--' when absent. */
export const yuan = (cents: unknown) => centsToYuan(typeof cents === 'number' ? cents : null);

/** A recognition confidence (‰) as a percentage: 953 → 95.3%; null → '--'. */
export function confidenceText(permille: number | null): string {
  if (permille === null) return '--';
  return `${(permille / 10).toFixed(1).replace(/\.0$/, '')}%`;
}

/** A value with a second, grey line under it (设备: 编号 / 名称; 用户: 标识 / 手机号; 物流: 物流公司 / 单号). */
export function TwoLines({ top, bottom }: { top: string; bottom: string }) {
  return (
    <div style={{ lineHeight: 1.4 }}>
      <div>{top || '--'}</div>
      {bottom ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {bottom}
        </Typography.Text>
      ) : null}
    </div>
  );
}

const moneyCol = { width: 120, align: 'right' as const };
/** The columns every view of an order's lines starts with: 货道, SKU编码, 商品名称, 数量, 单价, 小计, 价格来源. */
export const orderLineColumns: ColumnsType<OrderLine> = [
  { key: 'slotNo', title: '货道', dataIndex: 'slotNo', width: 80, render: (v: string) => v || '--' },
  { key: 'skuCode', title: 'SKU编码', dataIndex: 'skuCode', width: 130 },
  { key: 'skuName', title: '商品名称', dataIndex: 'skuName' },
  { key: 'quantity', title: '数量', dataIndex: 'quantity', width: 70, align: 'right' },
  { key: 'unitPrice', title: '单价（元）', dataIndex: 'unitPrice', ...moneyCol, render: yuan },
  { key: 'amount', title: '小计（元）', dataIndex: 'amount', ...moneyCol, render: yuan },
  { key: 'priceLayerName', title: '价格来源', dataIndex: 'priceLayerName', width: 110, render: (v: string) => v || '--' },
];
/** The columns a view of an order's lines ends with: 已退数量, 已退金额. */
export const orderLineRefundColumns: ColumnsType<OrderLine> = [
  { key: 'refundedQuantity', title: '已退数量', dataIndex: 'refundedQuantity', width: 90, align: 'right' },
  { key: 'refundedAmount', title: '已退金额（元）', dataIndex: 'refundedAmount', ...moneyCol, render: yuan },
];

/** An order's 支付记录 (智能柜订单 and 渠道订单 alike): 支付单号, 支付渠道, 状态, money in 元, 失败原因 and the times. */
export const orderPaymentColumns: ColumnsType<OrderPayment> = [
  { key: 'payNo', title: '支付单号', dataIndex: 'payNo', width: 190 },
  {
    key: 'providerLabel',
    title: '支付渠道',
    dataIndex: 'providerLabel',
    width: 110,
    render: (v: string) => <PaymentProviderTag label={v} />,
  },
  { key: 'statusName', title: '状态', dataIndex: 'statusName', width: 100, render: (v: string) => <PaymentStatusTag name={v} /> },
  { key: 'amount', title: '金额（元）', dataIndex: 'amount', ...moneyCol, render: yuan },
  { key: 'refundedAmount', title: '已退金额（元）', dataIndex: 'refundedAmount', ...moneyCol, render: yuan },
  { key: 'failReason', title: '失败原因', dataIndex: 'failReason', render: (v: string) => v || '--' },
  { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', width: 170, render: formatDateTime },
  { key: 'paidAt', title: '支付时间', dataIndex: 'paidAt', width: 170, render: formatDateTime },
];

/**
 * 申请售后 on an order's detail, for those who hold 售后工单: opens the work order list with 新建售后工单 for the order.
 * Offered once the order was paid or its goods went out (a 投诉 may be about any such order; the server checks each type).
 */
export function useAfterSaleAction(order: { orderNoSub: string; status: number; paidAmount: number }): DocumentAction {
  const navigate = useNavigate();
  const may = useHasAnchor(AFTER_SALE_ANCHOR);
  return {
    key: 'afterSale',
    label: '申请售后',
    show: may && (order.paidAmount > 0 || order.status === ORDER_SHIPPED || order.status === ORDER_COMPLETED),
    onClick: () => navigate(afterSaleCreatePath(order.orderNoSub)),
  };
}

/** An order list's money column in 元, right-aligned. */
export const moneyColumn = <T,>(key: keyof T & string, title: string): ListColumn<T> => ({
  key,
  title,
  width: 125,
  align: 'right',
  render: (v) => yuan(v),
});

/** An order list's 订单状态 and 支付状态 columns as tags, searchable by the given options at the given places. */
export function orderStatusColumns<T extends { statusName: string; payStatusName: string }>(
  statusOptions: ListOption[],
  order: number,
): ListColumn<T>[] {
  return [
    {
      key: 'status',
      title: '订单状态',
      width: 100,
      render: (v, r) => <OrderStatusTag status={Number(v)} name={r.statusName} />,
      search: { type: 'select', options: statusOptions, order },
    },
    {
      key: 'payStatus',
      title: '支付状态',
      width: 100,
      render: (v, r) => <PayStatusTag status={Number(v)} name={r.payStatusName} />,
      search: { type: 'select', options: payStatusOptions, order: order + 1 },
    },
  ];
}
