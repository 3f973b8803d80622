import { LOW_STOCK_THRESHOLD, STOCK_AVAILABILITY } from '@merchant/contracts/stock/stock-balance';
import { storeStockOps, type StoreStockRow } from '@merchant/contracts/stock/store-stock';
import { Button, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { mapOptions, quantityColumn, skuColumns } from '../components/stock-balance-parts.tsx';
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
    quantityColumn<StoreStockRow>('onHand', '现有库存', { sortable: true }),
    quantityColumn<StoreStockRow>('locked', '锁定库存', { sortable: true }),
    quantityColumn<StoreStockRow>('available', '可用库存', {
      sortable: true,
      render: (v) => {
        const n = Number(v);
        return <Typography.Text type={n <= 0 ? 'danger' : n < LOW_STOCK_THRESHOLD ? 'warning' : undefined}>{n}</Typography.Text>;
      },
    }),
    {
      key: 'availability',
      title: '可用库存',
      hideInTable: true,
      search: { type: 'select', label: '库存状态', options: mapOptions(STOCK_AVAILABILITY), order: 3 },
    },
    { key: 'updatedAt', title: '最后变动时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 120,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(localDetailPath(r.id))}>
            详情
          </Button>
          <Button type="link" size="small" onClick={() => navigate(localEditPath(r.id))}>
            编辑
          </Button>
        </Space>
      ),
    },
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
