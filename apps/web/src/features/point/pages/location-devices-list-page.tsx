import { DEVICE_STATUS } from '@merchant/contracts/device/device';
import { pointOps } from '@merchant/contracts/device/point';
import { pointBindingOps, type PointDeviceRow } from '@merchant/contracts/device/point-binding';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { App, Button, Card, Result, Space, Tag } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { bindDevicesPath, LOCATION_LIST, locationDetailPath, PointStatusTag } from '../components/point-parts.tsx';

const deviceDetail = (code: string) => `/website/device-management/device-detail/${code}`;
const STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'success', 3: 'error' };

/**
 * location-devices-list/{id}: the devices bound to a point (a QueryList: server paging, sort by 设备编号 / 绑定时间,
 * 列设置, 导出 of the filtered list through the export center); 解绑 from here.
 */
export default function LocationDevicesListPage() {
  const id = Number(useParams().id ?? 0);
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const point = useQuery({ queryKey: ['point', 'detail', id], queryFn: () => call(pointOps.detail, { pointId: id }), enabled: id > 0 });
  const key = ['point', 'bound', id] as const;

  if (!(id > 0) || point.isError)
    return <Result status="warning" title="位置不存在" extra={<Link to={LOCATION_LIST}>返回位置管理</Link>} />;
  const p = point.data;

  const unbind = (r: PointDeviceRow) =>
    modal.confirm({
      title: `解绑设备 ${r.deviceCode}？`,
      content: `设备「${r.name}」将不再属于点位「${p?.name ?? ''}」，绑定记录会保留。`,
      okText: '解绑',
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(pointBindingOps.unbind, { pointId: id, deviceCode: r.deviceCode });
        message.success('已解绑');
        await queryClient.invalidateQueries({ queryKey: ['point'] });
        await queryClient.invalidateQueries({ queryKey: ['device'] });
      },
    });

  const columns: ListColumn<PointDeviceRow>[] = [
    {
      key: 'deviceCode',
      title: '设备编号',
      width: 140,
      sortable: true,
      render: (v) => <Link to={deviceDetail(String(v))}>{String(v)}</Link>,
    },
    { key: 'keyword', title: '设备', hideInTable: true, search: { type: 'text', placeholder: '设备编号或名称' } },
    { key: 'name', title: '设备名称', width: 200 },
    { key: 'modelName', title: '柜型', width: 120 },
    {
      key: 'status',
      title: '设备状态',
      width: 100,
      render: (v) => <Tag color={STATUS_COLORS[Number(v)]}>{DEVICE_STATUS[Number(v) as 1] ?? String(v)}</Tag>,
    },
    { key: 'online', title: '在线', width: 80, render: (v) => (v ? <Tag color="success">在线</Tag> : <Tag>离线</Tag>) },
    { key: 'boundAt', title: '绑定时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
    { key: 'boundByName', title: '绑定人', width: 100 },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 80,
      render: (_v, r) => (
        <Button type="link" danger size="small" onClick={() => unbind(r)}>
          解绑
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless" size="small">
        <Space wrap>
          <span>位置：{p ? <Link to={locationDetailPath('view', id)}>{`${p.name}（${p.pointCode}）`}</Link> : '…'}</span>
          {p && <PointStatusTag status={p.status} />}
          {p && <span>{p.fullAddress}</span>}
          <Link to={LOCATION_LIST}>返回位置管理</Link>
        </Space>
      </Card>
      <QueryList<PointDeviceRow>
        queryKey={key}
        request={(params) => listLoader(pointBindingOps.devices)({ ...params, pointId: id })}
        columns={columns}
        rowKey="bindingId"
        title="位置设备"
        emptyText="该位置还没有绑定设备"
        exportable={{
          operation: pointBindingOps.devices,
          exportName: p ? `位置设备_${p.name}` : '位置设备',
          body: (f) => ({ ...f, pointId: id }),
        }}
        toolbar={
          p && p.status !== 3 ? (
            <Link to={bindDevicesPath(id)}>
              <Button type="primary" icon={<LinkOutlined />}>
                绑定设备
              </Button>
            </Link>
          ) : undefined
        }
      />
    </Space>
  );
}
