import { couponOps, type ProvideRow } from '@merchant/contracts/marketing/coupon';
import { Link } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { ellipsisCell } from '../../../shared/ui/list/ellipsis-cell.tsx';
import { ACTIONS_KEY, type ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { COUPON_DETAIL_ANCHOR, COUPON_PAGES, couponListPath } from '../coupon-paths.ts';
import { useAddressFilters } from '../components/address-filters.ts';
import { batchColumn, COUPON_KEY, dash, upper } from '../components/coupon-parts.tsx';

const TITLE = COUPON_PAGES.provideRecord.title;
const SETTINGS_ID = 'coupon.provide-records';
const ADDRESS_FILTERS = ['batchCode', 'provideNo'] as const;
const load = listLoader(couponOps.provideRecords);

const countColumn = (key: string, title: string): ListColumn<ProvideRow> => ({
  key,
  title,
  width: 90,
  align: 'right',
  render: (v) => dash(v),
});

/**
 * The 发券记录 list's one column definition (DESIGN §8): table, search form (批次号, 发券单号, 时间) and the export's
 * filters. `couponLink`: the role may open 券明细.
 */
export function provideColumns(couponLink: boolean): ListColumn<ProvideRow>[] {
  const columns: ListColumn<ProvideRow>[] = [
    {
      key: 'provideNo',
      title: '发券单号',
      width: 150,
      keyColumn: true,
      search: { type: 'text', maxLength: 12, placeholder: '如 FQ2611010001', order: 1, toParam: upper },
    },
    batchColumn(220, 0),
    { key: 'methodName', title: '方式', width: 80, render: (v) => dash(v) },
    countColumn('requested', '发放数'),
    countColumn('issued', '成功'),
    countColumn('failed', '失败'),
    { key: 'remark', title: '备注', width: 200, ellipsis: { showTitle: false }, render: (v) => ellipsisCell(v) },
    { key: 'operatorName', title: '操作人', width: 110, render: (v) => dash(v) },
    timeColumn<ProvideRow>('createdAt', '时间', {
      sortable: true,
      search: { type: 'dateRange', name: 'createdRange', label: '时间', order: 2 },
    }),
  ];
  if (couponLink)
    columns.push({
      key: ACTIONS_KEY,
      title: '操作',
      width: 90,
      render: (_v, r) => <Link to={couponListPath({ provideNo: r.provideNo })}>券明细</Link>,
    });
  return columns;
}

/**
 * coupon-provide-record — 发券记录: every 发券单, newest first (keyset paging): its number, the batch (leading to its
 * 详情), 方式, how many were asked for, issued and failed, 备注, who and when; searched by 批次号, 发券单号 and time (the
 * address's ?batchCode= / ?provideNo= fill them in); each leads to its 券明细; 导出.
 */
export default function CouponProvideRecordPage() {
  const couponLink = useHasAnchor(COUPON_DETAIL_ANCHOR);
  const { initialValues, key } = useAddressFilters(ADDRESS_FILTERS, SETTINGS_ID);
  return (
    <QueryList<ProvideRow>
      key={key}
      queryKey={[...COUPON_KEY, 'provide-records']}
      settingsId={SETTINGS_ID}
      paging="keyset"
      request={(p) => load(p)}
      columns={provideColumns(couponLink)}
      rowKey="provideNo"
      title={TITLE}
      testId="coupon-provide-records"
      initialValues={initialValues}
      exportable={{ operation: couponOps.provideRecords, exportName: TITLE }}
      emptyText="暂无发券记录"
    />
  );
}
