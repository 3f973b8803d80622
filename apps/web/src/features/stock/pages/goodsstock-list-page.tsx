import { goodsStockOps, type GoodsStockRow } from '@merchant/contracts/stock/goods-stock';
import { STOCK_LOCATION_KINDS, type StockLocationKind } from '@merchant/contracts/stock/stock-fields';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { quantityColumn, skuColumns, useStockCategories } from '../components/stock-balance-parts.tsx';

/** goodsstock-list (商品库存): every SKU with its on hand at each location kind (zero when none) and the totals. */
export default function GoodsstockListPage() {
  const categories = useStockCategories();
  const columns: ListColumn<GoodsStockRow>[] = [
    ...skuColumns<GoodsStockRow>(categories.data),
    ...(Object.entries(STOCK_LOCATION_KINDS) as [StockLocationKind, string][]).map(([kind, label]) =>
      quantityColumn<GoodsStockRow>(`kind_${kind}`, label, { dataIndex: ['kinds', kind] }),
    ),
    quantityColumn<GoodsStockRow>('onHand', '现有合计', { sortable: true }),
    quantityColumn<GoodsStockRow>('locked', '锁定合计'),
    quantityColumn<GoodsStockRow>('available', '可用合计', { sortable: true }),
    {
      key: 'held',
      title: '库存',
      hideInTable: true,
      search: { type: 'select', label: '库存', options: [{ value: 'true', label: '只看有库存' }], order: 2 },
    },
  ];
  return (
    <QueryList<GoodsStockRow>
      queryKey={['stock', 'goods-stock']}
      settingsId="stock.goods"
      request={listLoader(goodsStockOps.list)}
      columns={columns}
      rowKey="skuId"
      title="商品库存"
      testId="goods-stock"
      exportable={{ operation: goodsStockOps.list }}
      emptyText="没有商品"
    />
  );
}
