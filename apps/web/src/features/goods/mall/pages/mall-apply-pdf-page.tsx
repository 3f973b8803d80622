import { specText } from '@merchant/contracts/goods/sku';
import { mallApprovalOps } from '@merchant/contracts/mall/mall-approval';
import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Skeleton, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../../../platform/call.ts';
import { RecordHistory } from '../../../../platform/record-history.tsx';
import { formatDateTime } from '../../../../shared/format/date.ts';
import { centsToYuan } from '../../../../shared/format/money.ts';
import { ApprovalStatusTag } from '../../components/approval-parts.tsx';
import { downloadMallPdf, MALL_APPLY_LIST, mallApplyPath } from '../components/mall-parts.tsx';

const time = (v: number | null) => (v ? formatDateTime(v) : '--');

/**
 * mall-apply-detail-pdf?approvalCode= : the printable application (申请单) as the PDF lays it out — state and
 * people, the applied fields, the wholesale breaks, the review trail — with 下载PDF for the file itself (the
 * server's PDF engine; the page does not embed it: the CSP allows no frames and headless browsers have no viewer).
 */
export default function MallApplyPdfPage() {
  const [search] = useSearchParams();
  const approvalCode = search.get('approvalCode') ?? '';
  const key = ['mall', 'approval', approvalCode] as const;
  const q = useQuery({ queryKey: key, queryFn: () => call(mallApprovalOps.detail, { approvalCode }), enabled: Boolean(approvalCode) });
  const [busy, setBusy] = useState(false);
  const back = <Link to={MALL_APPLY_LIST}>返回新品申请列表</Link>;

  if (!approvalCode) return <Result status="warning" title="缺少申请单号" extra={back} />;
  if (q.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  const d = q.data;
  if (!d) return <Result status="warning" title="申请不存在或已删除" extra={back} />;
  const tiers = d.mallProduct?.priceTiers ?? d.mallSku?.priceTiers ?? [];
  const unit = d.mallProduct?.saleUnit ?? d.mallSku?.saleUnit ?? '';
  const p = d.mallProduct;
  const k = d.mallSku;
  const download = async () => {
    setBusy(true);
    try {
      await downloadMallPdf(d.approvalCode, d.kind);
    } catch {
      // the catalogue showed the reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <span data-testid="pdf-title">{`${d.kindName}单 ${d.approvalCode}`}</span>
          <ApprovalStatusTag status={d.status} />
        </Space>
      }
      extra={
        <Space>
          <Link to={mallApplyPath(d.approvalCode)}>返回申请详情</Link>
          <Button type="primary" icon={<FilePdfOutlined />} loading={busy} onClick={() => void download()}>
            下载PDF
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 900 }}>
        <Typography.Title level={5}>申请信息</Typography.Title>
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label="申请单号">{d.approvalCode}</Descriptions.Item>
          <Descriptions.Item label="申请类型">{d.kindName}</Descriptions.Item>
          <Descriptions.Item label="申请人">{d.applicantName}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{time(d.submittedAt)}</Descriptions.Item>
          <Descriptions.Item label="审核人">{d.reviewerName || '--'}</Descriptions.Item>
          <Descriptions.Item label="审核时间">{time(d.reviewedAt)}</Descriptions.Item>
          <Descriptions.Item label="原因/意见" span="filled">
            {d.reason || '--'}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5}>{p ? '商品信息' : 'SKU信息'}</Typography.Title>
        <Descriptions column={2} size="small" bordered>
          {p && (
            <>
              <Descriptions.Item label="商品名称">{p.name}</Descriptions.Item>
              <Descriptions.Item label="商品条码">{p.barcode}</Descriptions.Item>
              <Descriptions.Item label="品牌">{p.brand}</Descriptions.Item>
              <Descriptions.Item label="商品分类">{p.categoryPath}</Descriptions.Item>
              <Descriptions.Item label="规格">{p.spec}</Descriptions.Item>
              <Descriptions.Item label="保质期">{p.shelfLifeDays}天</Descriptions.Item>
              <Descriptions.Item label="储存方式">{p.storageStyleName}</Descriptions.Item>
              <Descriptions.Item label="建议零售价">¥{centsToYuan(p.guidePrice)}</Descriptions.Item>
              <Descriptions.Item label="销售单位" span="filled">
                {p.saleUnit}（每{p.saleUnit}
                {p.piecesPerUnit}
                {p.unit}）
              </Descriptions.Item>
            </>
          )}
          {k && (
            <>
              <Descriptions.Item label="所属商城商品">
                {k.mallTitle}
                {k.mallCode ? `（${k.mallCode}）` : ''}
              </Descriptions.Item>
              <Descriptions.Item label="商品分类">{k.categoryPath || '--'}</Descriptions.Item>
              <Descriptions.Item label="SKU规格">{specText(k.specValues) || '--'}</Descriptions.Item>
              <Descriptions.Item label="SKU条码">{k.barcode}</Descriptions.Item>
            </>
          )}
        </Descriptions>
        <Typography.Title level={5}>批发阶梯价</Typography.Title>
        <Table
          size="small"
          bordered
          pagination={false}
          rowKey="minQty"
          dataSource={tiers.map((t, i) => ({ ...t, n: i + 1 }))}
          columns={[
            { title: '档位', dataIndex: 'n', render: (n: number) => `第${n}档` },
            { title: '起批数量', dataIndex: 'minQty', render: (q: number) => `${q}${unit}起` },
            { title: '批发单价（元）', dataIndex: 'price', align: 'right', render: (c: number) => centsToYuan(c) },
          ]}
        />
        <Typography.Title level={5}>审核记录</Typography.Title>
        <RecordHistory operation={mallApprovalOps.history} input={{ approvalCode: d.approvalCode }} queryKey={key} />
      </Space>
    </Card>
  );
}
