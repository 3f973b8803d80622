import { adjustCabinetPricePath, cabinetPriceGoodsOps, type CabinetPriceRow } from '@merchant/contracts/cabinet-goods/cabinet-price-goods';
import { adjustMatchingCabinetsPath } from '@merchant/contracts/price/price-options';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { useRowSelection } from '../../../platform/list/row-selection.ts';
import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { COMMODITY_LIST } from '../routes.ts';

const loadPrices = listLoader(cabinetPriceGoodsOps.prices);
const keyOf = (r: CabinetPriceRow) => `${r.deviceCode}:${r.skuId}`;

/**
 * containerPrice-commodity-price/{skuIds}/{skuName}/{goodsIds}/{goodsName?}: the chosen SKUs' price at each cabinet.
 * 调整柜价: the ticked rows' cabinets, or with nothing ticked every cabinet matching the filter (resolved by the server,
 * price.options.matchingCabinets, on the adjustment page).
 */
export default function CommodityPricePage() {
  const p = useParams();
  const navigate = useNavigate();
  const skuIds = p.skuIds ?? '';
  const [deviceName, setDeviceName] = useState<string | undefined>();
  const [total, setTotal] = useState(0);
  const { selection, selectedRows } = useRowSelection<CabinetPriceRow>(keyOf);
  const columns: ListColumn<CabinetPriceRow>[] = [
    { key: 'deviceCode', title: '设备编号', width: 130, sortable: true },
    { key: 'deviceName', title: '设备名称', width: 220, ellipsis: true, sortable: true, search: { type: 'text' } },
    { key: 'modelName', title: '柜型', width: 110 },
    { key: 'skuName', title: '商品名称', width: 240, ellipsis: true },
    { key: 'slots', title: '货道', width: 140, render: (v) => (v as string[]).join('、') },
    { key: 'basePrice', title: '基础售价（元）', width: 120, align: 'right', render: (v) => centsToYuan(v as number) },
    { key: 'price', title: '柜价（元）', width: 110, align: 'right', render: (v) => centsToYuan(v as number) },
  ];
  const ids = skuIds.split(',').map(Number);
  const adjust = () =>
    void navigate(
      selectedRows.length
        ? adjustCabinetPricePath([...new Set(selectedRows.map((r) => r.deviceCode))], ids)
        : adjustMatchingCabinetsPath(ids, deviceName),
    );
  return (
    <QueryList<CabinetPriceRow>
      queryKey={['cabinet-goods', 'cabinet-prices', skuIds]}
      request={async (params) => {
        const r = await loadPrices({ ...params, skuIds });
        setDeviceName(typeof params.deviceName === 'string' ? params.deviceName : undefined);
        setTotal(r.total);
        return r;
      }}
      columns={columns}
      rowKey={keyOf}
      rowSelection={selection}
      title={
        <Typography.Text>
          {p.goodsName ?? p.skuName} 的柜价 <Link to={COMMODITY_LIST}>返回柜价商品</Link>
        </Typography.Text>
      }
      exportable={{ operation: cabinetPriceGoodsOps.prices, exportName: '商品柜价', body: (f) => ({ ...f, skuIds }) }}
      toolbar={
        <Button type="primary" disabled={selectedRows.length === 0 && total === 0} onClick={adjust}>
          {selectedRows.length
            ? `调整柜价（已选 ${new Set(selectedRows.map((r) => r.deviceCode)).size} 台）`
            : '调整柜价（全部符合条件的柜）'}
        </Button>
      }
    />
  );
}
