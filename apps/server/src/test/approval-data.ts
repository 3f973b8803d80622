import { gs1CheckDigit } from '@merchant/contracts/goods/goods-fields';
import type { Kysely } from 'kysely';
import type { TestApp } from './harness.ts';

// Test data for the application tests: the catalogue rows an application refers to (categories, an SPU, a
// standard product, a SKU), written straight into the tables because their own services live elsewhere.

/** A valid EAN-13 from 12 leading digits. */
export const ean13 = (body: string) => `${body}${gs1CheckDigit(body)}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const raw = (t: TestApp) => t.db.db as unknown as Kysely<any>;

export async function merchantOf(t: TestApp, userName: string): Promise<number> {
  const r = await t.db.db.selectFrom('account').select('merchant_id').where('user_name', '=', userName).executeTakeFirstOrThrow();
  return r.merchant_id;
}

async function insert(t: TestApp, table: string, row: Record<string, unknown>): Promise<number> {
  const now = t.clock.now();
  const r = (await raw(t)
    .insertInto(table)
    .values({ ...row, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()) as { id: number };
  return r.id;
}

/** 测试饮料 / 测试饮用水 / 测试矿泉水 (leaf) and … / 测试纯净水 (names apart from the demo tree's); answers the leaf ids and the level-2 id. */
export async function seedCategories(t: TestApp, merchantId: number) {
  const l1 = await insert(t, 'goods_category', { merchant_id: merchantId, parent_id: 0, level: 1, name: '测试饮料' });
  const l2 = await insert(t, 'goods_category', { merchant_id: merchantId, parent_id: l1, level: 2, name: '测试饮用水' });
  const leaf = await insert(t, 'goods_category', { merchant_id: merchantId, parent_id: l2, level: 3, name: '测试矿泉水' });
  const leaf2 = await insert(t, 'goods_category', { merchant_id: merchantId, parent_id: l2, level: 3, name: '测试纯净水' });
  return { l1, l2, leaf, leaf2 };
}

export async function seedStandardProduct(t: TestApp, merchantId: number, categoryId: number, barcode: string) {
  return insert(t, 'standard_product', {
    merchant_id: merchantId,
    goods_no: `SP${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    barcode,
    name: '已有标准商品',
    category_id: categoryId,
    unit: '瓶',
    storage_style: 1,
    status: 1,
    source: 1,
  });
}

export async function seedGoods(t: TestApp, merchantId: number, categoryId: number, name = '元气森林 苏打气泡水') {
  return insert(t, 'goods', {
    merchant_id: merchantId,
    goods_code: `G${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    name,
    category_id: categoryId,
    unit: '瓶',
    storage_style: 2,
    status: 1,
  });
}

export async function seedSku(t: TestApp, merchantId: number, goodsId: number, categoryId: number, barcode: string) {
  return insert(t, 'goods_sku', {
    merchant_id: merchantId,
    goods_id: goodsId,
    sku_code: `K${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    name: '已有SKU',
    barcode,
    category_id: categoryId,
    base_price: 500,
    storage_style: 1,
    status: 1,
  });
}

export const newProduct = (categoryId: number, barcode: string, patch: Record<string, unknown> = {}) => ({
  kind: 1,
  name: '农夫山泉 长白雪矿泉水',
  barcode,
  brand: '农夫山泉',
  categoryId,
  spec: '535ml',
  unit: '瓶',
  shelfLifeDays: 365,
  storageStyle: 1,
  imageIds: [],
  guidePrice: 300,
  basePrice: 280,
  ...patch,
});
