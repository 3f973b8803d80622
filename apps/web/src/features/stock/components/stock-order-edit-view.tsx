import { useQuery } from '@tanstack/react-query';
import { Card, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { StockOrderBookProvider } from './stock-order-book.tsx';
import { StockOrderForm } from './stock-order-form.tsx';
import type { StockOrderBook } from './stock-order-paths.ts';

/** <book>-edit?type=inbound|return (a new order) or ?orderCode=… (edit a draft). */
export function StockOrderEditView({ book }: { book: StockOrderBook }) {
  return (
    <StockOrderBookProvider book={book}>
      <OrderEdit book={book} />
    </StockOrderBookProvider>
  );
}

function OrderEdit({ book }: { book: StockOrderBook }) {
  const [search] = useSearchParams();
  const orderCode = search.get('orderCode') ?? '';
  const type = book.orderType ?? (search.get('type') === 'return' ? 'return' : 'inbound');
  const q = useQuery({
    queryKey: ['stock-order', 'detail', orderCode],
    queryFn: () => call(book.ops.detail, { orderCode }),
    enabled: !!orderCode,
    retry: false,
  });
  if (!orderCode) return <StockOrderForm key={type} type={type} />;
  if (q.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (!q.data) return <Result status="warning" title="找不到该单据" extra={<Link to={book.list}>{`返回${book.pageName}`}</Link>} />;
  if (!q.data.actions.includes('edit'))
    return (
      <Result
        status="warning"
        title={`${q.data.orderTypeName}${q.data.statusName}，不能编辑`}
        extra={<Link to={book.detail(orderCode)}>查看单据</Link>}
      />
    );
  return (
    <StockOrderForm key={`${orderCode}:${q.data.version}`} type={q.data.orderType === 'return' ? 'return' : 'inbound'} draft={q.data} />
  );
}
