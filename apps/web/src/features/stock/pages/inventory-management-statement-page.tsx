import { stockStatementOps, type StockStatementRow } from '@merchant/contracts/stock/stock-statement';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { businessToday, dateToPicker } from '../../../shared/format/date.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { quantityColumn, skuColumns } from '../components/stock-balance-parts.tsx';
import { useOpenStores, useStoreStockCategories } from '../components/store-stock-parts.tsx';

const q = (key: keyof StockStatementRow, title: string, sortable = false) =>
  quantityColumn<StockStatementRow>(key, title, { sortable, width: 90 });

/**
 * inventory-management-statement (本地库存 · 库存报表): per SKU over a period (this month by default, up to 366 days),
 * 期初 + 入 − 出 = 期末 over the stores' movements, 入 / 出 by type; filter by store, SKU and category; export.
 */
export default function InventoryManagementStatementPage() {
  const categories = useStoreStockCategories();
  const stores = useOpenStores();
  const initialValues = useMemo(() => {
    const today = businessToday();
    return { period: [dateToPicker(`${today.slice(0, 8)}01`), dateToPicker(today)] };
  }, []);
  const columns: ListColumn<StockStatementRow>[] = [
    { key: 'period', title: '统计期间', hideInTable: true, search: { type: 'dateRange', label: '统计期间', order: 0 } },
    {
      key: 'storeCode',
      title: '门店',
      hideInTable: true,
      search: { type: 'select', label: '门店', options: (stores.data ?? []).map((s) => ({ value: s.storeCode, label: s.name })), order: 1 },
    },
    // the quantities are the point: barcode and category stay filters (and export columns), not table columns
    ...skuColumns<StockStatementRow>(categories.data).map((c) =>
      c.key === 'barcode' || c.key === 'categoryId' ? { ...c, hideInTable: true } : c,
    ),
    q('opening', '期初库存', true),
    q('inInbound', '入库'),
    q('inAdjust', '调增'),
    q('inOther', '其他入'),
    quantityColumn<StockStatementRow>('inQty', '入合计', {
      sortable: true,
      width: 90,
      render: (v) => <Typography.Text type="success">{Number(v)}</Typography.Text>,
    }),
    q('outSale', '销售'),
    q('outReturn', '退货/出库'),
    q('outAdjust', '调减'),
    q('outOther', '其他出'),
    quantityColumn<StockStatementRow>('outQty', '出合计', {
      sortable: true,
      width: 90,
      render: (v) => <Typography.Text type="danger">{Number(v)}</Typography.Text>,
    }),
    quantityColumn<StockStatementRow>('closing', '期末库存', {
      sortable: true,
      // the answer of the row stays in view when the type columns scroll
      fixed: 'right',
      width: 100,
      render: (v) => <Typography.Text strong>{Number(v)}</Typography.Text>,
    }),
  ];
  return (
    <QueryList<StockStatementRow>
      queryKey={['stock', 'store-statement']}
      settingsId="stock.local.statement"
      request={listLoader(stockStatementOps.store)}
      columns={columns}
      rowKey="skuId"
      title="库存报表（门店库存）：期初 + 入 − 出 = 期末"
      testId="store-statement"
      initialValues={initialValues}
      exportable={{ operation: stockStatementOps.store }}
      emptyText="所选期间与门店没有库存"
    />
  );
}
