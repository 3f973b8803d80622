import { CONFIDENCE_THRESHOLD, ORDER_ABNORMAL } from '@merchant/contracts/order/order-fields';
import { cabinetOrderOps, type CabinetOrderDetail, type OrderLine, type OrderPayment } from '@merchant/contracts/order/cabinet-order';
import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { DocumentDetail, DocumentLines, DocumentLoading, DocumentNotFound } from '../../../platform/document-detail.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import {
  abnormalOrderDetailPath,
  AFTER_SALE_ANCHOR,
  CABINET_WATER_ANCHOR,
  cabinetWaterPath,
  commodityDetailPath,
  EXCEPTION_ANCHOR,
  ORDER_LIST_ANCHOR,
  useAfterSaleAction,
  confidenceText,
  ExceptionTag,
  openRecordPath,
  ORDER_LIST_PATH,
  OrderStatusTag,
  orderPaymentColumns,
  PayStatusTag,
  yuan,
  orderLineColumns,
  orderLineRefundColumns,
} from '../components/order-parts.tsx';

const dash = (s: string) => s || '--';

function OrderView({ order }: { order: CabinetOrderDetail }) {
  const navigate = useNavigate();
  // also opened from 异常订单 and from a 售后工单: links and actions only to pages the role holds
  const mayCorrect = useHasAnchor(EXCEPTION_ANCHOR);
  const mayCorrectInAfterSale = useHasAnchor(AFTER_SALE_ANCHOR);
  const mayOpenRecord = useHasAnchor(ORDER_LIST_ANCHOR) || mayCorrect;
  const mayReadWater = useHasAnchor(CABINET_WATER_ANCHOR);
  const afterSale = useAfterSaleAction(order);
  return (
    <DocumentDetail
      title={`订单 ${order.orderNoSub}`}
      titleTestId="sales-order-title"
      status={<OrderStatusTag status={order.status} name={order.statusName} />}
      actions={[
        {
          key: 'correct',
          label: '商品核对',
          type: 'primary',
          show: order.status === ORDER_ABNORMAL && (mayCorrect || mayCorrectInAfterSale),
          onClick: () => navigate(mayCorrect ? commodityDetailPath(order.orderNoSub) : abnormalOrderDetailPath(order.orderNoSub)),
        },
        afterSale,
      ]}
      notices={
        order.excepType ? (
          <Alert
            type={order.status === ORDER_ABNORMAL ? 'error' : 'info'}
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="sales-order-exception"
            title={
              order.status === ORDER_ABNORMAL
                ? `异常订单：${order.excepTypeName || order.excepType}`
                : `曾为异常订单（${order.excepTypeName || order.excepType}），已处理`
            }
            description={order.excepReason || undefined}
          />
        ) : null
      }
      items={[
        { key: 'orderNoSub', label: '订单号', children: order.orderNoSub },
        {
          key: 'applyCode',
          label: '开门单号',
          children: !order.applyCode ? (
            '--'
          ) : mayOpenRecord ? (
            <Link to={openRecordPath(order.applyCode)}>{order.applyCode}</Link>
          ) : (
            order.applyCode
          ),
        },
        { key: 'device', label: '设备', children: `${order.deviceCode}${order.deviceName ? `（${order.deviceName}）` : ''}` },
        { key: 'point', label: '点位', children: dash(order.pointName) },
        { key: 'user', label: '用户', children: `${order.userId}${order.userPhone ? `（${order.userPhone}）` : ''}` },
        { key: 'status', label: '订单状态', children: <OrderStatusTag status={order.status} name={order.statusName} /> },
        { key: 'payStatus', label: '支付状态', children: <PayStatusTag status={order.payStatus} name={order.payStatusName} /> },
        !!order.excepType && {
          key: 'excepType',
          label: '异常类型',
          children: <ExceptionTag type={order.excepType} name={order.excepTypeName} />,
        },
        !!order.excepType && { key: 'excepReason', label: '异常原因', children: dash(order.excepReason) },
        {
          key: 'pricedAt',
          label: '定价时间',
          children: (
            <>
              {formatDateTime(order.pricedAt)}
              <Typography.Text type="secondary">（按开门时价格）</Typography.Text>
            </>
          ),
        },
        { key: 'createdAt', label: '下单时间', children: formatDateTime(order.createdAt) },
        { key: 'paidAt', label: '支付时间', children: formatDateTime(order.paidAt) },
        { key: 'completedAt', label: '完成时间', children: formatDateTime(order.completedAt) },
        { key: 'itemCount', label: '商品件数', children: `${order.itemCount} 件` },
        { key: 'goodsAmount', label: '商品金额', children: `${yuan(order.goodsAmount)} 元` },
        { key: 'payAmount', label: '应付金额', children: `${yuan(order.payAmount)} 元` },
        { key: 'paidAmount', label: '实付金额', children: `${yuan(order.paidAmount)} 元` },
        { key: 'refundedAmount', label: '退款金额', children: `${yuan(order.refundedAmount)} 元` },
      ]}
      history={{
        operation: cabinetOrderOps.history,
        input: { orderNoSub: order.orderNoSub },
        queryKey: ['order', 'cabinet-order', 'detail', order.orderNoSub],
      }}
    >
      <DocumentLines<OrderLine>
        title="商品明细"
        extra={mayReadWater ? <Link to={cabinetWaterPath(order.orderNoSub)}>智能柜库存流水</Link> : null}
        testId="sales-order-lines"
        rows={order.lines}
        rowKey="lineNo"
        columns={[
          ...orderLineColumns,
          {
            key: 'confidence',
            title: '识别置信度',
            dataIndex: 'confidence',
            width: 100,
            align: 'right',
            render: (v: number | null) =>
              v !== null && v < CONFIDENCE_THRESHOLD ? (
                <Typography.Text type="danger" strong data-testid="low-confidence">
                  {confidenceText(v)}
                </Typography.Text>
              ) : (
                confidenceText(v)
              ),
          },
          ...orderLineRefundColumns,
        ]}
      />
      <DocumentLines<OrderPayment>
        title="支付记录"
        testId="sales-order-payments"
        rows={order.payments}
        rowKey="payNo"
        columns={orderPaymentColumns}
      />
    </DocumentDetail>
  );
}

/** salesOrder-list-detail/:orderNoSub — a cabinet order: its header, goods, payments and 操作记录; an
 * abnormal one offers 商品核对. */
export default function SalesOrderDetailPage() {
  const { orderNoSub = '' } = useParams();
  const q = useQuery({
    queryKey: ['order', 'cabinet-order', 'detail', orderNoSub],
    queryFn: () => call(cabinetOrderOps.detail, { orderNoSub }),
    enabled: !!orderNoSub,
    retry: false,
  });
  if (q.isLoading) return <DocumentLoading />;
  if (!q.data) return <DocumentNotFound title="找不到该订单" back={{ to: ORDER_LIST_PATH, label: '返回销售订单' }} />;
  return <OrderView order={q.data} />;
}
