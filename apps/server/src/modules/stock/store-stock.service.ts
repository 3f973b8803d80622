import type { Paged } from '@merchant/contracts';
import type { StockEditResult } from '@merchant/contracts/stock/stock-balance';
import type {
  StoreStockDetail,
  StoreStockRow,
  storeStockAddInput,
  storeStockEditInput,
  storeStockGetInput,
} from '@merchant/contracts/stock/store-stock';
import type { z } from 'zod';
import { badInput, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { balanceExportRows, editBalance } from './stock-balance.service.ts';
import { skuWithBalance } from './stock-balance.repo.ts';
import { actorOf, ensureLocation, locationById, postMovements, registerDocCode, withStockDocCode } from './stock-ledger.service.ts';
import { toMovementRow } from './stock-movement.service.ts';
import * as repo from './store-stock.repo.ts';

// 本地库存 (section 128, docs/stock.md): the stores' stock, one location of kind `store` per store (code = the store
// code, made on first use). The list, detail and hand edit run the balance code of stock-balance.* with kind 'store';
// 新增门店库存 is an 入库 movement posted through the ledger.

/** 营业中 (STORE_STATUS): the only stores that take new stock. */
const STORE_OPEN = 1;

const baseRows = balanceExportRows('store');
async function toRows(ctx: SessionOpContext, rows: repo.StoreStockDbRow[]): Promise<StoreStockRow[]> {
  const base = await baseRows(ctx, rows);
  return base.map((b, n) => ({
    ...b,
    storeCode: rows[n].store_code,
    storeName: rows[n].store_name ?? b.locationName,
  }));
}

export async function list(
  ctx: SessionOpContext,
  f: repo.StoreStockFilter & { pageNum: number; pageSize: number },
): Promise<Paged<StoreStockRow>> {
  const { list, total } = await repo.listStoreStock(ctx.db, ctx.merchantId, f);
  return { list: await toRows(ctx, list), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.StoreStockFilter) => repo.storeStockQuery(ctx.db, ctx.merchantId, f);
export const exportRows = toRows;

export async function detail(ctx: SessionOpContext, i: z.output<typeof storeStockGetInput>): Promise<StoreStockDetail> {
  const row =
    i.id !== undefined
      ? await repo.storeBalanceById(ctx.db, ctx.merchantId, i.id)
      : await repo.storeBalanceOf(ctx.db, ctx.merchantId, i.storeCode ?? '', i.skuId ?? 0);
  if (!row) throw notFound('门店库存');
  const key = { locationId: Number(row.location_id), skuId: Number(row.sku_id) };
  const [[balance], movements, edits] = await Promise.all([
    toRows(ctx, [row]),
    repo.balanceMovements(ctx.db, ctx.merchantId, key),
    repo.balanceMovements(ctx.db, ctx.merchantId, key, 'edit'),
  ]);
  return { balance, movements: movements.map(toMovementRow), edits: edits.map(toMovementRow) };
}

/** 新增门店库存: brings a quantity of a SKU into an open store of the merchant as one 入库 movement (RK…). */
export async function add(ctx: SessionOpContext, i: z.output<typeof storeStockAddInput>) {
  const actor = actorOf(ctx);
  return withStockDocCode(ctx.db, ctx.merchantId, 'inbound', actor.now, (docCode) =>
    ctx.db.transaction().execute(async (trx) => {
      const store = await repo.storeByCode(trx, ctx.merchantId, i.storeCode);
      if (!store) throw notFound('门店');
      if (Number(store.status) !== STORE_OPEN) throw badInput(`门店「${store.name}」不在营业中，不能新增库存（字段：storeCode）`);
      const sku = await skuWithBalance(trx, ctx.merchantId, 'store', i.skuId);
      if (!sku) throw notFound('SKU');
      const location = await ensureLocation(trx, ctx.merchantId, { kind: 'store', code: store.store_code, name: store.name }, actor.now);
      await registerDocCode(trx, actor, 'inbound', docCode);
      await postMovements(trx, actor, [
        { locationId: location.id, skuId: i.skuId, type: 'inbound', quantity: i.quantity, docType: 'inbound', docCode, reason: i.reason },
      ]);
      const b = await repo.storeBalanceOf(trx, ctx.merchantId, store.store_code, i.skuId);
      if (!b) throw new Error('store stock balance was not stored');
      return { id: Number(b.id), docCode, onHand: Number(b.on_hand), locked: Number(b.locked), version: Number(b.version) };
    }),
  );
}

/** The hand edit of one store balance (by id): stock-balance.service's editBalance at that balance's store. */
export async function edit(ctx: SessionOpContext, i: z.output<typeof storeStockEditInput>): Promise<StockEditResult> {
  const row = await repo.storeBalanceById(ctx.db, ctx.merchantId, i.id);
  if (!row) throw notFound('门店库存');
  const locationId = Number(row.location_id);
  const { id: _id, ...rest } = i;
  return editBalance(ctx, 'store', { ...rest, skuId: Number(row.sku_id) }, async (trx, merchantId) => {
    const location = await locationById(trx, merchantId, locationId);
    if (!location) throw notFound('门店库存');
    return location;
  });
}

export async function openStores(ctx: SessionOpContext, keyword: string | undefined) {
  return (await repo.storesOfStatus(ctx.db, ctx.merchantId, STORE_OPEN, keyword)).map((r) => ({ storeCode: r.store_code, name: r.name }));
}
