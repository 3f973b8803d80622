import { COMMAND_STATUS, DEVICE_STATUS, type DeviceRow } from '@merchant/contracts/device/device';
import { Space, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../shared/format/date.ts';

const STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'green', 3: 'red' };
const COMMAND_COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'warning', 4: 'error' };

export function DeviceStatusTag({ status }: { status: number }) {
  return <Tag color={STATUS_COLORS[status]}>{DEVICE_STATUS[status as keyof typeof DEVICE_STATUS] ?? status}</Tag>;
}

/** 在线 / 离线 with the last heartbeat under it. */
export function OnlineTag({ row, inline = false }: { row: Pick<DeviceRow, 'online' | 'lastSeenAt'>; inline?: boolean }) {
  const tag = row.online ? <Tag color="success">在线</Tag> : <Tag>离线</Tag>;
  const seen = (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {row.lastSeenAt ? `最后心跳 ${formatDateTime(row.lastSeenAt)}` : '从未连接'}
    </Typography.Text>
  );
  return inline ? (
    <Space size={4}>
      {tag}
      {seen}
    </Space>
  ) : (
    <Space orientation="vertical" size={0}>
      {tag}
      {seen}
    </Space>
  );
}

export function CommandStatusTag({ status }: { status: number }) {
  return <Tag color={COMMAND_COLORS[status]}>{COMMAND_STATUS[status as keyof typeof COMMAND_STATUS] ?? status}</Tag>;
}

/** The secret, shown once (create, reset), with a copy button. */
export function SecretOnce({ deviceCode, secret }: { deviceCode: string; secret: string }) {
  return (
    <Space orientation="vertical" size={4}>
      <span>
        设备编号：<Typography.Text copyable>{deviceCode}</Typography.Text>
      </span>
      <span>
        设备密钥：
        <Typography.Text copyable code data-testid="device-secret">
          {secret}
        </Typography.Text>
      </span>
      <Typography.Text type="warning">密钥只显示这一次，请立即复制并写入设备；遗失后只能重置密钥。</Typography.Text>
    </Space>
  );
}
