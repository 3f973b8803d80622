import type { StockLocationOption } from '@merchant/contracts/stock/stock-balance';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../platform/call.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import type { StockBalanceBook } from './stock-balance-book.ts';

// The location columns and filter of a book with many locations (前置仓: the warehouse; 智能柜: 设备 + 货道), shared by
// its 实时库存 and 库存流水 lists.

/** The book's locations (none for a book with one location). */
export function useBookLocations(book: StockBalanceBook) {
  const ops = book.locations?.ops;
  return useQuery({
    queryKey: ['stock', `${book.key}-locations`],
    queryFn: () => call(ops!.locations, {}),
    enabled: !!ops,
    staleTime: 60_000,
  });
}

type Located = { locationId: number; locationName: string; deviceCode: string; slotNo: string };

export function locationColumns<R extends Located>(book: StockBalanceBook, options: StockLocationOption[] | undefined): ListColumn<R>[] {
  if (book.locations?.by === 'location') {
    return [
      {
        key: 'locationId',
        title: book.stockName,
        dataIndex: 'locationName',
        width: 160,
        ellipsis: true,
        search: {
          type: 'select',
          label: book.stockName,
          options: (options ?? []).map((o) => ({ value: o.locationId, label: `${o.name}（${o.code}）` })),
          order: -1,
        },
      },
    ];
  }
  if (book.locations?.by === 'device') {
    return [
      {
        key: 'deviceCode',
        title: '设备',
        width: 130,
        search: {
          type: 'select',
          label: '设备',
          options: (options ?? []).map((o) => ({ value: o.deviceCode, label: o.name === o.code ? o.code : `${o.name}（${o.code}）` })),
          order: -1,
        },
      },
      { key: 'slotNo', title: '货道', width: 70, align: 'right' },
    ];
  }
  return [];
}
