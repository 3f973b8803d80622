import { suitsZone } from '@merchant/contracts/cabinet-goods/storage-zone';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { cstDate } from '../../platform/business-code.ts';
import { seedHistory } from '../../platform/record-history.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';
import * as repo from './template.repo.ts';

const DAY = 86_400_000;

/**
 * The demo's templates: the first three (one per model) are applied to the 已激活 cabinets of their model; the others
 * are planned for other scenes and not applied yet, two of them 停用. Each is filled layer by layer with SKUs that suit
 * the model's zone.
 */
const TEMPLATES: { name: string; modelCode: string; remark: string; status: 1 | 2; apply?: true }[] = [
  { name: '写字楼常温零食饮料模板', modelCode: 'XS-S1-N', remark: '写字楼大堂：零食、方便食品、常温饮料', status: 1, apply: true },
  { name: '地铁站冷藏饮品模板', modelCode: 'XS-S1-C', remark: '通勤客流：冷藏饮料、乳品，搭配常温小食', status: 1, apply: true },
  { name: '园区双门冷藏鲜食模板', modelCode: 'XS-D2-C', remark: '园区食堂旁：冷藏鲜食、乳品、饮料', status: 1, apply: true },
  { name: '夜间常温补充模板（停用）', modelCode: 'XS-S1-N', remark: '夜间营业点位试用，已停用', status: 2 },
  { name: '高校宿舍常温零食模板', modelCode: 'XS-D2-N', remark: '宿舍楼一层：零食、泡面、常温饮料', status: 1 },
  { name: '医院门诊冷藏饮品模板', modelCode: 'XS-S1-C', remark: '门诊大厅：矿泉水、乳品、功能饮料', status: 1 },
  { name: '健身房冷藏补给模板', modelCode: 'XS-S1-C', remark: '健身房前台：运动饮料、低糖乳品', status: 1 },
  { name: '酒店楼层常温模板', modelCode: 'XS-S1-N', remark: '酒店楼层：方便食品、零食、常温饮料', status: 1 },
  { name: '交通枢纽双门常温模板', modelCode: 'XS-D2-N', remark: '高铁站候车厅：大容量零食饮料', status: 1 },
  { name: '工业园区双门冷藏模板', modelCode: 'XS-D2-C', remark: '厂区食堂旁：冷藏鲜食、饮料', status: 1 },
  { name: '夏季冷饮模板', modelCode: 'XS-S1-C', remark: '6–9月：冷饮为主，乳品为辅', status: 1 },
  { name: '冬季热销零食模板', modelCode: 'XS-S1-N', remark: '11–2月：坚果、饼干、方便食品', status: 1 },
  { name: '社区便民常温模板', modelCode: 'XS-D2-N', remark: '社区门口：日用零食、饮料', status: 1 },
  { name: '景区冷藏饮品模板', modelCode: 'XS-D2-C', remark: '景区出入口：饮料、乳品', status: 1 },
  { name: '学校食堂冷藏模板（停用）', modelCode: 'XS-S1-C', remark: '学校食堂试点，已停用', status: 2 },
  { name: '写字楼冷藏早餐模板', modelCode: 'XS-S1-C', remark: '写字楼早高峰：乳品、三明治、咖啡', status: 1 },
];

/**
 * Goods templates of the demo merchant (after devices, order 30, and goods, 41): three templates applied to the
 * 已激活 demo cabinets of their model (device goods, planogram headers, apply records with an acknowledged 同步货道
 * command each), and thirteen more never applied (two 停用), so the list pages. Deterministic.
 */
