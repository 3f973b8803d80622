import { CapitalAccountList } from '../components/capital-account-list.tsx';

/** capital-list-supplier — 供应商资金: the suppliers' accounts (the type is fixed, no type filter). */
export default function SupplierCapitalListPage() {
  return <CapitalAccountList scope="supplier" />;
}
