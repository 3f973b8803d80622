import {
  MAX_CATEGORY_LEVEL,
  type CategoryRoot,
  type categoryCreateInput,
  type categoryUpdateInput,
} from '@merchant/contracts/goods/category';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import type { Paged } from '@merchant/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { badInput, conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import type { GoodsCategoryTable } from './category.table.ts';
import * as repo from './category.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;
type CategoryDbRow = Selectable<GoodsCategoryTable>;

export const CATEGORY_SUBJECT = 'goods.category';
const LABELS = { name: '分类名称', sort: '排序' };
const LEVEL_NAMES: Record<number, string> = { 1: '一级分类', 2: '二级分类', 3: '三级分类' };

const NAME_TAKEN: UniqueKey = {
  index: 'goods_category_name_uq',
  table: 'goods_category',
  columns: ['merchant_id', 'parent_id', 'name'],
  message: '同一上级分类下已有同名分类，请换一个名称（字段：name）',
};

// ---------------------------------------------------------------- for the other goods resources

/** Refuses a category that is not a level-3 leaf of the merchant's tree (products hang on leaves only). */
export async function assertLeafCategory(db: Db, merchantId: number, categoryId: number): Promise<void> {
  const c = await repo.findCategory(db, merchantId, categoryId);
  if (!c) throw badInput('商品分类不存在，请重新选择（字段：categoryId）');
  if (c.level !== MAX_CATEGORY_LEVEL) throw badInput('请选择第三级商品分类（字段：categoryId）');
}

/**
 * The full paths of categories ("饮料/水/饮用水") by id — of the given ids, or of every category of the merchant;
 * ids of other merchants or unknown ids are left out.
 */
export async function categoryPaths(db: Db, merchantId: number, ids?: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (ids && ids.length === 0) return out;
  const byId = new Map((await repo.allCategories(db, merchantId)).map((c) => [c.id, c]));
  for (const id of new Set(ids ?? byId.keys())) {
    const names: string[] = [];
    let c = byId.get(id);
    for (let depth = 0; c && depth < MAX_CATEGORY_LEVEL; depth++) {
      names.unshift(c.name);
      c = c.parent_id ? byId.get(c.parent_id) : undefined;
    }
    if (names.length) out.set(id, names.join('/'));
  }
  return out;
}

// ---------------------------------------------------------------- operations

async function requireCategory(ctx: SessionOpContext, id: number): Promise<CategoryDbRow> {
  const c = await repo.findCategory(ctx.db, ctx.merchantId, id);
  if (!c) throw notFound('商品分类');
  return c;
}

export async function tree(ctx: SessionOpContext): Promise<CategoryRoot[]> {
  const [all, counts] = await Promise.all([repo.allCategories(ctx.db, ctx.merchantId), repo.productCounts(ctx.db, ctx.merchantId)]);
  type Node = CategoryRoot;
  const nodes = new Map<number, Node>();
  for (const c of all) {
    nodes.set(c.id, {
      id: c.id,
      parentId: c.parent_id,
      level: c.level,
      name: c.name,
      sort: c.sort,
      version: c.version,
      productCount: counts.get(c.id) ?? 0,
      children: [],
    });
  }
  const roots: Node[] = [];
  // rows come level by level: a parent is always placed before its children
  for (const c of all) {
    const node = nodes.get(c.id)!;
    if (c.parent_id === 0) roots.push(node);
    else (nodes.get(c.parent_id)?.children as Node[] | undefined)?.push(node);
  }
  const roll = (n: Node): number => (n.productCount += (n.children as Node[]).reduce((s, x) => s + roll(x), 0));
  roots.forEach(roll);
  return roots;
}

export async function create(ctx: SessionOpContext, input: z.output<typeof categoryCreateInput>) {
  let level = 1;
  let parentPath = '';
  if (input.parentId !== 0) {
    const parent = await repo.findCategory(ctx.db, ctx.merchantId, input.parentId);
    if (!parent) throw badInput('上级分类不存在，请刷新后重试（字段：parentId）');
    if (parent.level >= MAX_CATEGORY_LEVEL) throw badInput('商品分类最多三级，第三级分类下不能再新增分类（字段：parentId）');
    level = parent.level + 1;
    parentPath = (await categoryPaths(ctx.db, ctx.merchantId, [parent.id])).get(parent.id) ?? parent.name;
  }
  if (await repo.siblingNameTaken(ctx.db, ctx.merchantId, input.parentId, input.name)) throw conflict(NAME_TAKEN.message as string);
  const now = ctx.clock.now();
  const id = await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        // the parent may have been deleted since it was read: checked again under its lock (remove takes it too)
        if (input.parentId !== 0 && !(await repo.lockCategory(trx, ctx.merchantId, input.parentId))) {
          throw badInput('上级分类不存在，请刷新后重试（字段：parentId）');
        }
        const newId = await repo.insertCategory(trx, {
          merchant_id: ctx.merchantId,
          parent_id: input.parentId,
          level,
          name: input.name,
          sort: input.sort,
          created_by: ctx.session.accountId,
          created_at: now,
          updated_at: now,
        });
        await writeHistory(trx, ctx, {
          subject: CATEGORY_SUBJECT,
          subjectId: newId,
          action: 'create',
          actionLabel: `新增${LEVEL_NAMES[level]}`,
          changes: describeChanges({}, { name: input.name, sort: input.sort }, LABELS),
          remark: parentPath ? `上级分类：${parentPath}` : '',
        });
        return newId;
      }),
    NAME_TAKEN,
  );
  return { id, level };
}

