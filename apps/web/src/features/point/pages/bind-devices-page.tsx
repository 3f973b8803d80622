import { DEVICE_STATUS } from '@merchant/contracts/device/device';
import { pointOps } from '@merchant/contracts/device/point';
import { MAX_BIND_BATCH, pointBindingOps, type BindCandidate } from '@merchant/contracts/device/point-binding';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { App, Button, Card, Input, Result, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { LOCATION_LIST, locationDetailPath, locationDevicesPath } from '../components/point-parts.tsx';

/** bind-devices/{id}: choose the merchant's unbound devices and bind them to the point. */
export default function BindDevicesPage() {
  const id = Number(useParams().id ?? 0);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const point = useQuery({ queryKey: ['point', 'detail', id], queryFn: () => call(pointOps.detail, { pointId: id }), enabled: id > 0 });
  const candidates = useQuery({
    queryKey: ['point', 'candidates', keyword, page],
    queryFn: () => call(pointBindingOps.candidates, { keyword: keyword || undefined, ...page }),
    placeholderData: (prev) => prev,
  });

  if (!(id > 0) || point.isError)
    return <Result status="warning" title="位置不存在" extra={<Link to={LOCATION_LIST}>返回位置管理</Link>} />;
  const p = point.data;
  if (p && p.status === 3)
    return <Result status="warning" title="点位已撤点，不能绑定设备" extra={<Link to={LOCATION_LIST}>返回位置管理</Link>} />;

  const bind = async () => {
    setSaving(true);
    try {
      const res = await call(pointBindingOps.bind, { pointId: id, deviceCodes: selected });
      message.success(`已绑定${res.bound}台设备`);
      await queryClient.invalidateQueries({ queryKey: ['point'] });
      await queryClient.invalidateQueries({ queryKey: ['device'] });
      navigate(locationDevicesPath(id));
    } catch {
      // shown
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      variant="borderless"
      title={p ? `绑定设备到「${p.name}」（${p.pointCode}）` : '绑定设备'}
      extra={<Link to={locationDetailPath('view', id)}>返回位置</Link>}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder="设备编号或名称"
            style={{ width: 280 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage((x) => ({ ...x, pageNum: 1 }));
            }}
          />
          <Typography.Text type="secondary">只列出尚未绑定点位、未停用的设备；一台设备同时只能在一个点位。</Typography.Text>
        </Space>
        <Table<BindCandidate>
          rowKey="deviceCode"
          size="middle"
          loading={candidates.isFetching}
          dataSource={candidates.data?.list ?? []}
          locale={{ emptyText: '没有可绑定的设备' }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected((keys as string[]).slice(0, MAX_BIND_BATCH)),
          }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: candidates.data?.total ?? 0,
            showTotal: (t) => `共 ${t} 台`,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
          columns={[
            { key: 'deviceCode', dataIndex: 'deviceCode', title: '设备编号', width: 140 },
            { key: 'name', dataIndex: 'name', title: '设备名称' },
            { key: 'modelName', dataIndex: 'modelName', title: '柜型', width: 130 },
            {
              key: 'status',
              dataIndex: 'status',
              title: '设备状态',
              width: 100,
              render: (v: number) => <Tag color={v === 2 ? 'success' : 'default'}>{DEVICE_STATUS[v as 1] ?? v}</Tag>,
            },
            {
              key: 'online',
              dataIndex: 'online',
              title: '在线',
              width: 80,
              render: (v: boolean) => (v ? <Tag color="success">在线</Tag> : <Tag>离线</Tag>),
            },
          ]}
        />
        <Space>
          <Button type="primary" disabled={!selected.length} loading={saving} onClick={bind}>
            绑定所选设备{selected.length ? `（${selected.length}台）` : ''}
          </Button>
          <Button onClick={() => navigate(locationDevicesPath(id))}>取消</Button>
        </Space>
      </Space>
    </Card>
  );
}
