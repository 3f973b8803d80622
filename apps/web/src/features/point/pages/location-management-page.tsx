import { POINT_SCENES, pointOps, type PointRow } from '@merchant/contracts/device/point';
import { Link, useNavigate } from 'react-router';
import { Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { bindDevicesPath, locationDetailPath, locationDevicesPath, PointStatusTag, RegionCascader } from '../components/point-parts.tsx';

const KEY = ['point', 'locations'] as const;
const sceneOptions = Object.entries(POINT_SCENES).map(([v, l]) => ({ value: Number(v), label: l }));

/** location-management (位置管理): the points with their bound device count; add, edit, view, devices, bind. */
export default function LocationManagementPage() {
  const navigate = useNavigate();
  const columns: ListColumn<PointRow>[] = [
    {
      key: 'pointCode',
      title: '点位编号',
      width: 120,
      sortable: true,
      render: (v, r) => <Link to={locationDetailPath('view', r.id)}>{String(v)}</Link>,
    },
    { key: 'name', title: '位置名称', width: 200, sortable: true },
    { key: 'keyword', title: '名称/编号', hideInTable: true, search: { type: 'text', placeholder: '位置名称或点位编号' } },
    { key: 'scene', title: '场景类型', dataIndex: 'sceneName', width: 100, search: { type: 'select', options: sceneOptions } },
    {
      key: 'region',
      title: '所在地区',
      dataIndex: 'regionText',
      width: 170,
      search: { type: 'custom', render: () => <RegionCascader changeOnSelect placeholder="省 / 市 / 区县" /> },
    },
    { key: 'address', title: '详细地址', width: 200, ellipsis: true },
    { key: 'contactName', title: '联系人', width: 90 },
    { key: 'contactPhone', title: '联系电话', width: 130 },
    {
      key: 'deviceCount',
      title: '绑定设备',
      width: 100,
      align: 'right',
      sortable: true,
      render: (v, r) => <Link to={locationDevicesPath(r.id)}>{Number(v)}台</Link>,
    },
    { key: 'status', title: '营业状态', width: 100, render: (v) => <PointStatusTag status={Number(v)} /> },
    { key: 'createdAt', title: '创建时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 220,
      render: (_v, r) => (
        <Space size="small">
          <Link to={locationDetailPath('view', r.id)}>查看</Link>
          {r.status !== 3 && <Link to={locationDetailPath('edit', r.id)}>编辑</Link>}
          <Link to={locationDevicesPath(r.id)}>设备</Link>
          {r.status !== 3 && <Link to={bindDevicesPath(r.id)}>绑定设备</Link>}
        </Space>
      ),
    },
  ];
  return (
    <QueryList<PointRow>
      queryKey={KEY}
      request={listLoader(pointOps.list)}
      columns={columns}
      rowKey="id"
      title="位置管理"
      exportable={{ operation: pointOps.list }}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(locationDetailPath('add'))}>
          新增位置
        </Button>
      }
    />
  );
}
