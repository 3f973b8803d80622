import { LOW_STOCK_THRESHOLD, STOCK_AVAILABILITY, type StockBalanceRow } from '@merchant/contracts/stock/stock-balance';
import { Button, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { editorOf, movementsOf, type StockBalanceBook } from './stock-balance-book.ts';
import { mapOptions, quantityColumn, skuColumns, useStockCategories } from './stock-balance-parts.tsx';
import { locationColumns, useBookLocations } from './stock-location-columns.tsx';

/**
 * 库存管理 / 实时库存 of a book: one row per location × SKU held (现有 / 锁定 / 可用 = 现有 − 锁定, the last change), the
 * location column and filter where the kind has many; 编辑库存 (books with an editor) and 流水 (库存流水 of the SKU there).
 */
export function StockBalanceListView({ book }: { book: StockBalanceBook }) {
  const navigate = useNavigate();
  const categories = useStockCategories();
  const locations = useBookLocations(book);
  const columns: ListColumn<StockBalanceRow>[] = [
    ...locationColumns<StockBalanceRow>(book, locations.data),
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
      width: book.edit ? 140 : 80,
      render: (_v, r) => (
        <Space size={0}>
          {book.edit && (
            <Button type="link" size="small" onClick={() => navigate(editorOf(book, r.skuId))}>
              编辑库存
            </Button>
          )}
          <Button type="link" size="small" onClick={() => navigate(movementsOf(book, r.skuId, r))}>
            流水
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <QueryList<StockBalanceRow>
      queryKey={['stock', `${book.key}-balances`]}
      settingsId={`stock.${book.key}.balances`}
      request={listLoader(book.balance.list)}
      columns={columns}
      rowKey={(r) => `${r.locationId}-${r.skuId}`}
      title={`${book.listTitle}（${book.stockName}）`}
      testId="stock-balances"
      exportable={{ operation: book.balance.list }}
      emptyText={`${book.stockName}还没有库存`}
      toolbar={
        book.edit && (
          <Button type="primary" onClick={() => navigate(editorOf(book))}>
            编辑库存
          </Button>
        )
      }
    />
  );
}
