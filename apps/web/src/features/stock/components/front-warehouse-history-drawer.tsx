import { frontWarehouseOps } from '@merchant/contracts/stock/front-warehouse';
import { Drawer } from 'antd';
import { RecordHistory } from '../../../platform/record-history.tsx';

/** A front warehouse's trail (变更记录): who added, edited, enabled / disabled it, and when. */
export function FrontWarehouseHistoryDrawer({
  warehouse,
  onClose,
}: {
  warehouse: { id: number; name: string } | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      open={warehouse !== null}
      title={warehouse ? `变更记录：${warehouse.name}` : ''}
      size={900}
      onClose={onClose}
      destroyOnHidden
      data-testid="front-warehouse-history"
    >
      {warehouse ? (
        <RecordHistory
          operation={frontWarehouseOps.history}
          input={{ id: warehouse.id }}
          queryKey={['stock', 'front-warehouse', warehouse.id]}
        />
      ) : null}
    </Drawer>
  );
}
