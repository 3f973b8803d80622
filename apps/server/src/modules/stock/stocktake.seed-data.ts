import { STOCKTAKE_COUNTING, STOCKTAKE_POSTED, STOCKTAKE_SUBMITTED, STOCKTAKE_VOIDED } from '@merchant/contracts/stock/stocktake';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { cstDate } from '../../platform/business-code.ts';
import { seedHistory } from '../../platform/record-history.ts';
import { postMovements } from './stock-ledger.service.ts';
import * as repo from './stocktake.repo.ts';
import { STOCKTAKE_SUBJECT } from './stocktake.service.ts';

// The demo's 盘点单 (called by stock.seed.ts, after the cabinets' 期初库存 and 补货): for the first cabinets, one posted
// stocktake 3 days ago (a few slots one short or one over, the variances posted through the ledger at its approval
// time), one 待审核 (all counted) and one 盘点中 (half counted); every other cabinet has three finished ones 24, 15 and
// 6 days ago (已过账, every seventh 已作废 with its reason) — only one open stocktake per cabinet may exist, so the
// other cabinets stay free for new stocktakes.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const REMARKS = ['月度盘点', '周盘', '补货后复盘', '', '季度全盘', '抽盘'];
const VOID_REASONS = ['设备故障中断盘点，重新开单', '盘点人员临时调班', '选错盘点设备'];

export async function seedStocktakes(
  db: Kysely<Database>,
  merchantId: number,
  admin: { id: number; user_name: string } | undefined,
  now: number,
): Promise<void> {
  const all = await repo.deviceOptions(db, merchantId);
  const devices = all.slice(0, 3);
  const operatorName = admin?.user_name ?? '系统';
  const operatorId = admin?.id ?? 0;
  const plans = [STOCKTAKE_POSTED, STOCKTAKE_SUBMITTED, STOCKTAKE_COUNTING];
  await db.transaction().execute(async (trx) => {
    const history = seedHistory(trx, merchantId, admin);
    let k = 0;
    for (const [c, d] of all.slice(3).entries())
      for (const daysAgo of [24, 15, 6]) {
        k++;
        const createdAt = now - daysAgo * DAY + (c % 9) * HOUR;
        const status = k % 7 === 3 ? STOCKTAKE_VOIDED : STOCKTAKE_POSTED;
        await one(
          d,
          status,
          createdAt,
          `PD${cstDate(createdAt)}${String(8000 + k)}`,
          k,
          REMARKS[k % REMARKS.length]!,
          VOID_REASONS[k % VOID_REASONS.length]!,
        );
      }
    for (const [n, d] of devices.entries()) {
      const status = plans[n]!;
      const createdAt = status === STOCKTAKE_POSTED ? now - 3 * DAY : now - (2 - n) * 3_600_000 - DAY / 2;
      await one(d, status, createdAt, `PD${cstDate(createdAt)}${String(9001 + n)}`, 0, status === STOCKTAKE_POSTED ? '月度盘点' : '', '');
    }

    /** One stocktake in its state: the snapshot now, the counts, and (posted) the variances through the ledger at approval. */
    async function one(
      d: { device_code: string; device_name: string },
      status: number,
      createdAt: number,
      code: string,
      shift: number,
      remark: string,
      voidReason: string,
    ) {
      const doneAt = createdAt + 2 * 3_600_000;
      const voided = status === STOCKTAKE_VOIDED;
      const slots = await repo.slotBalances(trx, merchantId, d.device_code);
      // counted: as the system says, but every fifth slot one short (when it holds any) and every seventh one over
      const counted = slots.map((s, i) => {
        if ((status === STOCKTAKE_COUNTING || voided) && i % 2 === 1) return null;
        const q = Number(s.on_hand);
        return (i + shift) % 5 === 1 && q > 0 ? q - 1 : (i + shift) % 7 === 3 ? q + 1 : q;
      });
      let varianceLines = 0;
      let varianceTotal = 0;
      counted.forEach((c, i) => {
        if (c === null) return;
        const v = c - Number(slots[i]!.on_hand);
        if (v) varianceLines++;
        varianceTotal += v;
      });
      const id = await repo.insertStocktake(trx, {
        merchant_id: merchantId,
        stocktake_code: code,
        device_code: d.device_code,
        device_name: d.device_name,
        status,
        line_count: slots.length,
        counted_count: counted.filter((c) => c !== null).length,
        variance_lines: varianceLines,
        variance_total: varianceTotal,
        remark,
        reason: voided ? voidReason : '',
        creator_name: operatorName,
        submitted_at: status === STOCKTAKE_COUNTING || voided ? 0 : doneAt - 3_600_000,
        reviewer_name: status === STOCKTAKE_POSTED ? operatorName : '',
        reviewed_at: status === STOCKTAKE_POSTED ? doneAt : 0,
        version: status === STOCKTAKE_POSTED ? 4 : status === STOCKTAKE_SUBMITTED || voided ? 3 : 2,
        created_by: operatorId,
        created_at: createdAt,
        updated_at: status === STOCKTAKE_COUNTING ? createdAt : doneAt,
      });
      await repo.insertLines(
        trx,
        slots.map((s, i) => ({
          merchant_id: merchantId,
          stocktake_id: id,
          location_id: Number(s.location_id),
          slot_no: s.slot_no,
          sku_id: Number(s.sku_id),
          system_qty: Number(s.on_hand),
          counted_qty: counted[i] ?? null,
        })),
      );
      await history(STOCKTAKE_SUBJECT, code, 'create', '新建', `智能柜${d.device_code}，${slots.length}个货道（快照）`, createdAt);
      if (voided) {
        await history(
          STOCKTAKE_SUBJECT,
          code,
          'count',
          '录入盘点数',
          `已盘${counted.filter((c) => c !== null).length}/${slots.length}`,
          doneAt - HOUR,
        );
        await history(STOCKTAKE_SUBJECT, code, 'void', '作废', voidReason, doneAt);
        return;
      }
      if (status === STOCKTAKE_COUNTING) return;
      await history(STOCKTAKE_SUBJECT, code, 'submit', '提交审核', `差异${varianceLines}行，合计${varianceTotal}件`, doneAt - 3_600_000);
      if (status !== STOCKTAKE_POSTED) return;
      const posted = await postMovements(
        trx,
        { merchantId, operatorId, operatorName, now: doneAt },
        slots.flatMap((s, i) => {
          const c = counted[i];
          if (c === null || c === undefined || c === Number(s.on_hand)) return [];
          return [
            {
              locationId: Number(s.location_id),
              skuId: Number(s.sku_id),
              type: 'stocktake' as const,
              quantity: c - Number(s.on_hand),
              docType: 'stocktake' as const,
              docCode: code,
              reason: `盘点差异：实盘${c}，快照${s.on_hand}`,
            },
          ];
        }),
      );
      await history(STOCKTAKE_SUBJECT, code, 'approve', '审核通过', `过账${posted.length}条盘点差异，合计${varianceTotal}件`, doneAt);
    }
  });
}
