import { goodsInsightOps } from '@merchant/contracts/cabinet-goods/goods-insight';
import { Alert, Space } from 'antd';
import { useState } from 'react';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatMoney } from '../../../shared/format/money.ts';
import { formatSalesCount } from '../../../shared/format/sales.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';

type HotRow = { skuId: number; skuName: string; soldQty: number; salesAmount: number };
const loadHot = listLoader(goodsInsightOps.hot);

export const hotColumns: ListColumn<HotRow>[] = [
  { key: 'skuName', title: '商品名称', width: 280, ellipsis: true },
  { key: 'soldQty', title: '销量', width: 120, align: 'right', sortable: true, render: (v) => formatSalesCount(v as number) },
  { key: 'salesAmount', title: '销售额（元）', width: 140, align: 'right', sortable: true, render: (v) => formatMoney(v as number) },
];

/**
 * hotgoods-list (热销商品): best sellers by cabinet orders, paged and sorted on the server (销量 by default), counts
 * and amounts from 10,000 in 万. Until orders exist the server answers no rows and why; the page says so.
 */
export default function HotgoodsListPage() {
  const [reason, setReason] = useState('');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {reason ? <Alert type="info" showIcon title="暂无热销商品" description={reason} data-testid="hot-unavailable" /> : null}
      <QueryList<HotRow>
        queryKey={['cabinet-goods', 'hot']}
        request={async (params) => {
          const r = await loadHot(params);
          setReason(r.available ? '' : r.reason);
          return r;
        }}
        columns={hotColumns}
        rowKey="skuId"
        title="热销商品"
        exportable={{ operation: goodsInsightOps.hot }}
        emptyText={reason ? '订单功能上线前暂无销售数据' : '暂无热销商品'}
      />
    </Space>
  );
}
