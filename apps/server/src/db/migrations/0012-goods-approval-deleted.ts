import type { Kysely } from 'kysely';

// Frozen: a deleted application (新品申请/SKU申请) that was once submitted stays as a row marked deleted, so
// its review trail (record_history, 审核记录) keeps pointing at it; a never-submitted draft is removed.
// Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('goods_approval').addColumn('deleted_at', 'bigint').execute();
}
