import { STORE_STATUS } from '@merchant/contracts/merchant/store';
import { Tag } from 'antd';
import { CHANGE_STATUS } from '@merchant/contracts/merchant/merchant-change';
import { CONTRACT_STATUS, type ContractStatus } from '@merchant/contracts/merchant/contract';
import { SETTLE_STATUS } from '@merchant/contracts/merchant/settle-apply';
import { STAFF_STATUS } from '@merchant/contracts/merchant/staff';

/** Colour of a settle status (null: not settled yet). */
export function settleColor(status: number | null): string {
  return status === 2 ? 'success' : status === 1 ? 'processing' : status === 3 ? 'error' : 'default';
}
const SETTLE_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error', 4: 'default' };
const CHANGE_COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error', 4: 'default' };
const STORE_COLORS: Record<number, string> = { 1: 'success', 2: 'warning', 3: 'default' };
const CONTRACT_COLORS: Record<ContractStatus, string> = {
  pending: 'default',
  active: 'success',
  expiring: 'warning',
  expired: 'error',
  terminated: 'default',
};

export const SettleTag = ({ status }: { status: number }) => (
  <Tag color={SETTLE_COLORS[status]}>{SETTLE_STATUS[status as keyof typeof SETTLE_STATUS]}</Tag>
);
export const ChangeTag = ({ status }: { status: number }) => (
  <Tag color={CHANGE_COLORS[status]}>{CHANGE_STATUS[status as keyof typeof CHANGE_STATUS]}</Tag>
);
export const StoreTag = ({ status }: { status: number }) => (
  <Tag color={STORE_COLORS[status]}>{STORE_STATUS[status as keyof typeof STORE_STATUS]}</Tag>
);
export const ContractTag = ({ status }: { status: ContractStatus }) => <Tag color={CONTRACT_COLORS[status]}>{CONTRACT_STATUS[status]}</Tag>;
export const StaffTag = ({ status }: { status: number }) => (
  <Tag color={status === 1 ? 'success' : 'default'}>{STAFF_STATUS[status as keyof typeof STAFF_STATUS]}</Tag>
);
