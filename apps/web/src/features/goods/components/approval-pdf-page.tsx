import { approvalOps } from '@merchant/contracts/goods/approval';
import { useQuery } from '@tanstack/react-query';
import { Descriptions } from 'antd';
import { call } from '../../../platform/call.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { centsToYuan } from '../../../shared/format/money.ts';
import { downloadApprovalPdf, type ApprovalPaths } from './approval-parts.tsx';
import { ApprovalPrintShell } from './approval-print-shell.tsx';

const yuan = (cents: number) => `${centsToYuan(cents)}元`;

/**
 * A goods application's printable page (申请单) as the server's PDF (modules/goods/approval-pdf.ts) lays it out, on the
 * shell the mall's applications share; `paths` keeps its links in the section it was opened from.
 */
export function ApprovalPdfPage({ approvalCode, paths }: { approvalCode: string; paths: ApprovalPaths }) {
  const key = ['goods', 'approval', approvalCode] as const;
  const q = useQuery({ queryKey: key, queryFn: () => call(approvalOps.detail, { approvalCode }), enabled: Boolean(approvalCode) });
  return (
    <ApprovalPrintShell
      approvalCode={approvalCode}
      loading={q.isLoading}
      data={q.data}
      listPath={paths.listPath}
      detailPath={paths.pathOf}
      download={downloadApprovalPdf}
      fieldsTitle={(d) => (d.product ? '商品信息' : 'SKU信息')}
      fields={({ product: p, sku: k }) => (
        <>
          {p && (
            <>
              <Descriptions.Item label="商品名称">{p.name}</Descriptions.Item>
              <Descriptions.Item label="商品条码">{p.barcode}</Descriptions.Item>
              <Descriptions.Item label="品牌">{p.brand}</Descriptions.Item>
              <Descriptions.Item label="商品分类">{p.categoryPath}</Descriptions.Item>
              <Descriptions.Item label="规格">{p.spec}</Descriptions.Item>
              <Descriptions.Item label="单位">{p.unit}</Descriptions.Item>
              <Descriptions.Item label="保质期">{p.shelfLifeDays}天</Descriptions.Item>
              <Descriptions.Item label="储存方式">{p.storageStyleName}</Descriptions.Item>
              <Descriptions.Item label="建议零售价">{yuan(p.guidePrice)}</Descriptions.Item>
              <Descriptions.Item label="销售价">{yuan(p.basePrice)}</Descriptions.Item>
            </>
          )}
          {k && (
            <>
              <Descriptions.Item label="所属商品">
                {k.goodsName}
                {k.goodsCode ? `（${k.goodsCode}）` : ''}
              </Descriptions.Item>
              <Descriptions.Item label="商品分类">{k.categoryPath || '--'}</Descriptions.Item>
              <Descriptions.Item label="SKU规格">{k.specValues.map((v) => `${v.name}：${v.value}`).join('、') || '--'}</Descriptions.Item>
              <Descriptions.Item label="SKU条码">{k.barcode}</Descriptions.Item>
              <Descriptions.Item label="销售价">{yuan(k.basePrice)}</Descriptions.Item>
              <Descriptions.Item label="储存方式">{k.storageStyleName}</Descriptions.Item>
            </>
          )}
        </>
      )}
      history={(d) => <RecordHistory operation={approvalOps.history} input={{ approvalCode: d.approvalCode }} queryKey={key} />}
    />
  );
}
