import { APPROVAL_KINDS, APPROVAL_STATUS, type ApprovalRow } from '@merchant/contracts/goods/approval';
import type { ExportColumn } from '../../platform/export/export-column.ts';

/** The columns of an application list's export (goods and mall: the price column's header differs). */
export const approvalExportColumns = (priceHeader: string): ExportColumn<ApprovalRow>[] => [
  { header: '申请单号', key: 'approvalCode' },
  { header: '申请类型', key: 'kind', type: 'enum', labels: APPROVAL_KINDS },
  { header: '商品名称', key: 'title', width: 30 },
  { header: '条码', key: 'barcode' },
  { header: priceHeader, key: 'basePrice', value: (r: ApprovalRow) => (r.basePrice / 100).toFixed(2) },
  { header: '状态', key: 'status', type: 'enum', labels: APPROVAL_STATUS },
  { header: '申请人', key: 'applicantName' },
  { header: '提交时间', key: 'submittedAt', type: 'time' },
  { header: '审核人', key: 'reviewerName' },
  { header: '审核时间', key: 'reviewedAt', type: 'time' },
  { header: '原因', key: 'reason', width: 30 },
  { header: '创建时间', key: 'createdAt', type: 'time' },
];
