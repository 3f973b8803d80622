import type { Kysely } from 'kysely';

// Frozen: the operation log pages by keyset (docs/decisions.md), newest first by created_at then id, within
// one merchant. One index per filter + sort its page offers: the merchant's entries in time order (the
// time range filter is a range of the same index; 账号 and 操作 are substring filters, read along it), and
// the same per result code (the 结果 filter). Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('operation_log_merchant_time_idx').on('operation_log').columns(['merchant_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('operation_log_merchant_result_time_idx')
    .on('operation_log')
    .columns(['merchant_id', 'result_code', 'created_at', 'id'])
    .execute();
}
