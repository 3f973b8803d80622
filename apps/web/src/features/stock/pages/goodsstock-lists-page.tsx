import { wholesaleGoodsStockOps, type WholesaleGoodsSkuStock, type WholesaleGoodsStockRow } from '@merchant/contracts/stock/goods-stock';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { editorOf, movementsOf, WHOLESALER_BALANCE_BOOK } from '../components/stock-balance-book.ts';
import { AvailableQuantity, quantityColumn, useStockCategories } from '../components/stock-balance-parts.tsx';

const availableText = (n: number) => <AvailableQuantity value={n} />;

/** A goods' SKUs in the wholesaler stock (the expanded row): numbers, 编辑库存 and 流水 of each. */
function SkuStock({ skus }: { skus: WholesaleGoodsSkuStock[] }) {
  const navigate = useNavigate();
  return (
    <Table<WholesaleGoodsSkuStock>
      size="small"
      rowKey="skuId"
      pagination={false}
      dataSource={skus}
      columns={[
        { key: 'skuCode', dataIndex: 'skuCode', title: 'SKU编码', width: 130 },
        { key: 'skuName', dataIndex: 'skuName', title: 'SKU名称', ellipsis: true },
        { key: 'barcode', dataIndex: 'barcode', title: '条码', width: 140 },
        { key: 'onHand', dataIndex: 'onHand', title: '现有库存', width: 100, align: 'right' },
        { key: 'locked', dataIndex: 'locked', title: '锁定库存', width: 100, align: 'right' },
        { key: 'available', dataIndex: 'available', title: '可用库存', width: 100, align: 'right', render: availableText },
        {
          key: 'actions',
          title: '操作',
          width: 140,
          render: (_v, k) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => navigate(editorOf(WHOLESALER_BALANCE_BOOK, k.skuId))}>
                编辑库存
              </Button>
              <Button type="link" size="small" onClick={() => navigate(movementsOf(WHOLESALER_BALANCE_BOOK, k.skuId))}>
                流水
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}

/**
 * 批发商库存 · 批发库存 (goodsstock-lists): the wholesaler stock by goods — each goods with its SKU count, the SKUs that run
 * low, 现有 / 锁定 / 可用 summed; a row opens to its SKUs with 编辑库存 and 流水.
 */
export default function GoodsstockListsPage() {
  const categories = useStockCategories();
  const columns: ListColumn<WholesaleGoodsStockRow>[] = [
    { key: 'goodsCode', title: '商品编码', width: 130, sortable: true },
    { key: 'keyword', title: '商品', hideInTable: true, search: { type: 'text', placeholder: '商品名称、编码或SKU条码', order: 0 } },
    { key: 'goodsName', title: '商品名称', width: 220, ellipsis: true },
    { key: 'brand', title: '品牌', width: 100 },
    {
      key: 'categoryId',
      title: '商品分类',
      dataIndex: 'categoryPath',
      width: 180,
      ellipsis: true,
      search: { type: 'treeSelect', placeholder: '全部分类（含下级）', treeData: categories.data ?? [], order: 1 },
    },
    quantityColumn<WholesaleGoodsStockRow>('skuCount', 'SKU数', { width: 80 }),
    quantityColumn<WholesaleGoodsStockRow>('lowSkuCount', '库存紧张SKU', {
      width: 110,
      render: (v) => (Number(v) > 0 ? <Tag color="orange">{Number(v)}</Tag> : <Typography.Text type="secondary">0</Typography.Text>),
    }),
    quantityColumn<WholesaleGoodsStockRow>('onHand', '现有库存', { sortable: true }),
    quantityColumn<WholesaleGoodsStockRow>('locked', '锁定库存'),
    quantityColumn<WholesaleGoodsStockRow>('available', '可用库存', { sortable: true, render: (v) => availableText(Number(v)) }),
    {
      key: 'held',
      title: '库存',
      hideInTable: true,
      search: { type: 'select', label: '库存', options: [{ value: 'true', label: '只看有库存' }], order: 2 },
    },
  ];
  return (
    <QueryList<WholesaleGoodsStockRow>
      queryKey={['stock', 'wholesaler-goods']}
      settingsId="stock.wholesaler.goods"
      request={listLoader(wholesaleGoodsStockOps.list)}
      columns={columns}
      rowKey="goodsId"
      title="批发库存（按商品）"
      testId="wholesale-goods-stock"
      exportable={{ operation: wholesaleGoodsStockOps.list }}
      emptyText="没有商品"
      expandable={{ expandedRowRender: (r) => <SkuStock skus={r.skus} />, rowExpandable: (r) => r.skus.length > 0 }}
    />
  );
}
