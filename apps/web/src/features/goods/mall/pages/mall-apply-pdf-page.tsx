import { specText } from '@merchant/contracts/goods/sku';
import { mallApprovalOps } from '@merchant/contracts/mall/mall-approval';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Table, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { call } from '../../../../platform/call.ts';
import { RecordHistory } from '../../../../platform/record-history.tsx';
import { centsToYuan } from '../../../../shared/format/money.ts';
import { ApprovalPrintShell } from '../../components/approval-print-shell.tsx';
import { downloadMallPdf, MALL_APPLY_LIST, mallApplyPath } from '../components/mall-parts.tsx';

/**
 * mall-apply-detail-pdf?approvalCode= : the printable mall application (申请单) — the applied fields and the wholesale
 * breaks — on the shell the catalogue's applications share.
 */
export default function MallApplyPdfPage() {
  const [search] = useSearchParams();
  const approvalCode = search.get('approvalCode') ?? '';
  const key = ['mall', 'approval', approvalCode] as const;
  const q = useQuery({ queryKey: key, queryFn: () => call(mallApprovalOps.detail, { approvalCode }), enabled: Boolean(approvalCode) });
  return (
    <ApprovalPrintShell
      approvalCode={approvalCode}
      loading={q.isLoading}
      data={q.data}
      listPath={MALL_APPLY_LIST}
      detailPath={mallApplyPath}
      download={downloadMallPdf}
      fieldsTitle={(d) => (d.mallProduct ? '商品信息' : 'SKU信息')}
      fields={({ mallProduct: p, mallSku: k }) => (
        <>
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
        </>
      )}
      extra={(d) => {
        const unit = d.mallProduct?.saleUnit ?? d.mallSku?.saleUnit ?? '';
        const tiers = d.mallProduct?.priceTiers ?? d.mallSku?.priceTiers ?? [];
        return (
          <>
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
          </>
        );
      }}
      history={(d) => <RecordHistory operation={mallApprovalOps.history} input={{ approvalCode: d.approvalCode }} queryKey={key} />}
    />
  );
}
