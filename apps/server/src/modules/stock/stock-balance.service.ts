import type { Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import {
  LOCK_ABOVE_STOCK_MESSAGE,
  type StockBalanceRow,
  type StockCategoryOption,
  type StockEditResult,
  type stockBalanceEditInput,
} from '@merchant/contracts/stock/stock-balance';
import { STOCK_LOCATION_KINDS, type StockLocationKind } from '@merchant/contracts/stock/stock-fields';
import type { z } from 'zod';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { categoryPaths, tree } from '../goods/category.service.ts';
import * as repo from './stock-balance.repo.ts';
import * as ledgerRepo from './stock-ledger.repo.ts';
import {
  actorOf,
  hubLocation,
  postMovements,
  registerDocCode,
  wholesalerLocation,
  withStockDocCode,
  type StockMove,
} from './stock-ledger.service.ts';

// 库存管理 / 库存编辑 (docs/stock.md): the balances of a location kind and the hand edit of one SKU's on hand and locked.
// Every function takes the location kind, so the same code serves the wholesaler, front warehouse and store pages
// later; the hub's operations (stock.hub.*) pass 'hub'.

// ---------------------------------------------------------------- categories

/** The merchant's category tree as select options (the stock pages' category filter). */
export async function categoryOptions(ctx: SessionOpContext): Promise<StockCategoryOption[]> {
  type Node = { id: number; name: string; children?: readonly Node[] };
  const map = (n: Node): StockCategoryOption => ({
    value: n.id,
    title: n.name,
    ...(n.children && n.children.length ? { children: n.children.map(map) } : {}),
  });
  return (await tree(ctx)).map((r) => map(r as Node));
}

// ---------------------------------------------------------------- list

async function toRows(ctx: SessionOpContext, kind: StockLocationKind, rows: repo.BalanceDbRow[]): Promise<StockBalanceRow[]> {
  const paths = await categoryPaths(ctx.db, ctx.merchantId, [...new Set(rows.map((r) => Number(r.category_id)))]);
  return rows.map((r) => {
    const onHand = Number(r.on_hand);
    const locked = Number(r.locked);
    return {
      id: Number(r.id),
      locationId: Number(r.location_id),
      locationName: r.location_name ?? STOCK_LOCATION_KINDS[kind],
      locationCode: r.location_code ?? '',
      deviceCode: r.device_code ?? '',
      slotNo: r.slot_no ?? '',
      skuId: Number(r.sku_id),
      goodsId: Number(r.goods_id),
      skuCode: r.sku_code,
      skuName: r.sku_name,
      barcode: r.barcode,
      categoryId: Number(r.category_id),
      categoryPath: paths.get(Number(r.category_id)) ?? '',
      onHand,
      locked,
      available: onHand - locked,
      version: Number(r.version),
      updatedAt: Number(r.updated_at),
    };
  });
}

type ListInput = repo.BalanceFilter & { pageNum: number; pageSize: number };

export async function listBalances(ctx: SessionOpContext, kind: StockLocationKind, f: ListInput): Promise<Paged<StockBalanceRow>> {
  const { list, total } = await repo.listBalances(ctx.db, ctx.merchantId, kind, f);
  return { list: await toRows(ctx, kind, list), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

export const balanceExportQuery = (ctx: SessionOpContext, kind: StockLocationKind, f: repo.BalanceFilter) =>
  repo.balanceQuery(ctx.db, ctx.merchantId, kind, f);
export const balanceExportRows = (kind: StockLocationKind) => (ctx: SessionOpContext, rows: repo.BalanceDbRow[]) => toRows(ctx, kind, rows);

// ---------------------------------------------------------------- one SKU

async function requireSku(ctx: SessionOpContext, db: SessionOpContext['db'], kind: StockLocationKind, skuId: number) {
  const r = await repo.skuWithBalance(db, ctx.merchantId, kind, skuId);
  if (!r) throw notFound('SKU');
  return r;
}

/** One SKU's balance at the kind's location (zeros and version 0 when it is not held there yet). */
export async function balanceOfSku(ctx: SessionOpContext, kind: StockLocationKind, skuId: number): Promise<StockBalanceRow> {
  const r = await requireSku(ctx, ctx.db, kind, skuId);
  const [row] = await toRows(ctx, kind, [
    {
      ...r,
      id: r.id ?? 0,
      location_id: r.location_id ?? 0,
      location_name: r.location_name ?? STOCK_LOCATION_KINDS[kind],
      location_code: r.location_code ?? '',
      device_code: r.device_code ?? '',
      slot_no: r.slot_no ?? '',
      on_hand: r.on_hand ?? 0,
      locked: r.locked ?? 0,
      version: r.version ?? 0,
      updated_at: r.updated_at ?? 0,
    },
  ]);
  return row;
}

/** The kind's locations for the list filters (cabinets: one entry per device). */
export const locationOptions = (ctx: SessionOpContext, kind: StockLocationKind) => repo.kindLocations(ctx.db, ctx.merchantId, kind);

export async function skuOptions(ctx: SessionOpContext, keyword: string | undefined) {
  return (await repo.skuOptions(ctx.db, ctx.merchantId, keyword)).map((r) => ({
    skuId: Number(r.id),
    skuCode: r.sku_code,
    skuName: r.name,
    barcode: r.barcode,
  }));
}

// ---------------------------------------------------------------- 库存编辑

type EditInput = z.output<typeof stockBalanceEditInput>;

/**
 * The moves that take (onHand, locked) to (stock, lockStock), in an order whose every step is legal: an unlock before
 * the on-hand change (on hand may fall below the old locked), a lock after it (locked may rise above the old on hand).
 */
export function editMoves(
  from: { onHand: number; locked: number },
  to: { stock: number; lockStock: number },
  base: Pick<StockMove, 'locationId' | 'skuId' | 'docCode' | 'reason'>,
): StockMove[] {
  const dq = to.stock - from.onHand;
  const dl = to.lockStock - from.locked;
  const adjust: StockMove = { ...base, type: 'adjust', quantity: dq, docType: 'edit' };
  const lock: StockMove = { ...base, type: dl > 0 ? 'lock' : 'unlock', quantity: 0, lockDelta: dl, docType: 'edit' };
  const moves = dl < 0 ? [lock, adjust] : [adjust, lock];
  return moves.filter((m) => m.quantity !== 0 || (m.lockDelta ?? 0) !== 0);
}

/**
 * Which location of the kind a hand edit changes: the kinds with one location per merchant (库存中心, 批发商库存). Front
 * warehouses and cabinet slots are not edited by hand (their stock moves by documents and stocktakes).
 */
const editLocations: Partial<Record<StockLocationKind, typeof hubLocation>> = { hub: hubLocation, wholesaler: wholesalerLocation };

/**
 * 库存编辑: sets the SKU's on hand (stock; left out: kept) and locked (lockStock) at the kind's location to new values.
 * Refused: an unknown or another merchant's SKU (404), lockStock above stock (400), a stale version (409), no change
 * (400). The differences are posted as 调整 / 锁定 / 解锁 movements of one 库存编辑 document (KB…), in one transaction.
 */
export async function editBalance(
  ctx: SessionOpContext,
  kind: StockLocationKind,
  i: EditInput,
  /** The location changed when the kind has several (a store's): else editLocations' one. */
  locate = editLocations[kind],
): Promise<StockEditResult> {
  if (!locate) throw badInput(`「${STOCK_LOCATION_KINDS[kind]}」不能在这里编辑库存`);
  const actor = actorOf(ctx);
  // the KB code is registered in the edit's transaction: a concurrent edit that drew the same code makes it run again
  return withStockDocCode(ctx.db, ctx.merchantId, 'edit', actor.now, (docCode) =>
    ctx.db.transaction().execute(async (trx) => {
      await requireSku(ctx, trx, kind, i.skuId);
      const location = await locate(trx, ctx.merchantId, actor.now);
      const key = { merchantId: ctx.merchantId, locationId: location.id, skuId: i.skuId };
      // a SKU not held yet gets its zero balance (version 0) first, so every edit claims an existing row by its version
      await ledgerRepo.insertZeroBalance(trx, { ...key, locationKind: location.kind }, actor.now);
      if (!(await repo.claimVersion(trx, key, i.version))) throw conflict(STALE_VERSION_MESSAGE);
      const before = await ledgerRepo.balanceOf(trx, ctx.merchantId, location.id, i.skuId);
      const version = i.version;
      const onHand = Number(before?.on_hand ?? 0);
      const locked = Number(before?.locked ?? 0);
      const stock = i.stock ?? onHand;
      if (i.lockStock > stock) throw badInput(`${LOCK_ABOVE_STOCK_MESSAGE}（字段：lockStock）`);
      if (stock === onHand && i.lockStock === locked) throw badInput('库存和锁定库存都没有变化（字段：stock）');
      await registerDocCode(trx, actor, 'edit', docCode);
      const moves = editMoves(
        { onHand, locked },
        { stock, lockStock: i.lockStock },
        { locationId: location.id, skuId: i.skuId, docCode, reason: i.reason },
      );
      const posted = await postMovements(trx, actor, moves);
      const after = await ledgerRepo.balanceOf(trx, ctx.merchantId, location.id, i.skuId);
      // someone else's change landed between the read and the post: refuse (the whole transaction rolls back)
      if (
        !after ||
        Number(after.version) !== version + posted.length ||
        Number(after.on_hand) !== stock ||
        Number(after.locked) !== i.lockStock
      ) {
        throw conflict(STALE_VERSION_MESSAGE);
      }
      return {
        docCode,
        skuId: i.skuId,
        onHand: stock,
        locked: i.lockStock,
        available: stock - i.lockStock,
        version: Number(after.version),
        movements: posted.length,
      };
    }),
  );
}
