import { SUBLEDGER_ANCHOR, splitOps, type DeviceIncomeRow } from '@merchant/contracts/finance/split';
import { useMemo, useState } from 'react';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { businessToday, dateToPicker } from '../../../shared/format/date.ts';
import { formatWan } from '../../../shared/format/money.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { countColumn, dash, moneyColumn, subledgerLinkColumn } from '../components/settlement-parts.tsx';
import { SETTLEMENT_PAGES } from '../settlement-paths.ts';

/** The columns of 收入明细 (table, search and the export's filters). */
export function deviceIncomeColumns(splitLink: boolean): ListColumn<DeviceIncomeRow>[] {
  return [
    subledgerLinkColumn('deviceCode', '设备编号', splitLink, { width: 150, search: { type: 'text', maxLength: 20, order: 1 } }),
    { key: 'pointName', title: '点位', width: 160, ellipsis: true, render: dash },
    countColumn('orderCount', '订单数', { sortable: true, width: 100, render: (v) => formatWan(v as number) }),
    moneyColumn('captured', '实收'),
    moneyColumn('refunded', '退款'),
    moneyColumn('net', '净额', { sortable: true, width: 130 }),
    moneyColumn('merchantShare', '商户'),
    moneyColumn('ownerShare', '柜主'),
    moneyColumn('pointShare', '点位方'),
    moneyColumn('supplierShare', '供应商代销'),
    moneyColumn('platformFee', '平台手续费'),
    timeColumn<DeviceIncomeRow>('lastPaidAt', '最近支付'),
    {
      key: 'paidRange',
      title: '统计时段',
      hideInTable: true,
      search: { type: 'dateRange', label: '统计时段', order: 0 },
    },
  ];
}

/** The last seven business days, today included, as the period picker shows them. */
export function lastSevenDays() {
  const today = dateToPicker(businessToday())!;
  return [today.subtract(6, 'day'), today];
}

/**
 * 收入明细 (finance-device-income): what each cabinet took in a period (the last 7 days unless another is picked) and how
 * it was split — orders, paid, refunded, net and each party's share —, sortable by 净额 and 订单数; a device opens its
 * splits in 分账明细; 导出. Not in a 柜主 role's menu (spec §6, platform/permission.ts).
 */
export default function DeviceIncomePage() {
  const splitLink = useHasAnchor(SUBLEDGER_ANCHOR);
  const columns = useMemo(() => deviceIncomeColumns(splitLink), [splitLink]);
  const [initialValues] = useState(() => ({ paidRange: lastSevenDays() }));
  return (
    <QueryList<DeviceIncomeRow>
      queryKey={['settlement', 'device-income']}
      request={listLoader(splitOps.deviceIncome)}
      columns={columns}
      rowKey="deviceCode"
      title={SETTLEMENT_PAGES.deviceIncome.title}
      testId="device-income"
      initialValues={initialValues}
      exportable={{ operation: splitOps.deviceIncome, exportName: SETTLEMENT_PAGES.deviceIncome.title }}
      emptyText="这段时间没有收入"
    />
  );
}
