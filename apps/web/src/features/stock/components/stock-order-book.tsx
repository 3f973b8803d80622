import { createContext, useContext, type ReactNode } from 'react';
import { HUB_ORDER_BOOK, type StockOrderBook } from './stock-order-paths.ts';

// The book a 入库管理 page works on, for the components under it (form, actions, SKU picker). 库存中心 by default.

const BookContext = createContext<StockOrderBook>(HUB_ORDER_BOOK);

export function StockOrderBookProvider({ book, children }: { book: StockOrderBook; children: ReactNode }) {
  return <BookContext.Provider value={book}>{children}</BookContext.Provider>;
}

export const useStockOrderBook = () => useContext(BookContext);
