import type { StockBalanceRow } from '@merchant/contracts/stock/stock-balance';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import { editorOf, movementsOf, type StockBalanceBook } from './stock-balance-book.ts';
import { balanceColumns, skuColumns, useStockCategories } from './stock-balance-parts.tsx';
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
    ...balanceColumns<StockBalanceRow>(2),
    rowActionsColumn<StockBalanceRow>(book.edit ? 140 : 80, (r) => [
      { key: 'edit', label: '编辑库存', show: !!book.edit, onClick: () => navigate(editorOf(book, r.skuId)) },
      { key: 'movements', label: '流水', onClick: () => navigate(movementsOf(book, r.skuId, r)) },
    ]),
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
