import { LOW_STOCK_THRESHOLD, STOCK_AVAILABILITY, stockBalanceOps, type StockBalanceRow } from '@merchant/contracts/stock/stock-balance';
import { Button, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import {
  editorPath,
  mapOptions,
  movementsOfSku,
  quantityColumn,
  skuColumns,
  useStockCategories,
} from '../components/stock-balance-parts.tsx';

/**
 * inventory-management-list (库存管理): the hub warehouse's (库存中心) stock, one row per SKU held: 现有 / 锁定 / 可用
 * (现有 − 锁定), the last change; 编辑库存 opens 库存编辑, 流水 opens 库存流水 filtered by the SKU.
 */
export default function InventoryManagementListPage() {
  const navigate = useNavigate();
  const categories = useStockCategories();
  const columns: ListColumn<StockBalanceRow>[] = [
    ...skuColumns<StockBalanceRow>(categories.data),
    quantityColumn<StockBalanceRow>('onHand', '现有库存', { sortable: true }),
    quantityColumn<StockBalanceRow>('locked', '锁定库存', { sortable: true }),
    quantityColumn<StockBalanceRow>('available', '可用库存', {
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
      search: { type: 'select', label: '库存状态', options: mapOptions(STOCK_AVAILABILITY), order: 2 },
    },
    { key: 'updatedAt', title: '最后变动时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 140,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(editorPath(r.skuId))}>
            编辑库存
          </Button>
          <Button type="link" size="small" onClick={() => navigate(movementsOfSku(r.skuId))}>
            流水
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <QueryList<StockBalanceRow>
      queryKey={['stock', 'hub-balances']}
      settingsId="stock.hub.balances"
      request={listLoader(stockBalanceOps.list)}
      columns={columns}
      rowKey="skuId"
      title="库存管理（库存中心）"
      testId="stock-balances"
      exportable={{ operation: stockBalanceOps.list }}
      emptyText="库存中心还没有库存"
      toolbar={
        <Button type="primary" onClick={() => navigate(editorPath())}>
          编辑库存
        </Button>
      }
    />
  );
}
