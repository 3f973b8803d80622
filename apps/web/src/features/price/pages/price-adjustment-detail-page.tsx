import { adjustmentOps, type AdjustmentDetail, type AdjustmentLine, type AdjustmentPush } from '@merchant/contracts/price/price-adjustment';
import { priceOptionOps } from '@merchant/contracts/price/price-options';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Result, Space, Table } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { DocumentDetail, DocumentLines, DocumentLoading, DocumentNotFound } from '../../../platform/document-detail.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import { useAdjustmentActions } from '../components/adjustment-actions.tsx';
import { AdjustmentForm } from '../components/adjustment-form.tsx';
import { parseMatchingCabinets, parsePrefill } from '../components/adjustment-model.ts';
import { adjustmentPath, cabinetPricePath, PRICE_ADJUSTMENT_LIST, PRICE_RECORDS } from '../components/price-paths.ts';
import { AdjustmentStatusTag, PriceChange, PushStatusTag, yuanText } from '../components/price-parts.tsx';

const time = (v: number | null) => (v ? formatDateTime(v) : '--');

/** An order still moving (待生效, or pushes not yet answered): the page asks again every few seconds. */
const moving = (d: AdjustmentDetail | undefined) => !!d && (d.status === 2 || d.pushes.some((p) => p.status === 0 || p.status === 1));

