import { goodsStockOps, type GoodsStockRow } from '@merchant/contracts/stock/goods-stock';
import { STOCK_LOCATION_KINDS, type StockLocationKind } from '@merchant/contracts/stock/stock-fields';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { useStockCategories } from '../components/stock-balance-parts.tsx';

const number = (key: string, title: string, over?: Partial<ListColumn<GoodsStockRow>>): ListColumn<GoodsStockRow> => ({
  key,
  title,
  width: 100,
  align: 'right',
  ...over,
});

/** goodsstock-list (商品库存): every SKU with its on hand at each location kind (zero when none) and the totals. */
export default function GoodsstockListPage() {
  const categories = useStockCategories();
  const columns: ListColumn<GoodsStockRow>[] = [
    { key: 'skuCode', title: 'SKU编码', width: 130, sortable: true },
    { key: 'keyword', title: 'SKU', hideInTable: true, search: { type: 'text', placeholder: 'SKU名称、编码或条码', order: 0 } },
    { key: 'skuName', title: 'SKU名称', width: 220, ellipsis: true },
    { key: 'barcode', title: '条码', width: 140 },
    {
      key: 'categoryId',
      title: '商品分类',
      dataIndex: 'categoryPath',
      width: 180,
      ellipsis: true,
      search: { type: 'treeSelect', placeholder: '全部分类（含下级）', treeData: categories.data ?? [], order: 1 },
    },
    ...(Object.entries(STOCK_LOCATION_KINDS) as [StockLocationKind, string][]).map(([kind, label]) =>
      number(`kind_${kind}`, label, { dataIndex: ['kinds', kind] }),
    ),
    number('onHand', '现有合计', { sortable: true }),
    number('locked', '锁定合计'),
    number('available', '可用合计', { sortable: true }),
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
