import { TEMPLATE_STATUS } from '@merchant/contracts/cabinet-goods/template';
import { COMMAND_STATUS } from '@merchant/contracts/device/device';
import { Tag } from 'antd';

const PUSH_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'warning', 4: 'error' };

export function TemplateStatusTag({ status }: { status: number }) {
  return <Tag color={status === 1 ? 'green' : 'default'}>{TEMPLATE_STATUS[status as keyof typeof TEMPLATE_STATUS] ?? status}</Tag>;
}

/** A cabinet's 同步货道: 未推送 (link off) / 已发送 / 已确认 / 超时 / 执行失败. */
export function PushStatusTag({ status }: { status: number }) {
  return (
    <Tag color={PUSH_COLORS[status]}>{status === 0 ? '未推送' : (COMMAND_STATUS[status as keyof typeof COMMAND_STATUS] ?? status)}</Tag>
  );
}
