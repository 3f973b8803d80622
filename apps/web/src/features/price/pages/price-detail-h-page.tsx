import { priceRecordOps, type PriceRecordRow } from '@merchant/contracts/price/price-record';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { currentTab, writeTabState } from '../../../platform/tab-state.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { adjustmentPath } from '../components/price-paths.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { PriceChange, scopeOptions, yuanColumn, yuanText } from '../components/price-parts.tsx';

const SETTINGS_ID = 'price.records';
const positiveInt = (v: unknown) => (/^\d+$/.test(String(v).trim()) && Number(v) > 0 ? Number(v) : v);

const columns: ListColumn<PriceRecordRow>[] = [
  timeColumn('effectiveAt', '生效时间', {
    sortable: true,
    search: { type: 'dateRange', name: 'effectiveRange', label: '生效时间', showTime: true, order: 4 },
  }),
  { key: 'skuCode', title: 'SKU编码', width: 120 },
  { key: 'skuName', title: 'SKU名称', width: 200, ellipsis: true },
  {
    key: 'skuId',
    title: 'SKU ID',
    hideInTable: true,
    search: { type: 'text', placeholder: 'SKU ID（数字）', toParam: positiveInt, order: 0 },
  },
  {
    key: 'scopeType',
    title: '调价范围',
    dataIndex: 'scopeTypeName',
    width: 110,
    search: { type: 'select', options: scopeOptions, order: 1 },
  },
  {
    key: 'scopeName',
    title: '调价对象',
    width: 200,
    ellipsis: true,
    search: { type: 'text', name: 'scopeKey', label: '对象编码', placeholder: '渠道编码、二级渠道ID、设备编号或门店ID', order: 2 },
  },
  yuanColumn('oldPrice', '原价（元）', { render: (v) => (v === null || v === undefined ? '未设置' : yuanText(v)) }),
  yuanColumn('newPrice', '新价（元）'),
  {
    key: 'change',
    title: '变动',
    width: 170,
    align: 'right',
    render: (_v, r) => <PriceChange oldPrice={r.oldPrice} newPrice={r.newPrice} />,
  },
  {
    key: 'orderNo',
    title: '调价单号',
    width: 170,
    render: (v) => <Link to={adjustmentPath(String(v))}>{String(v)}</Link>,
    search: { type: 'text', maxLength: 20, order: 3 },
  },
  { key: 'reason', title: '调价原因', width: 180, ellipsis: true },
  { key: 'barcode', title: '条码', width: 140 },
  { key: 'operatorName', title: '操作人', width: 100 },
];

/**
 * price-detail-h (价格记录): the price ledger, newest first, keyset-paged: each change old → new on a target, who,
 * when and which order. ?orderNo= / ?scopeType=&scopeKey= / ?skuId= open it filtered.
 */
export default function PriceDetailHPage() {
  const [search] = useSearchParams();
  // Filters in the address (a link from an order, a cabinet, a channel) win over the list this tab kept.
  const linked = search.toString();
  useMemo(() => {
    if (linked) writeTabState(currentTab(), `list:${SETTINGS_ID}`, null);
  }, [linked]);
  const initialValues = useMemo(() => {
    const v: Record<string, unknown> = {};
    for (const k of ['orderNo', 'scopeType', 'scopeKey', 'skuId']) if (search.get(k)) v[k] = search.get(k);
    return v;
  }, [search]);
  return (
    <QueryList<PriceRecordRow>
      key={linked}
      queryKey={['price', 'records']}
      settingsId={SETTINGS_ID}
      paging="keyset"
      request={listLoader(priceRecordOps.list)}
      columns={columns}
      rowKey="id"
      title="价格记录"
      testId="price-records"
      initialValues={initialValues}
      exportable={{ operation: priceRecordOps.list }}
      emptyText="没有价格变动记录"
    />
  );
}
