import { BULLETIN_DISPLAY } from '@merchant/contracts/device/point-bulletin';
import { WITHDRAWAL_STATUS } from '@merchant/contracts/device/point-withdrawal';
import { Tag } from 'antd';

const BULLETIN_COLORS: Record<number, string> = { 1: 'default', 2: 'success', 3: 'warning', 4: 'default' };
const WITHDRAWAL_COLORS: Record<number, string> = { 1: 'processing', 2: 'cyan', 3: 'error', 4: 'default', 5: 'success' };

/** 草稿 / 已发布 / 已撤回, or 已过期 (derived by date). */
export function BulletinStatusTag({ display }: { display: number }) {
  return <Tag color={BULLETIN_COLORS[display]}>{BULLETIN_DISPLAY[display as keyof typeof BULLETIN_DISPLAY] ?? display}</Tag>;
}

export function WithdrawalStatusTag({ status }: { status: number }) {
  return <Tag color={WITHDRAWAL_COLORS[status]}>{WITHDRAWAL_STATUS[status as keyof typeof WITHDRAWAL_STATUS] ?? status}</Tag>;
}
