import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { categoryAndDescendants } from './category.repo.ts';
import type { GoodsBankTable } from './goods-bank.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface BankFilter {
  keyword?: string;
  categoryId?: number;
  status?: number;
  sortField?: 'createdAt' | 'goodsCode';
  sortOrder: 'ascend' | 'descend';
}

/** A SKU's store price in the bank: its bank row's price, else its base sale price. */
export const bankPriceOf = (eb: ExpressionBuilder<Database, 'goods_sku'>) =>
  eb.fn.coalesce(
    eb
      .selectFrom('goods_bank_price')
      .select('goods_bank_price.store_price')
      .whereRef('goods_bank_price.sku_id', '=', 'goods_sku.id')
      .limit(1),
    'goods_sku.base_price',
  );

const liveSkus = (eb: ExpressionBuilder<Database, 'goods_bank'>) =>
  eb.selectFrom('goods_sku').whereRef('goods_sku.goods_id', '=', 'goods_bank.goods_id').where('goods_sku.deleted_at', 'is', null);

/** The bank list's query (banked live goods of the merchant), without paging. */
export function bankQuery(db: Db, merchantId: number, f: BankFilter) {
  let q = db
    .selectFrom('goods_bank')
    .innerJoin('goods', 'goods.id', 'goods_bank.goods_id')
    .where('goods_bank.merchant_id', '=', merchantId)
    .where('goods.deleted_at', 'is', null);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('goods.name', k), contains('goods.goods_code', k)]));
  }
  if (f.categoryId !== undefined) q = q.where('goods.category_id', 'in', categoryAndDescendants(db, merchantId, f.categoryId));
  if (f.status !== undefined) q = q.where('goods_bank.status', '=', f.status);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  const col = f.sortField === 'goodsCode' ? 'goods.goods_code' : 'goods_bank.id';
  return q
    .selectAll('goods_bank')
    .select(['goods.goods_code', 'goods.name as goods_name', 'goods.brand', 'goods.category_id', 'goods.status as goods_status'])
    .select((eb) => [
      liveSkus(eb)
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('sku_count'),
      liveSkus(eb)
        .select((e) => e.fn.min<number>(bankPriceOf(e)).as('p'))
        .as('min_price'),
      liveSkus(eb)
        .select((e) => e.fn.max<number>(bankPriceOf(e)).as('p'))
        .as('max_price'),
      eb
        .selectFrom('store_goods')
        .innerJoin('goods_sku', 'goods_sku.id', 'store_goods.sku_id')
        .whereRef('store_goods.goods_id', '=', 'goods_bank.goods_id')
        .where('store_goods.merchant_id', '=', merchantId)
        .where('goods_sku.deleted_at', 'is', null)
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('store_count'),
    ])
    .orderBy(col, dir)
    .orderBy('goods_bank.id', dir);
}
export type BankListRow = Awaited<ReturnType<ReturnType<typeof bankQuery>['execute']>>[number];

export function listBank(db: Db, merchantId: number, f: BankFilter & { pageNum: number; pageSize: number }) {
  return fetchPage(db, bankQuery(db, merchantId, f), f);
}

export function findBankOfGoods(db: Db, merchantId: number, goodsId: number) {
  return bankQuery(db, merchantId, { sortOrder: 'descend' }).where('goods_bank.goods_id', '=', goodsId).executeTakeFirst();
}

/** The live SKUs of a goods with their bank store price. */
export function bankSkus(db: Db, merchantId: number, goodsId: number) {
  return db
    .selectFrom('goods_sku')
    .select(['goods_sku.id', 'goods_sku.sku_code', 'goods_sku.name', 'goods_sku.spec_values', 'goods_sku.barcode', 'goods_sku.base_price'])
    .select(['goods_sku.status', 'goods_sku.goods_id'])
    .select((eb) => bankPriceOf(eb).as('store_price'))
    .where('goods_sku.merchant_id', '=', merchantId)
    .where('goods_sku.goods_id', '=', goodsId)
    .where('goods_sku.deleted_at', 'is', null)
    .orderBy('goods_sku.id')
    .execute();
}