function PushTable({ order }: { order: AdjustmentDetail }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const repush = async (deviceCodes: string[]) => {
    await call(adjustmentOps.repush, { orderNo: order.orderNo, deviceCodes });
    message.success('已重新推送');
    await queryClient.invalidateQueries({ queryKey: ['price'] });
  };
  const failed = order.pushes.filter((p) => p.canRepush);
  return (
    <Card
      variant="borderless"
      title={`推送到智能柜（已确认 ${order.pushAcked}/${order.pushTotal}）`}
      extra={failed.length ? <Button onClick={() => void repush([]).catch(() => undefined)}>全部重新推送（{failed.length}）</Button> : null}
    >
      <Table<AdjustmentPush>
        rowKey="deviceCode"
        size="small"
        pagination={false}
        dataSource={order.pushes}
        data-testid="adjustment-pushes"
        columns={[
          {
            key: 'deviceCode',
            title: '智能柜',
            render: (_v, p) => (
              <Link to={cabinetPricePath(p.deviceCode)}>
                {p.deviceName}（{p.deviceCode}）
              </Link>
            ),
          },
          { key: 'commandNo', title: '指令编号', dataIndex: 'commandNo', width: 240 },
          { key: 'status', title: '推送状态', width: 100, render: (_v, p) => <PushStatusTag status={p.status} name={p.statusName} /> },
          { key: 'message', title: '说明', dataIndex: 'message', ellipsis: true },
          { key: 'attempts', title: '推送次数', dataIndex: 'attempts', width: 90, align: 'right' },
          { key: 'sentAt', title: '发送时间', width: 170, render: (_v, p) => time(p.sentAt) },
          { key: 'ackedAt', title: '确认时间', width: 170, render: (_v, p) => time(p.ackedAt) },
          {
            key: 'actions',
            title: '操作',
            width: 100,
            render: (_v, p) =>
              p.canRepush ? (
                <Button type="link" size="small" onClick={() => void repush([p.deviceCode]).catch(() => undefined)}>
                  重新推送
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}

function AdjustmentView({ order }: { order: AdjustmentDetail }) {
  const navigate = useNavigate();
  const actions = useAdjustmentActions();
  const can = (a: (typeof order.actions)[number]) => order.actions.includes(a);
  return (
    <DocumentDetail
      title={`调价单 ${order.orderNo}`}
      titleTestId="adjustment-title"
      status={<AdjustmentStatusTag status={order.status} name={order.statusName} />}
      actions={[
        { key: 'edit', label: '编辑', show: can('edit'), onClick: () => navigate(adjustmentPath(order.orderNo, 'edit')) },
        { key: 'submit', label: '提交', show: can('submit'), onClick: () => actions.submit(order), type: 'primary' },
        { key: 'cancel', label: '取消调价', show: can('cancel'), onClick: () => actions.cancel(order), danger: true },
        {
          key: 'delete',
          label: '删除',
          show: can('delete'),
          onClick: () => actions.remove(order, () => navigate(PRICE_ADJUSTMENT_LIST)),
          danger: true,
        },
        {
          key: 'records',
          label: '价格记录',
          show: order.status === 3,
          onClick: () => navigate(`${PRICE_RECORDS}?orderNo=${encodeURIComponent(order.orderNo)}`),
        },
      ]}
      items={[
        { key: 'orderNo', label: '调价单号', children: order.orderNo },
        { key: 'status', label: '状态', children: order.statusName },
        { key: 'scope', label: '调价范围', children: order.scopeTypeName },
        { key: 'targets', label: '调价对象', children: order.scopeSummary },
        { key: 'count', label: '商品数', children: `${order.skuCount} 个（${order.lineCount} 行）` },
        { key: 'mode', label: '生效方式', children: order.effectiveModeName },
        { key: 'effectiveAt', label: '生效时间', children: time(order.effectiveAt) },
        { key: 'reason', label: '调价原因', children: order.reason },
        { key: 'creator', label: '创建', children: `${order.creatorName} ${time(order.createdAt)}` },
        !!order.submittedAt && { key: 'submitter', label: '提交', children: `${order.submitterName} ${time(order.submittedAt)}` },
        !!order.appliedAt && { key: 'applied', label: '实际生效', children: time(order.appliedAt) },
        !!order.cancelledAt && { key: 'canceller', label: '取消', children: `${order.cancellerName} ${time(order.cancelledAt)}` },
        !!order.cancelledAt && { key: 'cancelReason', label: '取消原因', children: order.cancelReason },
      ]}
      history={{ operation: adjustmentOps.history, input: { orderNo: order.orderNo }, queryKey: ['price', 'adjustment', order.orderNo] }}
      modals={actions.cancelModal}
    >
      <DocumentLines<AdjustmentLine>
        title="调价明细"
        testId="adjustment-line-table"
        rows={order.lines}
        rowKey={(l) => `${l.skuId}|${l.scopeKey}`}
        columns={[
          { key: 'skuCode', title: 'SKU编码', dataIndex: 'skuCode', width: 120 },
          { key: 'skuName', title: 'SKU名称', dataIndex: 'skuName' },
          { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 150 },
          { key: 'scopeName', title: '调价对象', dataIndex: 'scopeName' },
          {
            key: 'oldPrice',
            title: order.status === 1 ? '当前价（元）' : '原价（元）',
            width: 120,
            align: 'right',
            render: (_v, l) => yuanText(l.oldPrice),
          },
          { key: 'newPrice', title: '新价格（元）', width: 120, align: 'right', render: (_v, l) => yuanText(l.newPrice) },
          {
            key: 'change',
            title: '变动',
            width: 180,
            align: 'right',
            render: (_v, l) => <PriceChange oldPrice={l.oldPrice} newPrice={l.newPrice} />,
          },
        ]}
      />
      {order.pushes.length ? <PushTable order={order} /> : null}
    </DocumentDetail>
  );
}

/**
 * A new cabinet order for every cabinet matching 商品柜价's filter (调整柜价 with nothing ticked): the server resolves
 * the cabinets (price.options.matchingCabinets), then the form opens with them as its targets.
 */
function MatchingCabinetsForm({
  matching,
  prefill,
}: {
  matching: { skuIds: number[]; deviceName?: string };
  prefill: ReturnType<typeof parsePrefill>;
}) {
  const q = useQuery({
    queryKey: ['price', 'matching-cabinets', matching],
    queryFn: () => call(priceOptionOps.matchingCabinets, matching),
    retry: false,
  });
  const back = <Link to={PRICE_ADJUSTMENT_LIST}>返回价格调整</Link>;
  if (q.isLoading) return <DocumentLoading />;
  if (q.isError || !q.data)
    return (
      <Result status="warning" title="无法确定要调价的智能柜" subTitle={q.error instanceof Error ? q.error.message : ''} extra={back} />
    );
  const codes = q.data.deviceCodes;
  if (codes.length === 0)
    return (
      <Result status="warning" title="没有符合条件的智能柜" subTitle="所选商品不在任何（名称符合筛选的）智能柜的货道上" extra={back} />
    );
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={`已按筛选条件选中 ${codes.length} 台智能柜（货道上有所选商品${matching.deviceName ? `、名称包含“${matching.deviceName}”` : ''}）`}
        data-testid="matching-cabinets"
      />
      <AdjustmentForm prefill={{ ...prefill, scopeType: 'cabinet', scopeKeys: codes }} />
    </Space>
  );
}

/**
 * price-adjustment-detail?orderNo=… : an order's details, lines old → new, its push to each cabinet (with 重新推送)
 * and history, and the actions its state allows; &handleType=edit edits a draft; without orderNo a new order
 * (?scopeType=&scopeKeys=&skuIds= prefill it; ?cabinets=matching&skuIds=&deviceName= targets the cabinets the server
 * finds for 商品柜价's filter).
 */
export default function PriceAdjustmentDetailPage() {
  const [search] = useSearchParams();
  const orderNo = search.get('orderNo') ?? '';
  const edit = search.get('handleType') === 'edit';
  const q = useQuery({
    queryKey: ['price', 'adjustment', orderNo],
    queryFn: () => call(adjustmentOps.detail, { orderNo }),
    enabled: !!orderNo,
    refetchInterval: (query) => (moving(query.state.data) && !edit ? 3000 : false),
  });
  if (!orderNo) {
    const matching = parseMatchingCabinets(search);
    return matching ? (
      <MatchingCabinetsForm matching={matching} prefill={parsePrefill(search)} />
    ) : (
      <AdjustmentForm prefill={parsePrefill(search)} />
    );
  }
  if (q.isLoading) return <DocumentLoading />;
  if (!q.data) return <DocumentNotFound title="找不到该调价单" back={{ to: PRICE_ADJUSTMENT_LIST, label: '返回价格调整' }} />;
  if (edit) {
    if (!q.data.actions.includes('edit'))
      return (
        <Result
          status="warning"
          title={`调价单${q.data.statusName}，不能编辑`}
          extra={<Link to={adjustmentPath(orderNo)}>查看调价单</Link>}
        />
      );
    return <AdjustmentForm key={`${orderNo}:${q.data.version}`} draft={q.data} />;
  }
  return <AdjustmentView order={q.data} />;
}
