import { hubStockOrderOps } from '@merchant/contracts/stock/stock-order';
import { useQuery } from '@tanstack/react-query';
import { Card, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { StockOrderForm } from '../components/stock-order-form.tsx';
import { INVENTORY_ADD_LIST, stockOrderPath } from '../components/stock-order-paths.ts';

/** inventory-add-edit?type=inbound|return (a new order) or ?orderCode=… (edit a draft). */
export default function InventoryAddEditPage() {
  const [search] = useSearchParams();
  const orderCode = search.get('orderCode') ?? '';
  const type = search.get('type') === 'return' ? 'return' : 'inbound';
  const q = useQuery({
    queryKey: ['stock-order', 'detail', orderCode],
    queryFn: () => call(hubStockOrderOps.detail, { orderCode }),
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
  if (!q.data) return <Result status="warning" title="找不到该单据" extra={<Link to={INVENTORY_ADD_LIST}>返回入库管理</Link>} />;
  if (!q.data.actions.includes('edit'))
    return (
      <Result
        status="warning"
        title={`${q.data.orderTypeName}${q.data.statusName}，不能编辑`}
        extra={<Link to={stockOrderPath(orderCode)}>查看单据</Link>}
      />
    );
  return (
    <StockOrderForm key={`${orderCode}:${q.data.version}`} type={q.data.orderType === 'return' ? 'return' : 'inbound'} draft={q.data} />
  );
}
