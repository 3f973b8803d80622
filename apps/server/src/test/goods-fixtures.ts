import { gs1CheckDigit } from '@merchant/contracts/goods/goods-fields';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { TestApp } from './harness.ts';

// Rows of the goods library (goods_category, standard_product) written straight into the tables, for the
// merchant-goods tests (the library's own operations belong to another module).

type LibraryRows = {
  goods_category: {
    id?: number;
    merchant_id: number;
    parent_id: number;
    level: number;
    name: string;
    sort: number;
    version: number;
    created_by: number;
    created_at: number;
    updated_at: number;
  };
  standard_product: {
    id?: number;
    merchant_id: number;
    goods_no: string;
    barcode: string;
    name: string;
    brand: string;
    category_id: number;
    spec: string;
    unit: string;
    shelf_life_days: number;
    storage_style: number;
    image_ids: string;
    guide_price: number;
    status: number;
    source: number;
    approval_code: string;
    remark: string;
    version: number;
    created_by: number;
    created_at: number;
    updated_at: number;
  };
};
const lib = (t: TestApp) => (t.db.db as Kysely<Database>).withTables<LibraryRows>();

/** A valid EAN-13 from 12 leading digits. */
export const ean13 = (body12: string) => body12 + gs1CheckDigit(body12);

let seq = 0;
/** A fresh valid EAN-13 (690 prefix, then a counter). */
export function nextBarcode(): string {
  seq += 1;
  return ean13(`69${String(Date.now() % 1000).padStart(3, '0')}${String(seq).padStart(7, '0')}`);
}

export async function merchantIdOf(t: TestApp, userName: string): Promise<number> {
  const r = await t.db.db.selectFrom('account').select('merchant_id').where('user_name', '=', userName).executeTakeFirstOrThrow();
  return Number(r.merchant_id);
}

/** A three-level branch 食品 › 饮料 › 饮用水 (plus a sibling leaf 碳酸饮料) of a merchant; returns the ids. */
export async function categoryBranch(t: TestApp, merchantId: number, prefix = '') {
  const now = t.clock.now();
  const add = async (parent_id: number, level: number, name: string) =>
    Number(
      (
        await lib(t)
          .insertInto('goods_category')
          .values({
            merchant_id: merchantId,
            parent_id,
            level,
            name: `${prefix}${name}`,
            sort: 0,
            version: 0,
            created_by: 0,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const top = await add(0, 1, '食品');
  const mid = await add(top, 2, '饮料');
  const leaf = await add(mid, 3, '饮用水');
  const leaf2 = await add(mid, 3, '碳酸饮料');
  return { top, mid, leaf, leaf2 };
}

/** A standard product of the merchant. */
export async function standardProduct(
  t: TestApp,
  merchantId: number,
  categoryId: number,
  p: { name: string; barcode?: string; spec?: string; guidePrice?: number; status?: number },
) {
  const now = t.clock.now();
  seq += 1;
  return Number(
    (
      await lib(t)
        .insertInto('standard_product')
        .values({
          merchant_id: merchantId,
          goods_no: `SP${String(seq).padStart(8, '0')}`,
          barcode: p.barcode ?? nextBarcode(),
          name: p.name,
          brand: '农夫山泉',
          category_id: categoryId,
          spec: p.spec ?? '550ml',
          unit: '瓶',
          shelf_life_days: 365,
          storage_style: 1,
          image_ids: '[]',
          guide_price: p.guidePrice ?? 200,
          status: p.status ?? 1,
          source: 1,
          approval_code: '',
          remark: '',
          version: 0,
          created_by: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
}
