import { deviceGoodsOps, type DeviceGoodsRow } from '@merchant/contracts/cabinet-goods/device-goods';
import { editScenePath } from '@merchant/contracts/cabinet-goods/template';
import { Link } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { useModelOptions } from '../components/model-options.ts';

/** merchant-list (设备商品): what each cabinet sells, slot by slot, with capacity, par level and its cabinet price. */
export default function MerchantListPage() {
  const { nameOptions } = useModelOptions();
  const columns: ListColumn<DeviceGoodsRow>[] = [
    { key: 'deviceCode', title: '设备编号', width: 130, sortable: true, search: { type: 'text' } },
    { key: 'deviceName', title: '设备名称', width: 220, ellipsis: true, search: { type: 'text' } },
    { key: 'modelCode', title: '柜型', dataIndex: 'modelName', width: 110, search: { type: 'select', options: nameOptions } },
    { key: 'slotNo', title: '货道', width: 70 },
    { key: 'skuCode', title: 'SKU编码', width: 130 },
    { key: 'skuName', title: '商品名称', width: 240, ellipsis: true, search: { type: 'text' } },
    { key: 'capacity', title: '容量', width: 70, align: 'right' },
    { key: 'parLevel', title: '标准库存', width: 90, align: 'right' },
    { key: 'price', title: '柜价（元）', width: 100, align: 'right', render: (v) => centsToYuan(v as number) },
    {
      key: 'templateCode',
      title: '商品模板',
      width: 150,
      search: { type: 'text' },
      render: (v, r) => (
        <Link to={editScenePath(String(v))}>
          {String(v)} v{r.templateVersion}
        </Link>
      ),
    },
    { key: 'appliedAt', title: '应用时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
  ];
  return (
    <QueryList<DeviceGoodsRow>
      queryKey={['cabinet-goods', 'device-goods']}
      request={listLoader(deviceGoodsOps.list)}
      columns={columns}
      rowKey="id"
      title="设备商品"
      exportable={{ operation: deviceGoodsOps.list }}
      emptyText="还没有设备商品：在「商品模板」中把模板应用到设备"
    />
  );
}
