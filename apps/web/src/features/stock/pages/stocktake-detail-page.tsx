import { stocktakeOps } from '@merchant/contracts/stock/stocktake';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { DocumentLoading, DocumentNotFound } from '../../../platform/document-detail.tsx';
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
  if (q.isLoading) return <DocumentLoading />;
  if (!q.data) return <DocumentNotFound title="找不到该盘点单" back={{ to: stocktakePath.list, label: '返回盘点单' }} />;
  return <StocktakeView key={`${q.data.stocktakeCode}:${q.data.version}`} st={q.data} />;
}
