import type { Kysely } from 'kysely';

// Frozen: 调价单 (price_adjustment) filtered by 状态 or by 调价范围 and sorted by 生效时间 (effective_at, keyset with
// id as the tie-break; docs/prices.md). 0031 indexed those filters for the 创建时间 sort only, so the 生效时间 sort
// with a filter read the whole merchant and sorted. One index per filter for that sort. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('price_adjustment_status_effective_idx')
    .on('price_adjustment')
    .columns(['merchant_id', 'status', 'effective_at', 'id'])
    .execute();
  await db.schema
    .createIndex('price_adjustment_scope_effective_idx')
    .on('price_adjustment')
    .columns(['merchant_id', 'scope_type', 'effective_at', 'id'])
    .execute();
}
