import { cabinetPriceGoodsOps, commodityPricePath, type CabinetPriceGoodsRow } from '@merchant/contracts/cabinet-goods/cabinet-price-goods';
import { Link } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';

const range = (a: number, b: number) => (a === b ? centsToYuan(a) : `${centsToYuan(a)} ~ ${centsToYuan(b)}`);

/** containerPrice-commodity (柜价商品): the SKUs sold in cabinets with their cabinet price range. */
export default function ContainerPriceCommodityPage() {
  const columns: ListColumn<CabinetPriceGoodsRow>[] = [
    { key: 'skuCode', title: 'SKU编码', width: 130, sortable: true, search: { type: 'text' } },
    { key: 'skuName', title: '商品名称', width: 260, ellipsis: true, search: { type: 'text' } },
    { key: 'goodsName', title: '所属商品', width: 200, ellipsis: true },
    { key: 'basePrice', title: '基础售价（元）', width: 120, align: 'right', render: (v) => centsToYuan(v as number) },
    { key: 'cabinetCount', title: '在售设备数', width: 110, align: 'right', sortable: true },
    { key: 'minPrice', title: '柜价（元）', width: 130, align: 'right', render: (_v, r) => range(r.minPrice, r.maxPrice) },
    { key: 'actions', title: '操作', fixed: 'right', width: 100, render: (_v, r) => <Link to={commodityPricePath([r])}>各柜价格</Link> },
  ];
  return (
    <QueryList<CabinetPriceGoodsRow>
      queryKey={['cabinet-goods', 'cabinet-price-goods']}
      request={listLoader(cabinetPriceGoodsOps.list)}
      columns={columns}
      rowKey="skuId"
      title="柜价商品"
      exportable={{ operation: cabinetPriceGoodsOps.list }}
      emptyText="还没有在设备上销售的商品"
    />
  );
}
