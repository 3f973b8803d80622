import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: 供应商代销 (issue 17, docs/finance.md "供应商代销", decision 79). A 代销协议 says a supplier consigns one of the
// merchant's SKUs at a settlement price per unit; every sale of it then gives that supplier its share in the split
// (fin_split_supply, one row per supplier of the order), settled T+1 like every other share. fin_split and
// fin_settlement keep the suppliers' total beside the other parties' shares. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  // 代销协议: one per SKU of the merchant (goods_sku), its supplier and the price per unit the supplier is paid
  await stamped(
    idColumn(db, db.schema.createTable('fin_supply_rule'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_sku.id'))
      .addColumn('supplier_id', 'integer', (c) => c.notNull().references('supplier.id'))
      // the supplier's own SKU it was made from (the same barcode)
      .addColumn('supply_sku_id', 'integer', (c) => c.notNull().references('supply_sku.id'))
      // 分 per unit sold
      .addColumn('unit_price', 'integer', notNull)
      .addColumn('remark', 'varchar(200)', text),
  ).execute();
  await db.schema.createIndex('fin_supply_rule_sku_uq').on('fin_supply_rule').columns(['merchant_id', 'sku_id']).unique().execute();
  await db.schema.createIndex('fin_supply_rule_list_idx').on('fin_supply_rule').columns(['merchant_id', 'updated_at', 'id']).execute();

  // a split's supplier shares: base = Σ units × price at the sale; share = base scaled to what was not refunded
  await idColumn(db, db.schema.createTable('fin_split_supply'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('split_id', 'integer', (c) => c.notNull().references('fin_split.id'))
    .addColumn('party_id', 'integer', (c) => c.notNull().references('fin_party.id'))
    .addColumn('base', 'integer', notNull)
    .addColumn('share', 'integer', zero)
    .execute();
  await db.schema.createIndex('fin_split_supply_uq').on('fin_split_supply').columns(['split_id', 'party_id']).unique().execute();
  await db.schema.createIndex('fin_split_supply_party_idx').on('fin_split_supply').columns(['party_id', 'split_id']).execute();

  await db.schema.alterTable('fin_split').addColumn('supplier_share', 'integer', zero).execute();
  await db.schema.alterTable('fin_settlement').addColumn('supplier_amount', 'bigint', zero).execute();
}
