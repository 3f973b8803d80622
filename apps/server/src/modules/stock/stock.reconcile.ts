import type { LedgerCheck } from '../../platform/reconcile.ts';
import { reconcile } from './stock-ledger.service.ts';

/** The stock ledger: every balance equals the sum of its movements, no balance is negative or locked above on hand. */
export const check: LedgerCheck = {
  name: '库存 = Σ 库存流水 (stock = sum of movements)',
  async run(db, merchantId) {
    const r = await reconcile(db, merchantId);
    return [
      ...r.bad.map(
        (b) =>
          `位置 ${b.locationId} SKU ${b.skuId}: 现有 ${b.onHand} / 锁定 ${b.locked}, 流水合计 ${b.moved} / ${b.lockMoved}` +
          (b.onHand < 0 || b.locked < 0 || b.locked > b.onHand ? ' (越界)' : ''),
      ),
      ...r.orphans.map((o) => `位置 ${o.locationId} SKU ${o.skuId}: 有流水但没有库存记录`),
      ...r.brokenChains.map((c) => `位置 ${c.locationId} SKU ${c.skuId}: 流水 ${c.movementId} 的变动前数量与上一条的变动后数量不符`),
    ];
  },
};
