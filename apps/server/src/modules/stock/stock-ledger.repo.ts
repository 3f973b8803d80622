import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { StockMovementTable } from './stock-ledger.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface LocationDef {
  kind: string;
  code: string;
  name: string;
  ownerId?: number;
  deviceCode?: string;
  slotNo?: string;
}

export function findLocation(db: Db, merchantId: number, kind: string, code: string) {
  return db
    .selectFrom('stock_location')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .where('code', '=', code)
    .executeTakeFirst();
}

export function locationById(db: Db, merchantId: number, id: number) {
  return db.selectFrom('stock_location').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
}

/** Inserts the location unless it exists (a concurrent insert of the same key is not an error). */
export async function insertLocation(db: Db, merchantId: number, def: LocationDef, now: number): Promise<void> {
  await db
    .insertInto('stock_location')
    .values({
      merchant_id: merchantId,
      kind: def.kind,
      code: def.code,
      name: def.name,
      owner_id: def.ownerId ?? 0,
      device_code: def.deviceCode ?? '',
      slot_no: def.slotNo ?? '',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'kind', 'code']).doNothing())
    .execute();
}

/** Inserts the locations that do not exist yet (in chunks: SQLite binds at most 32766 parameters). */
export async function insertLocations(db: Db, merchantId: number, defs: readonly LocationDef[], now: number): Promise<void> {
  for (let i = 0; i < defs.length; i += 500) {
    await db
      .insertInto('stock_location')
      .values(
        defs.slice(i, i + 500).map((def) => ({
          merchant_id: merchantId,
          kind: def.kind,
          code: def.code,
          name: def.name,
          owner_id: def.ownerId ?? 0,
          device_code: def.deviceCode ?? '',
          slot_no: def.slotNo ?? '',
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_id', 'kind', 'code']).doNothing())
      .execute();
  }
}

export async function locationsByCodes(db: Db, merchantId: number, defs: readonly { kind: string; code: string }[]) {
  const out = [];
  for (let i = 0; i < defs.length; i += 500) {
    const codes = defs.slice(i, i + 500).map((d) => d.code);
    out.push(
      ...(await db.selectFrom('stock_location').selectAll().where('merchant_id', '=', merchantId).where('code', 'in', codes).execute()),
    );
  }
  return out;
}

export async function insertBalances(
  db: Db,
  rows: {
    merchant_id: number;
    location_id: number;
    location_kind: string;
    sku_id: number;
    on_hand: number;
    locked: number;
    updated_at: number;
  }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('stock_balance')
      .values(rows.slice(i, i + 1000))
      .execute();
}

/**
 * The conditional update that keeps a balance legal: on hand + Δ ≥ 0, locked + Δlocked ≥ 0 and ≤ the new on hand.
 * Returns the new values, or undefined when the row is missing or the change would break a rule (nothing written).
 */
export function applyDelta(
  db: Db,
  balanceKey: { merchantId: number; locationId: number; skuId: number },
  quantity: number,
  lockDelta: number,
  now: number,
) {
  return db
    .updateTable('stock_balance')
    .set({
      on_hand: sql<number>`on_hand + ${quantity}`,
      locked: sql<number>`locked + ${lockDelta}`,
      version: sql<number>`version + 1`,
      updated_at: now,
    })
    .where('merchant_id', '=', balanceKey.merchantId)
    .where('location_id', '=', balanceKey.locationId)
    .where('sku_id', '=', balanceKey.skuId)
    .where(sql<boolean>`on_hand + ${quantity} >= 0`)
    .where(sql<boolean>`locked + ${lockDelta} >= 0`)
    .where(sql<boolean>`locked + ${lockDelta} <= on_hand + ${quantity}`)
    .returning(['on_hand', 'locked'])
    .executeTakeFirst();
}

/** A zero balance row for the key, unless one exists. */
export async function insertZeroBalance(
  db: Db,
  key: { merchantId: number; locationId: number; locationKind: string; skuId: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('stock_balance')
    .values({
      merchant_id: key.merchantId,
      location_id: key.locationId,
      location_kind: key.locationKind,
      sku_id: key.skuId,
      on_hand: 0,
      locked: 0,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['location_id', 'sku_id']).doNothing())
    .execute();
}

export function balanceOf(db: Db, merchantId: number, locationId: number, skuId: number) {
  return db
    .selectFrom('stock_balance')
    .select(['on_hand', 'locked', 'version'])
    .where('merchant_id', '=', merchantId)
    .where('location_id', '=', locationId)
    .where('sku_id', '=', skuId)
    .executeTakeFirst();
}

/** The SKU's code and name for a refusal (goods_sku read only). */
export function skuLabel(db: Db, merchantId: number, skuId: number) {
  return db
    .selectFrom('goods_sku')
    .select(['sku_code', 'name'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', skuId)
    .executeTakeFirst();
}

/**
 * Is a stock document code taken by any document of the merchant: one registered in stock_doc_code (0042), an 入库单 /
 * 退货单 (stock_order) or a movement's document (the demo seed's, written before the registry)? Every prefix a ledger
 * document draws (RK, TH, KB) is shared by the orders and the movement-only documents, so every draw checks all three.
 */
export async function docCodeTaken(db: Db, merchantId: number, code: string): Promise<boolean> {
  const [registered, order, moved] = await Promise.all([
    db.selectFrom('stock_doc_code').select('id').where('merchant_id', '=', merchantId).where('code', '=', code).executeTakeFirst(),
    db.selectFrom('stock_order').select('id').where('merchant_id', '=', merchantId).where('order_code', '=', code).executeTakeFirst(),
    db.selectFrom('stock_movement').select('id').where('merchant_id', '=', merchantId).where('doc_code', '=', code).executeTakeFirst(),
  ]);
  return Boolean(registered ?? order ?? moved);
}

/** Registers a freshly drawn document code (stock_doc_code_uq refuses one a concurrent write registered first). */
export async function registerDocCode(db: Db, merchantId: number, code: string, docType: string, now: number): Promise<void> {
  await db.insertInto('stock_doc_code').values({ merchant_id: merchantId, code, doc_type: docType, created_at: now }).execute();
}

/** A movement to insert (the table's row without its id). */
export type MovementRow = Omit<Insertable<StockMovementTable>, 'id'>;

export async function insertMovements(db: Db, rows: MovementRow[]): Promise<void> {
  // SQLite binds at most 32766 parameters: 18 columns a row
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('stock_movement')
      .values(rows.slice(i, i + 500))
      .execute();
}

/**
 * Every balance whose cached on hand / locked differs from the sum of its movements, or breaks a rule (on hand < 0,
 * locked < 0, locked > on hand), for one merchant. Empty when the ledger holds.
 */
export async function reconcileBalances(db: Db, merchantId: number) {
  const sums = db
    .selectFrom('stock_movement')
    .select(['location_id', 'sku_id'])
    .select((eb) => [eb.fn.sum<number>('quantity').as('moved'), eb.fn.sum<number>('lock_delta').as('lock_moved')])
    .where('merchant_id', '=', merchantId)
    .groupBy(['location_id', 'sku_id'])
    .as('m');
  const balances = await db
    .selectFrom('stock_balance as b')
    .leftJoin(sums, (j) => j.onRef('m.location_id', '=', 'b.location_id').onRef('m.sku_id', '=', 'b.sku_id'))
    .select(['b.location_id', 'b.sku_id', 'b.on_hand', 'b.locked', 'm.moved', 'm.lock_moved'])
    .where('b.merchant_id', '=', merchantId)
    .execute();
  const bad = balances
    .map((b) => ({
      locationId: b.location_id,
      skuId: b.sku_id,
      onHand: Number(b.on_hand),
      locked: Number(b.locked),
      moved: Number(b.moved ?? 0),
      lockMoved: Number(b.lock_moved ?? 0),
    }))
    .filter((b) => b.onHand !== b.moved || b.locked !== b.lockMoved || b.onHand < 0 || b.locked < 0 || b.locked > b.onHand);
  // movements of a key that has no balance row at all
  const orphans = await db
    .selectFrom('stock_movement as mv')
    .leftJoin('stock_balance as b', (j) => j.onRef('b.location_id', '=', 'mv.location_id').onRef('b.sku_id', '=', 'mv.sku_id'))
    .select(['mv.location_id', 'mv.sku_id'])
    .where('mv.merchant_id', '=', merchantId)
    .where('b.id', 'is', null)
    .groupBy(['mv.location_id', 'mv.sku_id'])
    .execute();
  // each movement starts where the previous one of its balance ended (the first from zero)
  const chained = db
    .selectFrom('stock_movement')
    .select(['id', 'location_id', 'sku_id', 'on_hand_before', 'locked_before'])
    .select([
      sql<number | null>`lag(on_hand_after) over (partition by location_id, sku_id order by id)`.as('prev_on_hand'),
      sql<number | null>`lag(locked_after) over (partition by location_id, sku_id order by id)`.as('prev_locked'),
    ])
    .where('merchant_id', '=', merchantId)
    .as('c');
  const broken = await db
    .selectFrom(chained)
    .select(['c.id', 'c.location_id', 'c.sku_id'])
    .where((eb) =>
      eb.or([
        eb(sql`coalesce(c.prev_on_hand, 0)`, '<>', eb.ref('c.on_hand_before')),
        eb(sql`coalesce(c.prev_locked, 0)`, '<>', eb.ref('c.locked_before')),
      ]),
    )
    .orderBy('c.id')
    .limit(100)
    .execute();
  return {
    bad,
    orphans: orphans.map((o) => ({ locationId: o.location_id, skuId: o.sku_id })),
    brokenChains: broken.map((b) => ({ movementId: b.id, locationId: b.location_id, skuId: b.sku_id })),
    balances: balances.length,
  };
}
