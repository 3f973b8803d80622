import { stocktakeOps } from '@merchant/contracts/stock/stocktake';
import { useQuery } from '@tanstack/react-query';
import { Card, Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { stocktakePath } from '../components/stocktake-paths.ts';
import { StocktakeView } from '../components/stocktake-view.tsx';

/** 智能柜库存 · 盘点单: one stocktake (check-stockList-detail/:stocktakeCode) — count, submit, review. */
export default function StocktakeDetailPage() {
  const { stocktakeCode = '' } = useParams();
  const q = useQuery({
    queryKey: ['stocktake', 'detail', stocktakeCode],
    queryFn: () => call(stocktakeOps.detail, { stocktakeCode }),
    enabled: !!stocktakeCode,
    retry: false,
  });
  if (q.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (!q.data) return <Result status="warning" title="找不到该盘点单" extra={<Link to={stocktakePath.list}>返回盘点单</Link>} />;
  return <StocktakeView key={`${q.data.stocktakeCode}:${q.data.version}`} st={q.data} />;
}