export async function update(ctx: SessionOpContext, input: z.output<typeof categoryUpdateInput>) {
  const c = await requireCategory(ctx, input.id);
  if (c.version !== input.version) throw conflict(STALE_VERSION_MESSAGE);
  const changes = describeChanges({ name: c.name, sort: c.sort }, { name: input.name, sort: input.sort }, LABELS);
  if (changes.length === 0) return { id: c.id, changes };
  if (input.name !== c.name && (await repo.siblingNameTaken(ctx.db, ctx.merchantId, c.parent_id, input.name, c.id))) {
    throw conflict(NAME_TAKEN.message as string);
  }
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        assertFresh(
          await repo.updateCategoryAt(trx, ctx.merchantId, c.id, input.version, {
            name: input.name,
            sort: input.sort,
            updated_at: ctx.clock.now(),
          }),
        );
        await writeHistory(trx, ctx, { subject: CATEGORY_SUBJECT, subjectId: c.id, action: 'update', actionLabel: '修改分类', changes });
      }),
    NAME_TAKEN,
  );
  return { id: c.id, changes };
}

export async function remove(ctx: SessionOpContext, input: { id: number; version: number }): Promise<null> {
  const c = await requireCategory(ctx, input.id);
  if (c.version !== input.version) throw conflict(STALE_VERSION_MESSAGE);
  const path = (await categoryPaths(ctx.db, ctx.merchantId, [c.id])).get(c.id) ?? c.name;
  await ctx.db.transaction().execute(async (trx) => {
    // checked inside the transaction under the category's lock (a child's create takes it too), right before the
    // delete; the foreign keys of standard_product and goods are the last word (supply and mall rows have none:
    // these counts are all that guards them)
    if (!(await repo.lockCategory(trx, ctx.merchantId, c.id))) throw conflict(STALE_VERSION_MESSAGE);
    if ((await repo.childCount(trx, ctx.merchantId, c.id)) > 0) throw conflict(`分类“${path}”下还有下级分类，请先删除下级分类`);
    const products = await repo.standardProductCount(trx, ctx.merchantId, c.id);
    if (products > 0) throw conflict(`分类“${path}”下还有${products}个标准商品，不能删除`);
    const goods = await repo.holdersCount(trx, 'goods', ctx.merchantId, c.id);
    if (goods > 0) throw conflict(`分类“${path}”下还有${goods}个商品（含已删除的商品），不能删除`);
    const supply = await repo.holdersCount(trx, 'supply_spu', ctx.merchantId, c.id);
    if (supply > 0) throw conflict(`分类“${path}”下还有${supply}个供应链商品，不能删除`);
    // a mall SPU keeps the category its standard product had when it was listed (the product may have moved since)
    const mall = await repo.holdersCount(trx, 'mall_goods', ctx.merchantId, c.id);
    if (mall > 0) throw conflict(`分类“${path}”下还有${mall}个批发商城商品，不能删除`);
    const mallSkus = await repo.holdersCount(trx, 'mall_goods_sku', ctx.merchantId, c.id);
    if (mallSkus > 0) throw conflict(`分类“${path}”下还有${mallSkus}个批发商城SKU（含已删除的SKU），不能删除`);
    if ((await repo.deleteCategoryAt(trx, ctx.merchantId, c.id, input.version)) === 0) throw conflict(STALE_VERSION_MESSAGE);
    await writeHistory(trx, ctx, {
      subject: CATEGORY_SUBJECT,
      subjectId: c.id,
      action: 'delete',
      actionLabel: '删除分类',
      changes: [{ field: 'name', label: LABELS.name, before: c.name, after: '（已删除）' }],
      remark: path,
    });
  });
  return null;
}

export async function history(ctx: SessionOpContext, f: { id: number; pageNum: number; pageSize: number }): Promise<Paged<HistoryEntry>> {
  await requireCategory(ctx, f.id);
  return historyPage(ctx, CATEGORY_SUBJECT, f.id, f);
}
