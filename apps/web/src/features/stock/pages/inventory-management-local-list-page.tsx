import { storeStockOps, type StoreStockRow } from '@merchant/contracts/stock/store-stock';
import { Button, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import { balanceColumns, skuColumns } from '../components/stock-balance-parts.tsx';
import { localDetailPath, localEditPath, useOpenStores, useStoreStockCategories } from '../components/store-stock-parts.tsx';

/**
 * inventory-management-local-list (本地库存 · 库存列表): the stores' stock, one row per store × SKU: 现有 / 锁定 / 可用,
 * the last change; 详情 shows the balance's movements and edits, 编辑 the hand edit; 新增门店库存 brings a SKU into a store.
 */
export default function InventoryManagementLocalListPage() {
  const navigate = useNavigate();
  const categories = useStoreStockCategories();
  const stores = useOpenStores();
  const columns: ListColumn<StoreStockRow>[] = [
    {
      key: 'storeCode',
      title: '门店',
      width: 200,
      ellipsis: true,
      render: (_v, r) => (
        <span>
          {r.storeName}
          <Typography.Text type="secondary"> {r.storeCode}</Typography.Text>
        </span>
      ),
      search: {
        type: 'select',
        label: '门店',
        options: (stores.data ?? []).map((s) => ({ value: s.storeCode, label: s.name })),
        order: 0,
      },
    },
    ...skuColumns<StoreStockRow>(categories.data),
    ...balanceColumns<StoreStockRow>(3),
    rowActionsColumn<StoreStockRow>(120, (r) => [
      { key: 'detail', label: '详情', onClick: () => navigate(localDetailPath(r.id)) },
      { key: 'edit', label: '编辑', onClick: () => navigate(localEditPath(r.id)) },
    ]),
  ];
  return (
    <QueryList<StoreStockRow>
      queryKey={['stock', 'store-balances']}
      settingsId="stock.store.balances"
      request={listLoader(storeStockOps.list)}
      columns={columns}
      rowKey="id"
      title="库存列表（门店库存）"
      testId="store-stock"
      exportable={{ operation: storeStockOps.list }}
      emptyText="门店还没有库存"
      toolbar={
        <Button type="primary" onClick={() => navigate(localEditPath())}>
          新增门店库存
        </Button>
      }
    />
  );
}