/** Live goods not in the bank yet (the add page's picker). */
export function candidateGoods(db: Db, merchantId: number, keyword: string | undefined, limit: number) {
  let q = db
    .selectFrom('goods')
    .select(['goods.id', 'goods.goods_code', 'goods.name', 'goods.status'])
    .where('goods.merchant_id', '=', merchantId)
    .where('goods.deleted_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('goods_bank')
            .select('goods_bank.id')
            .whereRef('goods_bank.goods_id', '=', 'goods.id')
            .where('goods_bank.merchant_id', '=', merchantId),
        ),
      ),
    );
  if (keyword) q = q.where((eb) => eb.or([contains('goods.name', keyword), contains('goods.goods_code', keyword)]));
  return q.orderBy('goods.id', 'desc').limit(limit).execute();
}

export async function insertBank(db: Db, row: Omit<GoodsBankTable, 'id' | 'version'>) {
  return Number((await db.insertInto('goods_bank').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export function updateBankVersioned(
  db: Db,
  merchantId: number,
  bankId: number,
  version: number,
  values: Partial<Pick<GoodsBankTable, 'status' | 'remark' | 'updated_at'>>,
) {
  return db
    .updateTable('goods_bank')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', bankId)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Sets (insert or replace) the store price of one SKU in the bank. */
export async function putBankPrice(db: Db, merchantId: number, bankId: number, skuId: number, storePrice: number) {
  const res = await db
    .updateTable('goods_bank_price')
    .set({ store_price: storePrice })
    .where('bank_id', '=', bankId)
    .where('sku_id', '=', skuId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) {
    await db
      .insertInto('goods_bank_price')
      .values({ merchant_id: merchantId, bank_id: bankId, sku_id: skuId, store_price: storePrice })
      .execute();
  }
}

/** Removes a bank row and its prices (after the versioned update that proved the caller's version fresh). */
export async function deleteBank(db: Db, merchantId: number, bankId: number) {
  await db.deleteFrom('goods_bank_price').where('bank_id', '=', bankId).where('merchant_id', '=', merchantId).execute();
  await db.deleteFrom('goods_bank').where('id', '=', bankId).where('merchant_id', '=', merchantId).execute();
}

/** The bank state of the goods of some SKUs: sku id → {bankStatus, bankPrice} (SKUs of unbanked goods: absent). */
export async function bankStateOfSkus(db: Db, merchantId: number, skuIds: number[]) {
  if (skuIds.length === 0)
    return new Map<number, { bankStatus: number; bankPrice: number; goodsId: number; skuStatus: number; name: string }>();
  const rows = await db
    .selectFrom('goods_sku')
    .innerJoin('goods_bank', (j) => j.onRef('goods_bank.goods_id', '=', 'goods_sku.goods_id').on('goods_bank.merchant_id', '=', merchantId))
    .select(['goods_sku.id', 'goods_sku.goods_id', 'goods_sku.status', 'goods_sku.name', 'goods_bank.status as bank_status'])
    .select((eb) => bankPriceOf(eb).as('bank_price'))
    .where('goods_sku.merchant_id', '=', merchantId)
    .where('goods_sku.deleted_at', 'is', null)
    .where('goods_sku.id', 'in', skuIds)
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        bankStatus: Number(r.bank_status),
        bankPrice: Number(r.bank_price),
        goodsId: Number(r.goods_id),
        skuStatus: Number(r.status),
        name: r.name,
      },
    ]),
  );
}

/** Live SKUs of 可售 banked goods (the store assign page's picker). */
export function bankSkuOptions(db: Db, merchantId: number, keyword: string | undefined, onSale: number, limit: number) {
  let q = db
    .selectFrom('goods_sku')
    .innerJoin('goods_bank', (j) => j.onRef('goods_bank.goods_id', '=', 'goods_sku.goods_id').on('goods_bank.merchant_id', '=', merchantId))
    .innerJoin('goods', 'goods.id', 'goods_sku.goods_id')
    .select(['goods_sku.id', 'goods_sku.sku_code', 'goods_sku.name', 'goods_sku.status', 'goods.goods_code'])
    .select((eb) => bankPriceOf(eb).as('bank_price'))
    .where('goods_sku.merchant_id', '=', merchantId)
    .where('goods_sku.deleted_at', 'is', null)
    .where('goods_bank.status', '=', onSale);
  if (keyword) {
    const k = keyword;
    q = q.where((eb) => eb.or([contains('goods_sku.name', k), contains('goods_sku.sku_code', k), contains('goods_sku.barcode', k)]));
  }
  return q.orderBy('goods_sku.id', 'desc').limit(limit).execute();
}
