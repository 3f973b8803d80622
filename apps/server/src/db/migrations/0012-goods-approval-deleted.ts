import { sql, type Kysely } from 'kysely';

// Frozen: applications (新品申请/SKU申请). A deleted application that was once submitted stays as a row marked
// deleted, so its review trail (record_history, 审核记录) keeps pointing at it; a never-submitted draft is
// removed. At most one application per barcode waits for review at a time (the last word on the submit
// check under concurrency). Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('goods_approval').addColumn('deleted_at', 'bigint').execute();
  await db.schema
    .createIndex('goods_approval_pending_barcode_uq')
    .on('goods_approval')
    .columns(['merchant_id', 'barcode'])
    .unique()
    .where(sql.ref('status'), '=', 1)
    .execute();
}
