import { frontWarehouseOps } from '@merchant/contracts/stock/front-warehouse';
import { RecordHistoryDrawer } from '../../../platform/record-history.tsx';

/** A front warehouse's trail (变更记录): who added, edited, enabled / disabled it, and when. */
export function FrontWarehouseHistoryDrawer({
  warehouse,
  onClose,
}: {
  warehouse: { id: number; name: string } | null;
  onClose: () => void;
}) {
  return (
    <RecordHistoryDrawer
      title={warehouse ? `变更记录：${warehouse.name}` : ''}
      operation={frontWarehouseOps.history}
      input={warehouse ? { id: warehouse.id } : null}
      queryKey={['stock', 'front-warehouse', warehouse?.id]}
      testId="front-warehouse-history"
      onClose={onClose}
    />
  );
}
