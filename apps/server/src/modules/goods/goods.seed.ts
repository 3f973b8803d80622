import { GOODS_OFF_SALE, GOODS_ON_SALE } from '@merchant/contracts/goods/goods';
import { gs1CheckDigit, type SpecValue } from '@merchant/contracts/goods/goods-fields';
import { SKU_OFF_SHELF, SKU_ON_SHELF, skuName } from '@merchant/contracts/goods/sku';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { seedHistory } from '../../platform/record-history.ts';
import { STANDARD_PRODUCT_ENABLED } from './standard-product.repo.ts';

const ADOPT = 120;
/** Extra SKUs of some adopted goods: a spec name and the values of the added SKUs. */
const VARIANTS: [string, string[]][] = [
  ['口味', ['原味', '草莓味', '香草味']],
  ['规格', ['小瓶装', '家庭装']],
  ['口味', ['经典', '低糖']],
  ['包装', ['单支', '6支装', '12支装']],
];

/**
 * Merchant goods of the demo merchant (after the library's standard products, order 40): about 120 of them
 * adopted (one goods and one SKU each, the SKU at the guide price), every 10th with two or three SKUs
 * (口味/规格 values, valid distinct barcodes), every 13th 停售 (its SKUs 下架), every 7th SKU 下架.
 * Deterministic. No standard products: nothing.
 */
export const seed: Seed = {
  order: 41,
  isEmpty: async (db) => !(await db.selectFrom('goods').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedGoods(db, now),
};

export async function seedGoods(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const products = await db
    .selectFrom('standard_product')
    .select([
      'id',
      'goods_no',
      'barcode',
      'name',
      'brand',
      'category_id',
      'spec',
      'unit',
      'shelf_life_days',
      'storage_style',
      'image_ids',
      'guide_price',
    ])
    .where('merchant_id', '=', mid)
    .where('status', '=', STANDARD_PRODUCT_ENABLED)
    .orderBy('id')
    .limit(ADOPT)
    .execute();
  if (products.length === 0) return;
  const admin = await demoAccount(db, mid, 'admin');
  const taken = new Set(products.map((p) => p.barcode));
  let extra = 0;
  const extraBarcode = () => {
    for (;;) {
      extra += 1;
      const body = `697${String(mid % 100).padStart(2, '0')}${String(extra).padStart(7, '0')}`;
      const code = body + gs1CheckDigit(body);
      if (!taken.has(code)) return (taken.add(code), code);
    }
  };
  let skuSeq = 0;
  await db.transaction().execute(async (trx) => {
    const history = seedHistory(trx, mid, admin);
    for (const [i, p] of products.entries()) {
      const at = now - (products.length - i) * 3_600_000;
      const offSale = i % 13 === 12;
      const goodsCode = `G${String(10_000_001 + i)}`;
      const goodsId = Number(
        (
          await trx
            .insertInto('goods')
            .values({
              merchant_id: mid,
              goods_code: goodsCode,
              standard_product_id: Number(p.id),
              name: p.name,
              brand: p.brand,
              category_id: Number(p.category_id),
              unit: p.unit,
              storage_style: Number(p.storage_style),
              shelf_life_days: Number(p.shelf_life_days),
              image_ids: p.image_ids || '[]',
              description: '',
              status: offSale ? GOODS_OFF_SALE : GOODS_ON_SALE,
              created_by: admin?.id ?? 0,
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      await history('goods.goods', goodsId, 'adopt', '从标准库选品', `${goodsCode}，标准商品 ${p.goods_no}`, at);
      const price = Number(p.guide_price) > 0 ? Number(p.guide_price) : 100;
      const spec = p.spec.trim().slice(0, 20);
      const skus: { specValues: SpecValue[]; barcode: string; basePrice: number }[] = [
        { specValues: spec ? [{ name: '规格', value: spec }] : [], barcode: p.barcode, basePrice: price },
      ];
      if (i % 10 === 4) {
        const [name, values] = VARIANTS[((i / 10) % VARIANTS.length) | 0];
        for (const [k, value] of values.slice(0, 1 + (i % 20 === 4 ? 1 : 0)).entries()) {
          skus.push({ specValues: [{ name, value }], barcode: extraBarcode(), basePrice: price + (k + 1) * 50 });
        }
      }
      for (const s of skus) {
        skuSeq += 1;
        const skuCode = `K${String(10_000_000 + skuSeq)}`;
        const status = offSale || skuSeq % 7 === 0 ? SKU_OFF_SHELF : SKU_ON_SHELF;
        const skuId = Number(
          (
            await trx
              .insertInto('goods_sku')
              .values({
                merchant_id: mid,
                goods_id: goodsId,
                sku_code: skuCode,
                name: skuName(p.name, s.specValues),
                spec_values: JSON.stringify(s.specValues),
                barcode: s.barcode,
                category_id: Number(p.category_id),
                base_price: s.basePrice,
                storage_style: Number(p.storage_style),
                status,
                created_by: admin?.id ?? 0,
                created_at: at,
                updated_at: at,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
        await history('goods.sku', skuId, 'create', '新增SKU', `${skuCode}，商品 ${goodsCode}`, at);
      }
    }
  });
}
