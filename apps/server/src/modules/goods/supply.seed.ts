import type { SpecValue } from '@merchant/contracts/goods/goods-fields';
import { skuName } from '@merchant/contracts/goods/sku';
import { SUPPLY_DISABLED, SUPPLY_ENABLED } from '@merchant/contracts/goods/supplier';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { seedHistory } from '../../platform/record-history.ts';
import { STANDARD_PRODUCT_ENABLED } from './standard-product.repo.ts';

/** How many standard products get a supply SKU (every few of the library, so several categories show). */
const SUPPLIED = 60;
const MOQS = [6, 12, 24, 48, 10, 20];
const LEAD_TIMES = [1, 2, 3, 5, 7, 10];
/** Purchase price as a share of the guide price (per mille). */
const DISCOUNTS = [620, 650, 680, 700, 720, 750, 780];

const SUPPLIERS = [
  { code: 'GY10000001', name: '华东食品供应链有限公司', contact: '陈建国', phone: '13816620418', remark: '上海仓发货，周一至周六送货' },
  { code: 'GY10000002', name: '粤海饮品批发', contact: '林晓峰', phone: '13926083357', remark: '饮料、乳品整箱批发' },
];

/**
 * Supply-chain goods of the demo merchant (after the library, order 40, and the merchant goods, order 41): two
 * suppliers — 粤海饮品批发 takes the products under a top category whose name holds 饮 or 乳, 华东食品供应链有限公司
 * the rest — and about 60 supply SPUs, one SKU each, linked to the standard product by its barcode, purchase price
 * 62–78 % of the guide price, realistic minimum order quantities and lead times; every 9th SKU 停用. Deterministic.
 */
export const seed: Seed = {
  order: 43,
  isEmpty: async (db) => !(await db.selectFrom('supplier').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedSupply(db, now),
};

export async function seedSupply(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const all = await db
    .selectFrom('standard_product')
    .select(['id', 'goods_no', 'barcode', 'name', 'brand', 'category_id', 'spec', 'unit', 'guide_price'])
    .where('merchant_id', '=', mid)
    .where('status', '=', STANDARD_PRODUCT_ENABLED)
    .orderBy('id')
    .execute();
  if (all.length === 0) return;
  const step = Math.max(1, Math.floor(all.length / SUPPLIED));
  const products = all.filter((_, i) => i % step === 0).slice(0, SUPPLIED);
  const categories = await db.selectFrom('goods_category').select(['id', 'parent_id', 'name']).where('merchant_id', '=', mid).execute();
  const byId = new Map(categories.map((c) => [Number(c.id), c]));
  const rootName = (id: number) => {
    let c = byId.get(id);
    while (c && Number(c.parent_id) !== 0) c = byId.get(Number(c.parent_id));
    return c?.name ?? '';
  };
  const admin = await demoAccount(db, mid, 'admin');
  const by = admin?.id ?? 0;

  await db.transaction().execute(async (trx) => {
    const history = seedHistory(trx, mid, admin);
    const start = now - (products.length + 2) * 3_600_000;
    const supplierIds: number[] = [];
    for (const [i, s] of SUPPLIERS.entries()) {
      const at = start + i * 60_000;
      const id = Number(
        (
          await trx
            .insertInto('supplier')
            .values({
              merchant_id: mid,
              supplier_code: s.code,
              name: s.name,
              contact: s.contact,
              phone: s.phone,
              remark: s.remark,
              status: SUPPLY_ENABLED,
              created_by: by,
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      supplierIds.push(id);
      await history('goods.supplier', id, 'create', '新增供应商', s.code, at);
    }
    for (const [i, p] of products.entries()) {
      const at = start + (i + 1) * 3_600_000;
      const drinks = /饮|乳|水/.test(rootName(Number(p.category_id)));
      const supplierId = supplierIds[drinks ? 1 : 0];
      const spuCode = `GS${String(10_000_001 + i)}`;
      const spuId = Number(
        (
          await trx
            .insertInto('supply_spu')
            .values({
              merchant_id: mid,
              supplier_id: supplierId,
              spu_code: spuCode,
              name: p.name,
              brand: p.brand,
              category_id: Number(p.category_id),
              unit: p.unit,
              standard_product_id: Number(p.id),
              remark: '',
              status: SUPPLY_ENABLED,
              created_by: by,
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      await history('goods.supply-goods', spuId, 'create', '新增供应链商品', `${spuCode}，标准商品 ${p.goods_no}`, at);
      const guide = Number(p.guide_price) > 0 ? Number(p.guide_price) : 100;
      const spec = p.spec.trim().slice(0, 20);
      const specValues: SpecValue[] = spec ? [{ name: '规格', value: spec }] : [];
      const skuCode = `GK${String(10_000_001 + i)}`;
      const skuId = Number(
        (
          await trx
            .insertInto('supply_sku')
            .values({
              merchant_id: mid,
              supplier_id: supplierId,
              spu_id: spuId,
              sku_code: skuCode,
              name: skuName(p.name, specValues),
              spec_values: JSON.stringify(specValues),
              barcode: p.barcode,
              category_id: Number(p.category_id),
              purchase_price: Math.max(1, Math.round((guide * DISCOUNTS[i % DISCOUNTS.length]) / 1000)),
              moq: MOQS[i % MOQS.length],
              lead_time_days: LEAD_TIMES[i % LEAD_TIMES.length],
              status: i % 9 === 8 ? SUPPLY_DISABLED : SUPPLY_ENABLED,
              created_by: by,
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      await history('goods.supply-sku', skuId, 'create', '创建SKU', `${skuCode}，商品 ${spuCode}`, at);
    }
  });
}
