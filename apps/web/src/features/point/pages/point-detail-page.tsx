import { POINT_TRANSITION_LABELS, POINT_TRANSITIONS, pointOps, type PointStatus } from '@merchant/contracts/device/point';
import { pointBindingOps } from '@merchant/contracts/device/point-binding';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Button, Card, Descriptions, Result, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { bpText, locationDetailPath, locationDevicesPath, POINT_MANAGE, PointStatusTag } from '../components/point-parts.tsx';
import { TermsModal } from '../components/terms-modal.tsx';
import { useStatusChange } from '../components/use-status-change.ts';
import { hasAnchor, usesSite } from '../../../platform/permission.ts';
import { useSession } from '../../../platform/session-store.ts';
import { withdrawalAddPath } from '@merchant/contracts/device/point-withdrawal';
import { CurrentBulletins } from '../components/current-bulletins.tsx';

/** point-detail/{id}: the place and its business terms, the devices bound there, the history; the allowed actions. */
export default function PointDetailPage() {
  const id = Number(useParams().id ?? 0);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const point = useQuery({ queryKey: ['point', 'detail', id], queryFn: () => call(pointOps.detail, { pointId: id }), enabled: id > 0 });
  const devices = useQuery({
    queryKey: ['point', 'bound', id, 'detail'],
    queryFn: () => call(pointBindingOps.devices, { pointId: id, pageSize: 50 }),
    enabled: id > 0,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['point'] });
  const change = useStatusChange(refresh);
  const menuTree = useSession((s) => s.menuTree);
  const user = useSession((s) => s.userInfo);
  // 撤点 goes through 撤点管理 (an application, reviewed, then executed); site users do not get it (spec §6)
  const canWithdraw = hasAnchor(menuTree, 'back-point-management') && !usesSite(user);
  const canOpenBulletins = hasAnchor(menuTree, 'point-manage-bulletin');

  const back = <Link to={POINT_MANAGE}>返回点位经营</Link>;
  if (!(id > 0)) return <Result status="warning" title="缺少点位" extra={back} />;
  if (point.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  const p = point.data;
  if (!p) return <Result status="warning" title="点位不存在" extra={back} />;
  const next = POINT_TRANSITIONS[p.status as PointStatus] ?? [];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            {p.name}
            <PointStatusTag status={p.status} />
          </Space>
        }
        extra={
          <Space>
            {back}
            {p.status !== 3 && (
              <Button type="primary" onClick={() => setEditing(true)}>
                编辑经营
              </Button>
            )}
            {next.includes(3) && canWithdraw && (
              <Link to={withdrawalAddPath(p.id)}>
                <Button danger>申请撤点</Button>
              </Link>
            )}
            {next
              .filter((to) => to !== 3)
              .map((to) => (
                <Button key={to} danger={to !== 1} onClick={() => change(p, to)}>
                  {POINT_TRANSITION_LABELS[to]}
                </Button>
              ))}
          </Space>
        }
      >
        <Descriptions title="位置" column={2} bordered size="small">
          <Descriptions.Item label="点位编号">{p.pointCode}</Descriptions.Item>
          <Descriptions.Item label="场景类型">{p.sceneName}</Descriptions.Item>
          <Descriptions.Item label="地址" span={2}>
            {p.fullAddress}
          </Descriptions.Item>
          <Descriptions.Item label="坐标（GCJ-02）">
            {p.lng.toFixed(6)}, {p.lat.toFixed(6)}
          </Descriptions.Item>
          <Descriptions.Item label="联系人">
            {p.contactName} {p.contactPhone}
          </Descriptions.Item>
        </Descriptions>
        <Descriptions title="经营条件" column={2} bordered size="small" style={{ marginTop: 16 }}>
          <Descriptions.Item label="月租金">{formatMoney(p.rentCents)}元</Descriptions.Item>
          <Descriptions.Item label="佣金比例">{bpText(p.commissionBp)}</Descriptions.Item>
          <Descriptions.Item label="营业时间">
            {p.openTime}-{p.closeTime}
          </Descriptions.Item>
          <Descriptions.Item label="运营人员">{p.operatorName || '--'}</Descriptions.Item>
          <Descriptions.Item label="经营备注" span={2}>
            {p.remark || '--'}
          </Descriptions.Item>
          <Descriptions.Item label="更新时间">{formatDateTime(p.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label="位置信息">
            <Link to={locationDetailPath('view', p.id)}>查看位置</Link>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <CurrentBulletins pointId={p.id} canOpen={canOpenBulletins} />
      <Card variant="borderless" title={`绑定设备（${p.deviceCount}台）`} extra={<Link to={locationDevicesPath(p.id)}>管理设备</Link>}>
        <Table
          rowKey="bindingId"
          size="small"
          loading={devices.isLoading}
          dataSource={devices.data?.list ?? []}
          pagination={false}
          locale={{ emptyText: '还没有绑定设备' }}
          columns={[
            {
              key: 'deviceCode',
              dataIndex: 'deviceCode',
              title: '设备编号',
              render: (v: string) => <Link to={`/website/device-management/device-detail/${v}`}>{v}</Link>,
            },
            { key: 'name', dataIndex: 'name', title: '设备名称' },
            { key: 'modelName', dataIndex: 'modelName', title: '柜型' },
            { key: 'statusName', dataIndex: 'statusName', title: '设备状态' },
            {
              key: 'online',
              dataIndex: 'online',
              title: '在线',
              render: (v: boolean) => (v ? <Tag color="success">在线</Tag> : <Tag>离线</Tag>),
            },
            { key: 'boundAt', dataIndex: 'boundAt', title: '绑定时间', render: (v: number) => formatDateTime(v) },
          ]}
        />
      </Card>
      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={pointOps.history} input={{ pointId: p.id }} queryKey={['point', 'history', p.id]} />
      </Card>
      {editing && (
        <TermsModal
          point={p}
          onClose={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            refresh();
          }}
        />
      )}
    </Space>
  );
}
