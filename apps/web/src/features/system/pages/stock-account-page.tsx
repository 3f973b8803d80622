import { AccountTable } from '../components/account-table.tsx';

/** 用户账号 (stock-management/account): the same accounts seen from the merchant side, read only. */
export default function StockAccountPage() {
  return <AccountTable compact />;
}
