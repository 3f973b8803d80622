import type { Transaction } from 'kysely';
import {
  STOCK_DOC_TYPES,
  STOCK_LOCATION_KINDS,
  STOCK_SHORT_MESSAGE,
  type StockDocType,
  type StockLocationKind,
  type StockMovementType,
} from '@merchant/contracts/stock/stock-fields';
import type { Database } from '../../db/database.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { conflict } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import * as repo from './stock-ledger.repo.ts';

/**
 * The stock ledger (DESIGN §5a, docs/stock.md): the one way any quantity of stock changes. A document (入库单, 退货单,
 * 库存编辑, 补货单, 盘点单, a sale) posts movements through `postMovements` inside its own transaction; each movement moves
 * one balance by a conditional update (never below zero, locked never above on hand — on SQLite and PostgreSQL alike,
 * under concurrency) and writes its 库存流水 row with before → after. So on hand = Σ movements, always, and
 * `npm run reconcile` checks it.
 */

export interface StockActor {
  merchantId: number;
  operatorId: number;
  operatorName: string;
  now: number;
}

export const actorOf = (ctx: SessionOpContext): StockActor => ({
  merchantId: ctx.merchantId,
  operatorId: ctx.session.accountId,
  operatorName: ctx.session.userName,
  now: ctx.clock.now(),
});

export interface StockMove {
  locationId: number;
  skuId: number;
  type: StockMovementType;
  /** Change of on hand (signed). */
  quantity: number;
  /** Change of locked (signed); 0 when left out. */
  lockDelta?: number;
  docType: StockDocType;
  docCode: string;
  reason?: string;
}

export interface PostedMove extends StockMove {
  onHandBefore: number;
  onHandAfter: number;
  lockedBefore: number;
  lockedAfter: number;
}

/** Every stock document code the ledger's documents draw is registered here (0042). */
export const STOCK_DOC_CODE_INDEX = { index: 'stock_doc_code_uq', table: 'stock_doc_code', columns: ['merchant_id', 'code'] };

/**
 * A ledger document's write under a freshly drawn code (RK / TH / KB + yyMMdd + 4 digits): the code is checked against
 * every document of the merchant (docCodeTaken), and `write` must register it (registerDocCode) in its transaction; when
 * a concurrent write registered the same code in between, stock_doc_code_uq refuses it and the whole write runs again
 * with a new code (withGeneratedCode).
 */
export function withStockDocCode<T>(
  db: Parameters<typeof repo.docCodeTaken>[0],
  merchantId: number,
  docType: StockDocType,
  now: number,
  write: (code: string) => Promise<T>,
): Promise<T> {
  return withGeneratedCode(STOCK_DOC_TYPES[docType].prefix, now, (c) => repo.docCodeTaken(db, merchantId, c), STOCK_DOC_CODE_INDEX, write);
}

/** Registers a ledger document's code in the document's transaction (see withStockDocCode). */
export const registerDocCode = (
  trx: Transaction<Database>,
  actor: Pick<StockActor, 'merchantId' | 'now'>,
  docType: StockDocType,
  code: string,
) => repo.registerDocCode(trx, actor.merchantId, code, docType, actor.now);

export type LocationRow = NonNullable<Awaited<ReturnType<typeof repo.locationById>>>;

/** The location of a kind and code, made on first use. */
export async function ensureLocation(
  trx: Transaction<Database>,
  merchantId: number,
  def: repo.LocationDef & { kind: StockLocationKind },
  now: number,
): Promise<LocationRow> {
  const found = await repo.findLocation(trx, merchantId, def.kind, def.code);
  if (found) return found;
  await repo.insertLocation(trx, merchantId, def, now);
  const made = await repo.findLocation(trx, merchantId, def.kind, def.code);
  if (!made) throw new Error(`stock location ${def.kind}/${def.code} was not stored`);
  return made;
}

/** The merchant's one hub warehouse (库存中心). */
export const hubLocation = (trx: Transaction<Database>, merchantId: number, now: number) =>
  ensureLocation(trx, merchantId, { kind: 'hub', code: 'HUB', name: STOCK_LOCATION_KINDS.hub }, now);

