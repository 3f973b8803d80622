import { containerListPath, myGoodsOps, type MyGoodsRow } from '@merchant/contracts/cabinet-goods/my-goods';
import { GOODS_STATUS } from '@merchant/contracts/goods/goods';
import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import { Link } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { Tag } from 'antd';

const opts = (m: Record<string, string>) => Object.entries(m).map(([v, l]) => ({ value: Number(v), label: l }));

/** my-goods-list (我的商品): the merchant's goods seen from the cabinets — how many carry each, and where. */
export default function MyGoodsListPage() {
  const columns: ListColumn<MyGoodsRow>[] = [
    { key: 'goodsCode', title: '商品编码', width: 120, search: { type: 'text' } },
    { key: 'name', title: '商品名称', width: 240, ellipsis: true, search: { type: 'text' } },
    { key: 'brand', title: '品牌', width: 110 },
    { key: 'categoryPath', title: '商品分类', width: 180, ellipsis: true },
    {
      key: 'storageStyle',
      title: '储存方式',
      dataIndex: 'storageStyleName',
      width: 90,
      search: { type: 'select', options: opts(STORAGE_STYLES) },
    },
    {
      key: 'status',
      title: '状态',
      width: 80,
      render: (v) => <Tag color={v === 1 ? 'green' : 'default'}>{GOODS_STATUS[v as 1 | 2]}</Tag>,
      search: { type: 'select', options: opts(GOODS_STATUS) },
    },
    { key: 'skuCount', title: 'SKU数', width: 70, align: 'right' },
    { key: 'guideSalePrice', title: '指导售价（元）', width: 120, align: 'right', render: (v) => centsToYuan(v as number) },
    {
      key: 'cabinetCount',
      title: '铺货设备数',
      width: 110,
      align: 'right',
      sortable: true,
      render: (v, r) => (r.cabinetCount > 0 ? <Link to={containerListPath(r)}>{String(v)}</Link> : '0'),
    },
    { key: 'slotCount', title: '货道数', width: 80, align: 'right' },
    {
      key: 'carried',
      title: '铺货情况',
      hideInTable: true,
      search: {
        type: 'select',
        options: [
          { value: 1, label: '已铺货' },
          { value: 2, label: '未铺货' },
        ],
      },
    },
    { key: 'createdAt', title: '创建时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 100,
      render: (_v, r) => <Link to={containerListPath(r)}>铺货设备</Link>,
    },
  ];
  return (
    <QueryList<MyGoodsRow>
      queryKey={['cabinet-goods', 'my-goods']}
      request={listLoader(myGoodsOps.list)}
      columns={columns}
      rowKey="goodsId"
      title="我的商品"
      exportable={{ operation: myGoodsOps.list }}
    />
  );
}
