import { AccountTable } from '../components/account-table.tsx';

/** 账号管理: search, list, add, edit, enable / disable, reset password, delete. */
export default function AccountListPage() {
  return <AccountTable />;
}
