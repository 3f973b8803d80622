import { DEVICE_STATUS, DOOR_FILTERS, TEMPERATURE_BANDS, deviceOps, type DeviceRow } from '@merchant/contracts/device/device';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { App, Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format/date.ts';
import { call, listLoader } from '../../../platform/call.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { DeviceStatusTag, OnlineTag, SecretOnce } from '../components/device-tags.tsx';
import { DeviceFormModal } from '../components/device-form-modal.tsx';

const KEY = ['device', 'devices'] as const;
const statusOptions = Object.entries(DEVICE_STATUS).map(([v, l]) => ({ value: Number(v), label: l }));
const temperatureOptions = Object.entries(TEMPERATURE_BANDS).map(([v, b]) => ({ value: v, label: b.label }));
const doorOptions = Object.entries(DOOR_FILTERS).map(([v, l]) => ({ value: v, label: l }));
const detailPath = (code: string) => `/website/device-management/device-detail/${code}`;

/** device-list: cabinets with their state, link and latest telemetry; 新增设备 shows the secret once. */
export default function DeviceListPage() {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const models = useQuery({ queryKey: ['device', 'models'], queryFn: () => call(deviceOps.models), staleTime: Infinity });

  const columns: ListColumn<DeviceRow>[] = [
    {
      key: 'deviceCode',
      title: '设备编号',
      width: 140,
      sortable: true,
      search: { type: 'text', placeholder: '如 D2611000001' },
      render: (v) => <Link to={detailPath(String(v))}>{String(v)}</Link>,
    },
    { key: 'name', title: '设备名称', width: 200, sortable: true, search: { type: 'text', placeholder: '设备名称关键字' } },
    {
      key: 'modelCode',
      title: '柜型',
      dataIndex: 'modelName',
      width: 130,
      search: { type: 'select', options: (models.data ?? []).map((m) => ({ value: m.code, label: m.name })) },
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (v) => <DeviceStatusTag status={Number(v)} />,
      search: { type: 'select', options: statusOptions },
    },
    {
      key: 'online',
      title: '在线状态',
      width: 190,
      render: (_v, r) => <OnlineTag row={r} />,
      search: {
        type: 'select',
        options: [
          { value: 1, label: '在线' },
          { value: 0, label: '离线' },
        ],
      },
    },
    { key: 'lastSeenAt', title: '最后心跳', width: 170, sortable: true, hideInTable: true, render: (v) => formatDateTime(v as number) },
    {
      key: 'temperature',
      title: '温度',
      width: 80,
      align: 'right',
      search: { type: 'select', options: temperatureOptions },
      render: (v) => (v === null || v === undefined ? '--' : `${(v as number).toFixed(1)}°C`),
    },
    {
      key: 'doorState',
      title: '门状态',
      dataIndex: 'doorStateName',
      width: 80,
      search: { type: 'select', options: doorOptions },
      render: (v) => String(v || '--'),
    },
    {
      key: 'point',
      title: '所在点位',
      dataIndex: 'pointName',
      width: 180,
      search: { type: 'text', placeholder: '点位名称或编号；未绑定' },
      render: (_v, r) =>
        r.pointId ? (
          <Link to={`/website/point-busi/point-detail/${r.pointId}`}>{r.pointName}</Link>
        ) : (
          <Typography.Text type="secondary">未绑定</Typography.Text>
        ),
    },
    {
      key: 'firmware',
      title: '固件版本',
      width: 100,
      search: { type: 'text', placeholder: '如 v2.3' },
      render: (v) => String(v || '--'),
    },
    { key: 'createdAt', title: '创建时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 80,
      render: (_v, r) => <Link to={detailPath(r.deviceCode)}>详情</Link>,
    },
  ];

  return (
    <>
      <QueryList<DeviceRow>
        queryKey={KEY}
        request={listLoader(deviceOps.list)}
        columns={columns}
        rowKey="id"
        title="设备列表"
        exportable={{ operation: deviceOps.list }}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            新增设备
          </Button>
        }
      />
      {adding && (
        <DeviceFormModal
          open
          onClose={() => setAdding(false)}
          onDone={(created) => {
            setAdding(false);
            void queryClient.invalidateQueries({ queryKey: KEY });
            if (created)
              modal.success({
                title: '设备已创建',
                width: 520,
                content: <SecretOnce {...created} />,
                okText: '我已保存密钥',
              });
          }}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        设备每30秒发送一次心跳，90秒未收到任何消息即显示离线；上下线记录和故障记录见设备详情。
      </Typography.Paragraph>
    </>
  );
}
