import { ACCOUNT_STATUS } from '@merchant/contracts/system/account';

export const ACCOUNT_STATUS_OPTIONS = Object.entries(ACCOUNT_STATUS)
  .map(([value, label]) => ({ value: Number(value), label }))
  .sort((a, b) => b.value - a.value);

export function accountStatusLabel(status: number): string {
  return (ACCOUNT_STATUS as Record<number, string>)[status] ?? '未知';
}

/** merchantAccountType: 0 商户账号, 1 柜主账号. */
export const ACCOUNT_TYPE_OPTIONS = [
  { value: 0, label: '商户账号' },
  { value: 1, label: '柜主账号' },
];

export function accountTypeLabel(type: number): string {
  return ACCOUNT_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? '商户账号';
}

/** useSite: the account scopes its data by sites (站点) instead of sales channels (渠道). */
export function dataScopeLabel(useSite: boolean): string {
  return useSite ? '按站点' : '按渠道';
}
