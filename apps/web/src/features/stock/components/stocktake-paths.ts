// 盘点单's pages (routes.ts: section 105 智能柜库存, base container-stock/).
const AT = '/website/container-stock';
export const stocktakePath = {
  list: `${AT}/check-stockList-list`,
  detail: (code: string) => `${AT}/check-stockList-detail/${encodeURIComponent(code)}`,
};
