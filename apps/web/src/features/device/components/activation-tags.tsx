import { ACTIVATION_STATUS } from '@merchant/contracts/device/device-activation';
import { Tag } from 'antd';

const COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error', 4: 'default' };

export function ActivationStatusTag({ status }: { status: number }) {
  return <Tag color={COLORS[status]}>{ACTIVATION_STATUS[status as keyof typeof ACTIVATION_STATUS] ?? status}</Tag>;
}