/** The merchant's wholesaler stock (批发商库存). */
export const wholesalerLocation = (trx: Transaction<Database>, merchantId: number, now: number) =>
  ensureLocation(trx, merchantId, { kind: 'wholesaler', code: 'WHOLESALE', name: STOCK_LOCATION_KINDS.wholesaler }, now);

/** A location of this merchant by id (undefined for another merchant's or an unknown one). */
export const locationById = (trx: Transaction<Database>, merchantId: number, id: number) => repo.locationById(trx, merchantId, id);

async function refusal(trx: Transaction<Database>, actor: StockActor, location: LocationRow, move: StockMove) {
  const [balance, sku] = await Promise.all([
    repo.balanceOf(trx, actor.merchantId, move.locationId, move.skuId),
    repo.skuLabel(trx, actor.merchantId, move.skuId),
  ]);
  const onHand = Number(balance?.on_hand ?? 0);
  const locked = Number(balance?.locked ?? 0);
  const what = sku ? `${sku.name}（${sku.sku_code}）` : `SKU ${move.skuId}`;
  const lockDelta = move.lockDelta ?? 0;
  let detail: string;
  if (lockDelta < 0 && locked + lockDelta < 0) detail = `已锁定${locked}，不能解锁${-lockDelta}`;
  else if (onHand + move.quantity < 0) detail = `现有${onHand}，本次需扣减${-move.quantity}`;
  else if (lockDelta > 0) detail = `可用${onHand - locked}，本次需锁定${lockDelta}`;
  else detail = `已锁定${locked}，扣减后现有库存将少于锁定库存`;
  return conflict(`${STOCK_SHORT_MESSAGE}：${what}在「${location.name}」${detail}`);
}

/**
 * Posts movements in the caller's transaction, in order. Each one moves its balance by a conditional update; the
 * first that would break a rule refuses the whole call with 库存不足 (naming the SKU, the location and the numbers), and
 * the caller's transaction rolls back everything it wrote. Returns the movements with before → after.
 */
export async function postMovements(trx: Transaction<Database>, actor: StockActor, moves: readonly StockMove[]): Promise<PostedMove[]> {
  const locations = new Map<number, LocationRow>();
  const posted: PostedMove[] = [];
  const rows: repo.MovementRow[] = [];
  for (const move of moves) {
    const lockDelta = move.lockDelta ?? 0;
    if (!Number.isInteger(move.quantity) || !Number.isInteger(lockDelta)) throw new Error('stock quantities are whole units');
    if (move.quantity === 0 && lockDelta === 0) continue;
    let location = locations.get(move.locationId);
    if (!location) {
      location = await repo.locationById(trx, actor.merchantId, move.locationId);
      if (!location) throw new Error(`stock location ${move.locationId} is not of merchant ${actor.merchantId}`);
      locations.set(move.locationId, location);
    }
    const key = { merchantId: actor.merchantId, locationId: move.locationId, skuId: move.skuId };
    let after = await repo.applyDelta(trx, key, move.quantity, lockDelta, actor.now);
    if (!after) {
      // no balance yet: make a zero one (a concurrent maker wins harmlessly) and try once more
      await repo.insertZeroBalance(trx, { ...key, locationKind: location.kind }, actor.now);
      after = await repo.applyDelta(trx, key, move.quantity, lockDelta, actor.now);
    }
    if (!after) throw await refusal(trx, actor, location, move);
    const onHandAfter = Number(after.on_hand);
    const lockedAfter = Number(after.locked);
    const p: PostedMove = {
      ...move,
      lockDelta,
      onHandBefore: onHandAfter - move.quantity,
      onHandAfter,
      lockedBefore: lockedAfter - lockDelta,
      lockedAfter,
    };
    posted.push(p);
    rows.push({
      merchant_id: actor.merchantId,
      location_id: move.locationId,
      location_kind: location.kind,
      sku_id: move.skuId,
      type: move.type,
      quantity: move.quantity,
      lock_delta: lockDelta,
      on_hand_before: p.onHandBefore,
      on_hand_after: onHandAfter,
      locked_before: p.lockedBefore,
      locked_after: lockedAfter,
      doc_type: move.docType,
      doc_code: move.docCode,
      device_code: location.kind === 'cabinet' ? location.device_code : '',
      reason: move.reason ?? '',
      operator_id: actor.operatorId,
      operator_name: actor.operatorName,
      created_at: actor.now,
    });
  }
  await repo.insertMovements(trx, rows);
  return posted;
}

