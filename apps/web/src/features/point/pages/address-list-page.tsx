import { POINT_SCENES, POINT_STATUS, pointOps, type PointRow } from '@merchant/contracts/device/point';
import { Link } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { pointDetailPath, PointStatusTag, RegionCascader } from '../components/point-parts.tsx';

const KEY = ['point', 'addresses'] as const;
const sceneOptions = Object.entries(POINT_SCENES).map(([v, l]) => ({ value: Number(v), label: l }));
const statusOptions = Object.entries(POINT_STATUS).map(([v, l]) => ({ value: Number(v), label: l }));

/** address/address-list (点位列表): every point with its full address and GCJ-02 coordinates; region filter, export. */
export default function AddressListPage() {
  const columns: ListColumn<PointRow>[] = [
    {
      key: 'pointCode',
      title: '点位编号',
      width: 120,
      sortable: true,
      search: { type: 'text', placeholder: '如 P26110001' },
      render: (v, r) => <Link to={pointDetailPath(r.id)}>{String(v)}</Link>,
    },
    { key: 'name', title: '点位名称', width: 200, sortable: true, search: { type: 'text', placeholder: '点位名称关键字' } },
    {
      key: 'region',
      title: '所在地区',
      dataIndex: 'regionText',
      width: 170,
      search: { type: 'custom', render: () => <RegionCascader changeOnSelect placeholder="省 / 市 / 区县" /> },
    },
    { key: 'fullAddress', title: '完整地址', width: 300, ellipsis: true },
    { key: 'lng', title: '经度', width: 120, align: 'right', render: (v) => (v as number).toFixed(6) },
    { key: 'lat', title: '纬度', width: 110, align: 'right', render: (v) => (v as number).toFixed(6) },
    { key: 'scene', title: '场景', dataIndex: 'sceneName', width: 90, search: { type: 'select', options: sceneOptions } },
    { key: 'contactName', title: '联系人', width: 90 },
    { key: 'contactPhone', title: '联系电话', width: 130 },
    {
      key: 'status',
      title: '营业状态',
      width: 100,
      render: (v) => <PointStatusTag status={Number(v)} />,
      search: { type: 'select', options: statusOptions },
    },
  ];
  return (
    <QueryList<PointRow>
      queryKey={KEY}
      request={listLoader(pointOps.list)}
      columns={columns}
      rowKey="id"
      title="点位列表"
      exportable={{ operation: pointOps.list }}
    />
  );
}
