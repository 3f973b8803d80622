import { COMMAND_STATUS } from '@merchant/contracts/device/device';
import { VOICE_STATUS } from '@merchant/contracts/voice/voice-prompt';
import { Tag } from 'antd';

const PUSH_COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'warning', 4: 'error' };

export function VoiceStatusTag({ status }: { status: number }) {
  return <Tag color={status === 1 ? 'green' : 'default'}>{VOICE_STATUS[status as keyof typeof VOICE_STATUS] ?? status}</Tag>;
}

/** A cabinet's push: 已发送 / 已确认 / 超时 / 执行失败. */
export function PushStatusTag({ status }: { status: number }) {
  return <Tag color={PUSH_COLORS[status]}>{COMMAND_STATUS[status as keyof typeof COMMAND_STATUS] ?? status}</Tag>;
}
