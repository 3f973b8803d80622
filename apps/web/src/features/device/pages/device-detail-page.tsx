import {
  COMMAND_TYPES,
  DEVICE_STATUS,
  DEVICE_TRANSITION_LABELS,
  DEVICE_TRANSITIONS,
  deviceOps,
  type CommandType,
  type DeviceCommand,
  type DeviceStatus,
} from '@merchant/contracts/device/device';
import { deviceFaultOps, faultCodeFilter, type DeviceFaultRow } from '@merchant/contracts/device/device-fault';
import { LINK_EVENTS, deviceLinkLogOps, type DeviceLinkLogRow } from '@merchant/contracts/device/device-link-log';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { App, Button, Card, Col, Descriptions, Dropdown, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownOutlined, EditOutlined, KeyOutlined, SendOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../shared/format/date.ts';
import { call } from '../../../platform/call.ts';
import { KeysetTable } from '../../../platform/list/keyset-table.tsx';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { CommandStatusTag, DeviceStatusTag, OnlineTag, SecretOnce } from '../components/device-tags.tsx';
import { DeviceFormModal } from '../components/device-form-modal.tsx';
import { RecordSearch, type RecordFilters } from '../components/record-search.tsx';
import { DEVICE_LIST } from '../routes.ts';

const backToList = <Link to={DEVICE_LIST}>返回设备列表</Link>;

const COMMAND_COLUMNS: ColumnsType<DeviceCommand> = [
  { title: '发送时间', dataIndex: 'sentAt', width: 170, render: formatDateTime },
  { title: '指令', dataIndex: 'commandTypeName', width: 80 },
  { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <CommandStatusTag status={v} /> },
  { title: '确认时间', dataIndex: 'ackedAt', width: 170, render: (v: number) => (v ? formatDateTime(v) : '--') },
  { title: '设备回复', dataIndex: 'result', render: (v: string) => v || '--' },
  { title: '操作人', dataIndex: 'operatorName', width: 100 },
  { title: '指令号', dataIndex: 'commandNo', width: 220, render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text> },
];

const LINK_LOG_COLUMNS: ColumnsType<DeviceLinkLogRow> = [
  { title: '时间', dataIndex: 'createdAt', width: 170, render: formatDateTime },
  {
    title: '事件',
    dataIndex: 'event',
    render: (v: string, r) => <Tag color={v === 'online' ? 'success' : 'default'}>{r.eventName}</Tag>,
  },
];

const FAULT_COLUMNS: ColumnsType<DeviceFaultRow> = [
  { title: '上报时间', dataIndex: 'createdAt', width: 170, render: formatDateTime },
  { title: '故障代码', dataIndex: 'faultCode', width: 150, render: (v: string) => <Tag color="error">{v}</Tag> },
  { title: '故障说明', dataIndex: 'message', render: (v: string) => v || '--' },
];

const LINK_EVENT_FIELD = {
  name: 'event',
  label: '事件',
  options: Object.entries(LINK_EVENTS).map(([value, label]) => ({ value, label })),
};
const FAULT_CODE_FIELD = { name: 'faultCode', label: '故障代码', placeholder: '完整代码，如 E-TEMP-SENSOR', rule: faultCodeFilter };

/**
 * device-detail/:deviceCode: the device, its link and telemetry, the actions its state allows, commands, 上下线记录, 故障记录
 * and history.
 */
export default function DeviceDetailPage() {
  const { deviceCode = '' } = useParams();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const key = ['device', 'device', deviceCode] as const;
  const device = useQuery({
    queryKey: key,
    queryFn: () => call(deviceOps.detail, { deviceCode }),
    enabled: Boolean(deviceCode),
    refetchInterval: 10_000,
  });
  // a new command starts the 指令记录 again at its first (newest) page
  const [sent, setSent] = useState(0);
  // the tabs' searches (a new search starts the list again at its first page: the table is keyed by it)
  const [linkFilters, setLinkFilters] = useState<RecordFilters>({});
  const [faultFilters, setFaultFilters] = useState<RecordFilters>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  if (device.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  const d = device.data;
  if (!d) return <Result status="warning" title="设备不存在" extra={backToList} />;

  const setStatus = (status: DeviceStatus) =>
    modal.confirm({
      title: `确认${DEVICE_TRANSITION_LABELS[status]}设备“${d.name}”？`,
      content: status === 3 ? '停用后设备立即断开，且不能再连接，直到重新激活。' : undefined,
      okButtonProps: { danger: status === 3 },
      onOk: async () => {
        await call(deviceOps.setStatus, { deviceCode: d.deviceCode, version: d.version, status });
        message.success(`设备已${DEVICE_STATUS[status]}`);
        await refresh();
      },
    });
  const resetSecret = () =>
    modal.confirm({
      title: '确认重置设备密钥？',
      content: '旧密钥立即失效，设备断开后需使用新密钥重新连接。',
      okButtonProps: { danger: true },
      onOk: async () => {
        const r = await call(deviceOps.resetSecret, { deviceCode: d.deviceCode, version: d.version });
        await refresh();
        modal.success({
          title: '密钥已重置',
          width: 520,
          content: <SecretOnce deviceCode={r.deviceCode} secret={r.secret} />,
          okText: '我已保存密钥',
        });
      },
    });
  const send = async (commandType: CommandType) => {
    await call(deviceOps.sendCommand, { deviceCode: d.deviceCode, commandType });
    message.success(`已发送指令：${COMMAND_TYPES[commandType]}`);
    setSent((n) => n + 1);
    await refresh();
  };
  const canCommand = d.status === 2 && d.online;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            {d.name}
            <DeviceStatusTag status={d.status} />
            <OnlineTag row={d} inline />
          </Space>
        }
        extra={
          <Space>
            <Dropdown
              disabled={!canCommand}
              menu={{
                items: Object.entries(COMMAND_TYPES).map(([k, l]) => ({ key: k, label: l })),
                onClick: ({ key: k }) => void send(k as CommandType),
              }}
            >
              <Button type="primary" icon={<SendOutlined />} title={canCommand ? undefined : '只有已激活且在线的设备能接收指令'}>
                发送指令 <DownOutlined />
              </Button>
            </Dropdown>
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              编辑
            </Button>
            {DEVICE_TRANSITIONS[d.status as DeviceStatus].map((s) => (
              <Button key={s} danger={s === 3} onClick={() => setStatus(s)}>
                {DEVICE_TRANSITION_LABELS[s]}
              </Button>
            ))}
            <Button icon={<KeyOutlined />} onClick={resetSecret}>
              重置密钥
            </Button>
          </Space>
        }
      >
        <Descriptions column={3} size="small" bordered>
          <Descriptions.Item label="设备编号">
            <Typography.Text copyable>{d.deviceCode}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="设备名称">{d.name}</Descriptions.Item>
          <Descriptions.Item label="柜型">{d.modelName}</Descriptions.Item>
          <Descriptions.Item label="门数">{d.doorCount}</Descriptions.Item>
          <Descriptions.Item label="货道布局">{d.slotLayout || '--'}</Descriptions.Item>
          <Descriptions.Item label="储存方式">{d.storageStyleName || '--'}</Descriptions.Item>
          <Descriptions.Item label="固件版本">{d.firmware || '--'}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{formatDateTime(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="所在点位">
            {d.pointId ? <Link to={`/website/point-busi/point-detail/${d.pointId}`}>{`${d.pointName}（${d.pointCode}）`}</Link> : '未绑定'}
          </Descriptions.Item>
          <Descriptions.Item label="备注">{d.remark || '--'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card variant="borderless" title="最新状态">
        <Descriptions column={4} size="small">
          <Descriptions.Item label="在线状态">
            <OnlineTag row={d} inline />
          </Descriptions.Item>
          <Descriptions.Item label="温度">{d.temperature === null ? '--' : `${d.temperature.toFixed(1)}°C`}</Descriptions.Item>
          <Descriptions.Item label="门状态">{d.doorStateName || '--'}</Descriptions.Item>
          <Descriptions.Item label="上报时间">{d.telemetryAt ? formatDateTime(d.telemetryAt) : '--'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card variant="borderless" title="指令记录">
        <KeysetTable<typeof deviceOps.commands, DeviceCommand>
          key={sent}
          operation={deviceOps.commands}
          input={{ deviceCode: d.deviceCode }}
          queryKey={[...key, 'commands']}
          columns={COMMAND_COLUMNS}
          rowKey="commandNo"
          emptyText="暂无指令"
          pageSize={10}
          // while a command waits for its acknowledgement, look again every 2 s
          refetchInterval={(rows) => (rows.some((c) => c.status === 1) ? 2000 : false)}
          testId="device-commands"
        />
      </Card>
      <Row gutter={16}>
        <Col xs={24} xl={10}>
          <Card variant="borderless" title="上下线记录">
            <RecordSearch field={LINK_EVENT_FIELD} onSearch={setLinkFilters} testId="device-link-log-search" />
            <KeysetTable<typeof deviceLinkLogOps.list, DeviceLinkLogRow>
              key={JSON.stringify(linkFilters)}
              operation={deviceLinkLogOps.list}
              input={{ deviceCode: d.deviceCode, ...linkFilters }}
              queryKey={[...key, 'link-log']}
              columns={LINK_LOG_COLUMNS}
              rowKey="id"
              emptyText={Object.keys(linkFilters).length ? '没有符合条件的上下线记录' : '设备还没有连接过'}
              testId="device-link-log"
            />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card variant="borderless" title="故障记录">
            <RecordSearch field={FAULT_CODE_FIELD} onSearch={setFaultFilters} testId="device-faults-search" />
            <KeysetTable<typeof deviceFaultOps.list, DeviceFaultRow>
              key={JSON.stringify(faultFilters)}
              operation={deviceFaultOps.list}
              input={{ deviceCode: d.deviceCode, ...faultFilters }}
              queryKey={[...key, 'faults']}
              columns={FAULT_COLUMNS}
              rowKey="id"
              emptyText={Object.keys(faultFilters).length ? '没有符合条件的故障记录' : '设备没有上报过故障'}
              testId="device-faults"
            />
          </Card>
        </Col>
      </Row>
      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={deviceOps.history} input={{ deviceCode: d.deviceCode }} queryKey={key} />
      </Card>
      {editing && (
        <DeviceFormModal
          open
          device={d}
          onClose={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            message.success('设备已保存');
            void refresh();
          }}
        />
      )}
    </Space>
  );
}
