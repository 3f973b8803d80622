import { deviceOps } from '@merchant/contracts/device/device';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../platform/call.ts';

/** The cabinet models (product data) as select options: 单门常温柜（常温，5层×6列）. */
export function useModelOptions() {
  const q = useQuery({ queryKey: ['device', 'models'], queryFn: () => call(deviceOps.models), staleTime: 600_000 });
  const models = q.data ?? [];
  return {
    models,
    options: models.map((m) => ({ value: m.code, label: `${m.name}（${m.storageStyleName}，${m.slotRows}层×${m.slotCols}列）` })),
    nameOptions: models.map((m) => ({ value: m.code, label: m.name })),
  };
}