/**
 * Opening balances (期初库存) in bulk: for location × SKU keys that hold nothing yet, one insert of their balances and
 * one of their movements (0 → quantity), instead of a conditional update per line — what a large opening document (a
 * new warehouse's or cabinet's first stock, the demo seed) needs. A key that already has a balance makes the insert
 * fail on the unique index and the caller's transaction roll back: this never overwrites stock.
 */
export async function postOpeningBalances(
  trx: Transaction<Database>,
  actor: StockActor,
  locations: readonly LocationRow[],
  lines: readonly { locationId: number; skuId: number; quantity: number; docCode: string; reason: string }[],
): Promise<void> {
  const kindOf = new Map(locations.map((l) => [l.id, l.kind]));
  const deviceOf = new Map(locations.map((l) => [l.id, l.kind === 'cabinet' ? l.device_code : '']));
  const positive = lines.filter((l) => l.quantity > 0);
  for (const l of positive) {
    if (!Number.isInteger(l.quantity)) throw new Error('stock quantities are whole units');
    if (!kindOf.has(l.locationId)) throw new Error(`stock location ${l.locationId} not given`);
  }
  await repo.insertBalances(
    trx,
    positive.map((l) => ({
      merchant_id: actor.merchantId,
      location_id: l.locationId,
      location_kind: kindOf.get(l.locationId)!,
      sku_id: l.skuId,
      on_hand: l.quantity,
      locked: 0,
      updated_at: actor.now,
    })),
  );
  await repo.insertMovements(
    trx,
    positive.map((l) => ({
      merchant_id: actor.merchantId,
      location_id: l.locationId,
      location_kind: kindOf.get(l.locationId)!,
      sku_id: l.skuId,
      type: 'inbound',
      quantity: l.quantity,
      lock_delta: 0,
      on_hand_before: 0,
      on_hand_after: l.quantity,
      locked_before: 0,
      locked_after: 0,
      doc_type: 'seed',
      doc_code: l.docCode,
      device_code: deviceOf.get(l.locationId)!,
      reason: l.reason,
      operator_id: actor.operatorId,
      operator_name: actor.operatorName,
      created_at: actor.now,
    })),
  );
}

/** Many locations at once (made where missing), e.g. every slot of many cabinets; returned in the order given. */
export async function ensureLocations(
  trx: Transaction<Database>,
  merchantId: number,
  defs: readonly (repo.LocationDef & { kind: StockLocationKind })[],
  now: number,
): Promise<LocationRow[]> {
  await repo.insertLocations(trx, merchantId, defs, now);
  const found = await repo.locationsByCodes(trx, merchantId, defs);
  const byKey = new Map(found.map((l) => [`${l.kind}:${l.code}`, l]));
  return defs.map((d) => {
    const l = byKey.get(`${d.kind}:${d.code}`);
    if (!l) throw new Error(`stock location ${d.kind}/${d.code} was not stored`);
    return l;
  });
}

/** What the reconcile found for one merchant (empty lists: the ledger holds). */
export const reconcile = (db: Parameters<typeof repo.reconcileBalances>[0], merchantId: number) => repo.reconcileBalances(db, merchantId);

/** The stock locations of cabinet slots (made where missing), in the order given: code <device>-<slot>. */
export const cabinetSlotLocations = (
  trx: Transaction<Database>,
  merchantId: number,
  slots: readonly { deviceCode: string; slotNo: string }[],
  now: number,
) =>
  ensureLocations(
    trx,
    merchantId,
    slots.map((s) => ({
      kind: 'cabinet' as const,
      code: `${s.deviceCode}-${s.slotNo}`,
      name: `${s.deviceCode} 货道${s.slotNo}`,
      deviceCode: s.deviceCode,
      slotNo: s.slotNo,
    })),
    now,
  );
