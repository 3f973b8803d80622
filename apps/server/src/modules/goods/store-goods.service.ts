import type { Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { BANK_ON_SALE } from '@merchant/contracts/goods/goods-bank';
import { SKU_ON_SHELF } from '@merchant/contracts/goods/sku';
import {
  STORE_GOODS_COUNT_UP_TO,
  STORE_GOODS_STATUS,
  STORE_OFF_SHELF,
  STORE_ON_SHELF,
  type BankSkuOption,
  type StoreGoodsRow,
  type StoreOption,
} from '@merchant/contracts/goods/store-goods';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badInput, conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { storeOptions as merchantStores, storesByIds, type StoreRef } from '../merchant/store.service.ts';
import * as bankRepo from './goods-bank.repo.ts';
import { yuan } from './sku.service.ts';
import * as repo from './store-goods.repo.ts';

type Db = SessionOpContext['db'] | Transaction<Database>;

export const STORE_GOODS_SUBJECT = 'goods.store-goods';
/** History of one store goods is keyed by its store and SKU (the route's storeId and skuId). */
const subjectId = (storeId: number, skuId: number) => `${storeId}:${skuId}`;
const ASSIGNED: UniqueKey = {
  index: 'store_goods_uq',
  table: 'store_goods',
  columns: ['merchant_id', 'store_id', 'sku_id'],
  message: '该门店已有此SKU，请刷新后重试',
};
const nameOf = <M extends Record<number, string>>(map: M, v: unknown) => map[Number(v) as keyof M] ?? String(v ?? '');
const statusText = (_f: string, v: unknown) => nameOf(STORE_GOODS_STATUS, v);

/** Why a row cannot be 上架 in its store ('' when it can). */
export function shelfBlocker(skuStatus: number, bankStatus: number): string {
  if (skuStatus !== SKU_ON_SHELF) return 'SKU已下架，不能在门店上架；请先在SKU管理中上架';
  if (bankStatus !== BANK_ON_SALE) return '商品库中该商品已停售，不能在门店上架';
  return '';
}

function toRow(r: repo.StoreGoodsListRow, stores: Map<number, StoreRef>): StoreGoodsRow {
  const store = stores.get(Number(r.store_id));
  const status = Number(r.effective_status);
  return {
    storeGoodsId: Number(r.id),
    storeId: Number(r.store_id),
    storeCode: store?.storeCode ?? '',
    storeName: store?.name ?? '',
    skuId: Number(r.sku_id),
    skuCode: r.sku_code,
    skuName: r.sku_name,
    barcode: r.barcode,
    goodsId: Number(r.goods_id),
    goodsCode: r.goods_code,
    bankPrice: Number(r.bank_price),
    price: Number(r.price),
    status,
    statusName: nameOf(STORE_GOODS_STATUS, status),
    shelfStatus: Number(r.status),
    blockedReason: shelfBlocker(Number(r.sku_status), Number(r.bank_status)),
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function toRows(ctx: SessionOpContext, rows: repo.StoreGoodsListRow[]) {
  const stores = await storesByIds(
    ctx,
    rows.map((r) => Number(r.store_id)),
  );
  return rows.map((r) => toRow(r, stores));
}

export async function list(
  ctx: SessionOpContext,
  f: repo.StoreGoodsFilter & { cursor?: string; pageSize: number },
): Promise<KeysetPage<StoreGoodsRow>> {
  const page = await repo.listStoreGoods(ctx.db, ctx.merchantId, f, STORE_GOODS_COUNT_UP_TO);
  return { ...page, list: await toRows(ctx, page.list) };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.StoreGoodsFilter) => repo.storeGoodsQuery(ctx.db, ctx.merchantId, f);
export const exportRows = (ctx: SessionOpContext, rows: repo.StoreGoodsListRow[]) => toRows(ctx, rows);

export async function detail(ctx: SessionOpContext, i: { storeId: number; skuId: number }): Promise<StoreGoodsRow> {
  const r = await repo.findStoreGoodsByKey(ctx.db, ctx.merchantId, i.storeId, i.skuId);
  if (!r) throw notFound('门店商品');
  return (await toRows(ctx, [r]))[0];
}

export async function storeOptions(ctx: SessionOpContext): Promise<StoreOption[]> {
  return (await merchantStores(ctx)).map((s) => ({ storeId: s.id, storeCode: s.storeCode, name: s.name, statusName: s.statusName }));
}

export async function skuOptions(ctx: SessionOpContext, keyword: string | undefined): Promise<BankSkuOption[]> {
  const rows = await bankRepo.bankSkuOptions(ctx.db, ctx.merchantId, keyword, BANK_ON_SALE, 50);
  return rows.map((r) => ({
    skuId: Number(r.id),
    skuCode: r.sku_code,
    name: r.name,
    goodsCode: r.goods_code,
    bankPrice: Number(r.bank_price),
    skuStatus: Number(r.status),
  }));
}

export async function assign(
  ctx: SessionOpContext,
  i: { storeIds: number[]; items: { skuId: number; price?: number }[] },
): Promise<{ created: number }> {
  const mid = ctx.merchantId;
  const stores = await storesByIds(ctx, i.storeIds);
  i.storeIds.forEach((id) => {
    if (!stores.has(id)) throw notFound('门店');
  });
  return guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const skuIds = i.items.map((x) => x.skuId);
        const state = await bankRepo.bankStateOfSkus(trx, mid, skuIds);
        i.items.forEach((x, n) => {
          const s = state.get(x.skuId);
          if (!s) throw badInput(`该SKU不在商品库中，请先把它的商品加入商品库（字段：items.${n}.skuId）`);
          if (s.bankStatus !== BANK_ON_SALE) throw conflict(`「${s.name}」在商品库中已停售，不能铺货到门店（字段：items.${n}.skuId）`);
        });
        const taken = await repo.existingPairs(trx, mid, i.storeIds, skuIds);
        if (taken.length > 0) {
          const t = taken[0];
          throw conflict(`门店「${stores.get(Number(t.store_id))!.name}」已有SKU「${state.get(Number(t.sku_id))!.name}」，请勿重复铺货`);
        }
        const now = ctx.clock.now();
        let created = 0;
        for (const storeId of i.storeIds) {
          for (const x of i.items) {
            const s = state.get(x.skuId)!;
            const price = x.price ?? s.bankPrice;
            // 上架 where the SKU can be; a SKU 下架 at SKU level starts 下架 in the store
            const status = s.skuStatus === SKU_ON_SHELF ? STORE_ON_SHELF : STORE_OFF_SHELF;
            await repo.insertStoreGoods(trx, {
              merchant_id: mid,
              store_id: storeId,
              sku_id: x.skuId,
              goods_id: s.goodsId,
              price,
              status,
              created_by: ctx.session.accountId,
              created_at: now,
              updated_at: now,
            });
            await writeHistory(trx, ctx, {
              subject: STORE_GOODS_SUBJECT,
              subjectId: subjectId(storeId, x.skuId),
              action: 'create',
              actionLabel: '铺货',
              changes: describeChanges(
                {},
                { price: yuan(price), status: nameOf(STORE_GOODS_STATUS, status) },
                { price: '门店价', status: '上下架状态' },
              ),
              remark: `${stores.get(storeId)!.name}（${stores.get(storeId)!.storeCode}）`,
            });
            created += 1;
          }
        }
        return { created };
      }),
    ASSIGNED,
  );
}