export const seed: Seed = {
  order: 45,
  isEmpty: async (db) => !(await db.selectFrom('goods_template').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedTemplates(db, now),
};

export async function seedTemplates(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const admin = await demoAccount(db, mid, 'admin');
  const skus = await db
    .selectFrom('goods_sku as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(['s.id', 's.goods_id', 's.storage_style', 's.name', 's.base_price'])
    .where('s.merchant_id', '=', mid)
    .where('s.status', '=', 1)
    .where('s.deleted_at', 'is', null)
    .where('g.deleted_at', 'is', null)
    .where('g.status', '=', 1)
    .orderBy('s.id')
    .execute();
  if (skus.length === 0) return;
  const models = new Map((await db.selectFrom('device_model').selectAll().execute()).map((m) => [m.code, m]));
  const devices = await db.selectFrom('device').selectAll().where('merchant_id', '=', mid).where('status', '=', 2).orderBy('id').execute();

  await db.transaction().execute(async (trx) => {
    const write = seedHistory(trx, mid, admin);
    for (const [n, def] of TEMPLATES.entries()) {
      const model = models.get(def.modelCode);
      if (!model) continue;
      // the model's own style first (冷藏 goods in a 冷藏 cabinet), then what else the zone accepts
      const fit = skus
        .filter((s) => suitsZone(model.storage_style, s.storage_style))
        .sort((a, b) => Number(b.storage_style === model.storage_style) - Number(a.storage_style === model.storage_style) || a.id - b.id);
      if (fit.length === 0) continue;
      const createdAt = now - (60 - n * 3) * DAY;
      const code = `MB${cstDate(createdAt)}${String(n + 1).padStart(4, '0')}`;
      // every slot but the last column of the top layer (left empty: 商品优化 shows it), SKUs in turn
      const slots: {
        slot_no: string;
        layer: number;
        col: number;
        sku_id: number;
        goods_id: number;
        capacity: number;
        par_level: number;
      }[] = [];
      for (let layer = 1; layer <= model.slot_rows; layer++)
        for (let col = 1; col <= model.slot_cols; col++) {
          if (layer === 1 && col === model.slot_cols) continue;
          const sku = fit[(n * 7 + slots.length) % fit.length];
          const capacity = layer <= 2 ? 8 : 12;
          slots.push({
            slot_no: `${layer}-${col}`,
            layer,
            col,
            sku_id: sku.id,
            goods_id: sku.goods_id,
            capacity,
            par_level: capacity - 2 - (col % 3),
          });
        }
      const targets = def.apply ? devices.filter((d) => d.model_code === def.modelCode) : [];
      const appliedAt = createdAt + 2 * DAY;
      const id = await repo.insertTemplate(trx, {
        merchant_id: mid,
        template_code: code,
        name: def.name,
        model_code: def.modelCode,
        status: def.status,
        remark: def.remark,
        slot_count: slots.length,
        sku_count: new Set(slots.map((s) => s.sku_id)).size,
        creator_name: admin?.user_name ?? '系统',
        last_applied_at: targets.length ? appliedAt : 0,
        deleted_at: null,
        version: def.status === 2 ? 1 : 0,
        created_by: admin?.id ?? 0,
        created_at: createdAt,
        updated_at: def.status === 2 ? createdAt + DAY : createdAt,
      });
      await repo.setSlots(
        trx,
        id,
        slots.map(({ goods_id: _g, ...s }) => ({ merchant_id: mid, ...s })),
      );
      await write(repo.TEMPLATE_SUBJECT, code, 'create', '新增模板', '', createdAt);
      if (def.status === 2) await write(repo.TEMPLATE_SUBJECT, code, 'disable', '停用模板', '', createdAt + DAY);
      if (targets.length === 0) continue;
      const applyCode = `PH${cstDate(appliedAt)}${String(n + 1).padStart(4, '0')}`;
      await repo.replaceDeviceGoods(
        trx,
        mid,
        targets,
        { template_id: id, template_code: code, template_version: 0, apply_code: applyCode, applied_at: appliedAt },
        slots,
      );
      const commands = targets.map((d, k) => ({
        merchant_id: mid,
        device_id: d.id,
        command_no: `C${appliedAt}${(((n * 131 + k) * 2654435761) >>> 0).toString(16).padStart(8, '0')}`,
        command_type: 'planogram-sync',
        status: 2,
        result: `已同步货道${slots.length}个`,
        operator_name: admin?.user_name ?? '系统',
        sent_at: appliedAt + k * 50,
        acked_at: appliedAt + k * 50 + 900,
      }));
      await trx.insertInto('device_command').values(commands).execute();
      await repo.insertApplies(
        trx,
        targets.map((d, k) => ({
          merchant_id: mid,
          apply_code: applyCode,
          template_id: id,
          template_version: 0,
          device_id: d.id,
          device_code: d.device_code,
          slot_count: slots.length,
          command_no: commands[k].command_no,
          operator_name: admin?.user_name ?? '系统',
          applied_at: appliedAt,
        })),
      );
      await write(
        repo.TEMPLATE_SUBJECT,
        code,
        'apply',
        '应用到设备',
        `应用单${applyCode}：${targets.map((d) => `${d.name}（${d.device_code}）`).join('、')}，共${slots.length}个货道`,
        appliedAt,
      );
    }
  });
}
