import type { CategoryNode } from '@merchant/contracts/goods/goods';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { contains } from '../../platform/like.ts';

/**
 * READ-ONLY views of the goods library's tables (goods_category, standard_product: created by migration
 * 0009, written and typed by the library's own files, not by this one). Merchant goods only read them: the
 * category tree for paths, filters and the leaf check, and standard products to adopt. The row types here
 * are local (`withTables`), never added to `Database`: the library is the tables' owner.
 *
 * TODO(merge): switch `assertLeafCategoryOwnRead` / `categoryPathsOwnRead` to the library's
 * `assertLeafCategory(db, merchantId, categoryId)` / `categoryPaths(db, merchantId, ids)`.
 */
interface CategoryRead {
  id: number;
  merchant_id: number;
  parent_id: number;
  level: number;
  name: string;
  sort: number;
}
interface StandardProductRead {
  id: number;
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
  created_at: number;
}
type LibraryTables = { goods_category: CategoryRead; standard_product: StandardProductRead };
type Db = Kysely<Database> | Transaction<Database>;

/** The library's tables typed for reading (no write is made through this). */
export const libraryDb = (db: Db) => (db as Kysely<Database>).withTables<LibraryTables>();

/**
 * standard_product.status of a product that may be adopted. ASSUMPTION until the library lands: 1 = 启用.
 */
export const STANDARD_PRODUCT_ENABLED = 1;

export type CategoryRow = Pick<CategoryRead, 'id' | 'parent_id' | 'level' | 'name' | 'sort'>;

/** Every category of the merchant (the tree is small: three levels, a few hundred nodes at most). */
export async function merchantCategories(db: Db, merchantId: number): Promise<CategoryRow[]> {
  const rows = await libraryDb(db)
    .selectFrom('goods_category')
    .select(['id', 'parent_id', 'level', 'name', 'sort'])
    .where('merchant_id', '=', merchantId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    parent_id: Number(r.parent_id),
    level: Number(r.level),
    name: r.name,
    sort: Number(r.sort),
  }));
}

/** 一级/二级/三级 for each category id (an unknown id: no entry). */
export function pathsOf(categories: readonly CategoryRow[]): Map<number, string> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const out = new Map<number, string>();
  for (const c of categories) {
    const names: string[] = [];
    for (let n: CategoryRow | undefined = c, guard = 0; n && guard < 5; n = byId.get(n.parent_id), guard++) names.unshift(n.name);
    out.set(c.id, names.join('/'));
  }
  return out;
}

/** Category paths of the merchant by id (own read; the library's `categoryPaths` replaces it at merge). */
export async function categoryPathsOwnRead(db: Db, merchantId: number): Promise<Map<number, string>> {
  return pathsOf(await merchantCategories(db, merchantId));
}

/**
 * The ids of a category and of every category below it, as a subquery (the tree has at most three levels:
 * the category, its children, their children), for "category incl. descendants" filters.
 */
export function categoryAndDescendantsSubquery(db: Db, merchantId: number, categoryId: number) {
  const lib = libraryDb(db);
  return lib
    .selectFrom('goods_category as c')
    .select('c.id')
    .where('c.merchant_id', '=', merchantId)
    .where((eb) =>
      eb.or([
        eb('c.id', '=', categoryId),
        eb('c.parent_id', '=', categoryId),
        eb(
          'c.parent_id',
          'in',
          lib
            .selectFrom('goods_category as p')
            .select('p.id')
            .where('p.merchant_id', '=', merchantId)
            .where('p.parent_id', '=', categoryId),
        ),
      ]),
    );
}

/** The merchant's category tree. */
export async function categoryTreeOwnRead(db: Db, merchantId: number): Promise<CategoryNode[]> {
  const all = await merchantCategories(db, merchantId);
  const nodes = new Map<number, CategoryNode>(all.map((c) => [c.id, { id: c.id, name: c.name, level: c.level }]));
  const roots: CategoryNode[] = [];
  for (const c of all) {
    const node = nodes.get(c.id)!;
    const parent = c.parent_id ? nodes.get(c.parent_id) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else if (!c.parent_id) roots.push(node);
  }
  return roots;
}

/**
 * The category must be one of the merchant's level-3 categories (goods hang on a leaf). Own read: the
 * library's `assertLeafCategory(db, merchantId, categoryId)` replaces it at merge.
 */
export async function assertLeafCategoryOwnRead(db: Db, merchantId: number, categoryId: number): Promise<void> {
  const c = await libraryDb(db)
    .selectFrom('goods_category')
    .select(['id', 'level'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', categoryId)
    .executeTakeFirst();
  if (!c) throw badInput('商品分类不存在（字段：categoryId）');
  if (Number(c.level) !== 3) throw badInput('请选择三级分类（字段：categoryId）');
}

export type StandardProduct = Omit<StandardProductRead, 'merchant_id' | 'created_at'>;

/** A standard product of the merchant (another merchant's: not found). */
export async function findStandardProduct(db: Db, merchantId: number, id: number): Promise<StandardProduct> {
  const r = await libraryDb(db)
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
      'status',
    ])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound('标准商品');
  return {
    ...r,
    id: Number(r.id),
    category_id: Number(r.category_id),
    shelf_life_days: Number(r.shelf_life_days),
    storage_style: Number(r.storage_style),
    guide_price: Number(r.guide_price),
    status: Number(r.status),
  };
}

/** The adoptable standard products' query: enabled, of the merchant, not adopted by a live goods. */
export function adoptableQuery(db: Db, merchantId: number, f: { keyword?: string; categoryId?: number; sortOrder: 'ascend' | 'descend' }) {
  let q = libraryDb(db)
    .selectFrom('standard_product as sp')
    .where('sp.merchant_id', '=', merchantId)
    .where('sp.status', '=', STANDARD_PRODUCT_ENABLED)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('goods')
            .select('goods.id')
            .whereRef('goods.standard_product_id', '=', 'sp.id')
            .where('goods.merchant_id', '=', merchantId)
            .where('goods.deleted_at', 'is', null),
        ),
      ),
    );
  if (f.categoryId !== undefined) q = q.where('sp.category_id', 'in', categoryAndDescendantsSubquery(db, merchantId, f.categoryId));
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('sp.name', k), contains('sp.barcode', k), contains('sp.goods_no', k)]));
  }
  return q
    .select([
      'sp.id',
      'sp.goods_no',
      'sp.name',
      'sp.barcode',
      'sp.brand',
      'sp.spec',
      'sp.unit',
      'sp.category_id',
      'sp.storage_style',
      'sp.guide_price',
    ])
    .orderBy('sp.id', f.sortOrder === 'ascend' ? 'asc' : 'desc');
}