async function requireRow(db: Db, ctx: SessionOpContext, id: number) {
  const r = await repo.findStoreGoods(db, ctx.merchantId, id);
  if (!r) throw notFound('门店商品');
  return r;
}

export async function update(ctx: SessionOpContext, i: { storeGoodsId: number; version: number; price: number }) {
  return ctx.db.transaction().execute(async (trx) => {
    const r = await requireRow(trx, ctx, i.storeGoodsId);
    assertFresh(
      await repo.updateStoreGoodsVersioned(trx, ctx.merchantId, r.id, i.version, { price: i.price, updated_at: ctx.clock.now() }),
    );
    await writeHistory(trx, ctx, {
      subject: STORE_GOODS_SUBJECT,
      subjectId: subjectId(r.store_id, r.sku_id),
      action: 'update',
      actionLabel: '修改门店价',
      changes: describeChanges({ price: Number(r.price) }, { price: i.price }, { price: '门店价' }, (_f, v) => yuan(Number(v))),
    });
    return { storeGoodsId: Number(r.id), version: i.version + 1 };
  });
}

export async function setStatus(ctx: SessionOpContext, i: { storeGoodsId: number; version: number; status: number }): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const r = await requireRow(trx, ctx, i.storeGoodsId);
    if (Number(r.status) === i.status) throw conflict(`该门店商品已是${nameOf(STORE_GOODS_STATUS, i.status)}状态`);
    if (i.status === STORE_ON_SHELF) {
      const blocker = shelfBlocker(Number(r.sku_status), Number(r.bank_status));
      if (blocker) throw conflict(blocker);
    }
    assertFresh(
      await repo.updateStoreGoodsVersioned(trx, ctx.merchantId, r.id, i.version, { status: i.status, updated_at: ctx.clock.now() }),
    );
    await writeHistory(trx, ctx, {
      subject: STORE_GOODS_SUBJECT,
      subjectId: subjectId(r.store_id, r.sku_id),
      action: 'status',
      actionLabel: i.status === STORE_ON_SHELF ? '上架' : '下架',
      changes: describeChanges({ status: Number(r.status) }, { status: i.status }, { status: '上下架状态' }, statusText),
    });
  });
  return null;
}

