import { afterSaleOps, REFUNDING_TYPES, type AfterSaleDetail } from '@merchant/contracts/order/after-sale';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Link, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { DocumentDetail, DocumentLines, DocumentLoading, DocumentNotFound } from '../../../platform/document-detail.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import { useAfterSaleActions } from '../components/after-sale-actions.tsx';
import {
  AFTER_SALE_LIST_PATH,
  AfterSaleStatusTag,
  AfterSaleTypeTag,
  dash,
  orderDetailPathOf,
  RefundStatusTag,
  yuan,
} from '../components/after-sale-parts.tsx';

type Line = AfterSaleDetail['lines'][number];

const REJECTED = 3;
const REFUND_FAILED = 3;

function WorkView({ work }: { work: AfterSaleDetail }) {
  const { buttonsOf, modals } = useAfterSaleActions();
  const refunding = (REFUNDING_TYPES as readonly string[]).includes(work.type);
  const orderPath = orderDetailPathOf(work.channelName, work.orderNoSub);
  return (
    <DocumentDetail
      title={`售后工单 ${work.workNumber}`}
      titleTestId="after-sale-title"
      status={
        <>
          <AfterSaleTypeTag type={work.type} name={work.typeName} />
          <AfterSaleStatusTag status={work.status} name={work.statusName} />
        </>
      }
      actions={buttonsOf(work)}
      notices={
        <>
          {work.status === REJECTED && work.rejectReason ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="after-sale-rejected"
              title={`已驳回：${work.rejectReason}`}
            />
          ) : null}
          {refunding && work.refundStatus === REFUND_FAILED ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="after-sale-refund-failed"
              title={`退款失败：${yuan(work.refundAmount)} 元未能经支付渠道退回，请核实后处理`}
            />
          ) : null}
        </>
      }
      items={[
        { key: 'workNumber', label: '工单号', children: work.workNumber },
        {
          key: 'orderNoSub',
          label: '订单号',
          children: orderPath ? <Link to={orderPath}>{work.orderNoSub}</Link> : work.orderNoSub,
        },
        { key: 'channelName', label: '渠道', children: dash(work.channelName) },
        { key: 'type', label: '售后类型', children: <AfterSaleTypeTag type={work.type} name={work.typeName} /> },
        { key: 'status', label: '工单状态', children: <AfterSaleStatusTag status={work.status} name={work.statusName} /> },
        { key: 'userId', label: '用户', children: dash(work.userId) },
        { key: 'reason', label: '申请原因', children: dash(work.reason) },
        { key: 'description', label: '问题描述', children: dash(work.description) },
        { key: 'itemCount', label: '商品件数', children: `${work.itemCount} 件` },
        refunding && { key: 'refundAmount', label: '退款金额', children: `${yuan(work.refundAmount)} 元` },
        refunding && {
          key: 'refundStatus',
          label: '退款状态',
          children: <RefundStatusTag status={work.refundStatus} name={work.refundStatusName} />,
        },
        refunding && { key: 'refundNo', label: '退款单号', children: dash(work.refundNo) },
        !!work.returnLocationName && { key: 'returnLocation', label: '退货入库', children: work.returnLocationName },
        !!work.result && { key: 'result', label: '处理结果', children: work.result },
        !!work.rejectReason && { key: 'rejectReason', label: '驳回原因', children: work.rejectReason },
        { key: 'creatorName', label: '创建人', children: dash(work.creatorName) },
        { key: 'handlerName', label: '处理人', children: dash(work.handlerName) },
        { key: 'createdAt', label: '创建时间', children: formatDateTime(work.createdAt) },
        { key: 'completedAt', label: '完成时间', children: formatDateTime(work.completedAt) },
      ]}
      history={{
        operation: afterSaleOps.history,
        input: { workNumber: work.workNumber },
        queryKey: ['after-sale', 'detail', work.workNumber],
      }}
      modals={modals}
    >
      <DocumentLines<Line>
        title="售后商品"
        testId="after-sale-lines"
        rows={work.lines}
        rowKey="lineNo"
        columns={[
          { key: 'lineNo', title: '订单行', dataIndex: 'lineNo', width: 80 },
          { key: 'skuCode', title: 'SKU编码', dataIndex: 'skuCode', width: 130 },
          { key: 'skuName', title: '商品名称', dataIndex: 'skuName' },
          { key: 'quantity', title: '数量', dataIndex: 'quantity', width: 80, align: 'right' },
          ...(refunding
            ? [
                {
                  key: 'refundAmount',
                  title: '退款金额（元）',
                  dataIndex: 'refundAmount',
                  width: 130,
                  align: 'right' as const,
                  render: yuan,
                },
              ]
            : []),
        ]}
      />
    </DocumentDetail>
  );
}

/** afterSalesOrderDetail/:workNumber — a work order: its header and the actions its state allows, its goods and 操作记录. */
export default function AfterSaleDetailPage() {
  const { workNumber = '' } = useParams();
  const q = useQuery({
    queryKey: ['after-sale', 'detail', workNumber],
    queryFn: () => call(afterSaleOps.detail, { workNumber }),
    enabled: !!workNumber,
    retry: false,
  });
  if (q.isLoading) return <DocumentLoading />;
  if (!q.data) return <DocumentNotFound title="找不到该售后工单" back={{ to: AFTER_SALE_LIST_PATH, label: '返回售后工单' }} />;
  return <WorkView work={q.data} />;
}