export async function remove(ctx: SessionOpContext, i: { storeGoodsId: number; version: number }): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const r = await requireRow(trx, ctx, i.storeGoodsId);
    if (Number(r.effective_status) === STORE_ON_SHELF) throw conflict('门店商品上架中，请先下架再移除');
    assertFresh(await repo.updateStoreGoodsVersioned(trx, ctx.merchantId, r.id, i.version, { updated_at: ctx.clock.now() }));
    await repo.deleteStoreGoods(trx, ctx.merchantId, r.id);
    await writeHistory(trx, ctx, {
      subject: STORE_GOODS_SUBJECT,
      subjectId: subjectId(r.store_id, r.sku_id),
      action: 'delete',
      actionLabel: '移除',
    });
  });
  return null;
}

export async function history(
  ctx: SessionOpContext,
  i: { storeId: number; skuId: number; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  // the history outlives a removed row; another merchant's pair simply has none (history is merchant-scoped)
  if (!(await storesByIds(ctx, [i.storeId])).has(i.storeId)) throw notFound('门店');
  return historyPage(ctx, STORE_GOODS_SUBJECT, subjectId(i.storeId, i.skuId), i);
}

// ---------------------------------------------------------------- following the bank (goods-bank.service)

/** The bank's 停售 of a goods: every store row of it set 上架 goes 下架 (history `随商品库停售`). */
export async function followBankOffSale(trx: Transaction<Database>, ctx: SessionOpContext, goodsId: number) {
  for (const r of await repo.onShelfOfGoods(trx, ctx.merchantId, goodsId)) {
    await repo.setStatusFollowing(trx, ctx.merchantId, r.id, STORE_OFF_SHELF, ctx.clock.now());
    await writeHistory(trx, ctx, {
      subject: STORE_GOODS_SUBJECT,
      subjectId: subjectId(r.store_id, r.sku_id),
      action: 'status',
      actionLabel: '下架',
      changes: describeChanges({ status: STORE_ON_SHELF }, { status: STORE_OFF_SHELF }, { status: '上下架状态' }, statusText),
      remark: '随商品库停售',
    });
  }
}

export const storeGoodsCountOfGoods = (db: Db, merchantId: number, goodsId: number) => repo.countOfGoods(db, merchantId, goodsId);
