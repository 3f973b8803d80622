import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: point bulletins (点位公告) with the points they apply to, and point withdrawal applications (撤点申请),
// both section 121. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('point_bulletin'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('bulletin_code', 'varchar(20)', notNull)
      .addColumn('title', 'varchar(50)', notNull)
      .addColumn('bulletin_type', 'varchar(20)', notNull)
      .addColumn('content', 'varchar(500)', notNull)
      .addColumn('start_date', 'varchar(10)', notNull)
      // '' = open-ended
      .addColumn('end_date', 'varchar(10)', text)
      .addColumn('scope', 'varchar(10)', notNull)
      .addColumn('point_count', 'integer', zero)
      .addColumn('status', 'integer', notNull)
      .addColumn('published_at', 'bigint')
      .addColumn('publisher_name', 'varchar(64)', text)
      .addColumn('creator_name', 'varchar(64)', text),
  ).execute();
  await db.schema.createIndex('point_bulletin_code_uq').on('point_bulletin').columns(['merchant_id', 'bulletin_code']).unique().execute();
  await db.schema.createIndex('point_bulletin_list_idx').on('point_bulletin').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('point_bulletin_status_idx').on('point_bulletin').columns(['merchant_id', 'status', 'start_date']).execute();

  // the points of a bulletin whose scope is 'points'
  await idColumn(db, db.schema.createTable('point_bulletin_point'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('bulletin_id', 'integer', (c) => c.notNull().references('point_bulletin.id'))
    .addColumn('point_id', 'integer', (c) => c.notNull().references('point.id'))
    .execute();
  await db.schema.createIndex('point_bulletin_point_uq').on('point_bulletin_point').columns(['bulletin_id', 'point_id']).unique().execute();
  await db.schema.createIndex('point_bulletin_point_point_idx').on('point_bulletin_point').columns(['point_id', 'bulletin_id']).execute();

  // `open_point_id` holds the point while the application is open (待审核 or 已通过, NULL otherwise): its unique
  // index keeps one open application per point, also when two are submitted at once.
  await stamped(
    idColumn(db, db.schema.createTable('point_withdrawal'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('apply_code', 'varchar(20)', notNull)
      .addColumn('point_id', 'integer', (c) => c.notNull().references('point.id'))
      .addColumn('point_code', 'varchar(20)', notNull)
      .addColumn('point_name', 'varchar(50)', notNull)
      .addColumn('open_point_id', 'integer')
      .addColumn('reason', 'varchar(200)', notNull)
      .addColumn('planned_date', 'varchar(10)', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('review_remark', 'varchar(200)', text)
      .addColumn('applicant_id', 'integer', notNull)
      .addColumn('applicant_name', 'varchar(64)', notNull)
      .addColumn('reviewer_id', 'integer')
      .addColumn('reviewer_name', 'varchar(64)', text)
      .addColumn('reviewed_at', 'bigint')
      .addColumn('completed_at', 'bigint')
      .addColumn('completer_name', 'varchar(64)', text)
      .addColumn('unbound_count', 'integer', zero),
  ).execute();
  await db.schema.createIndex('point_withdrawal_code_uq').on('point_withdrawal').columns(['merchant_id', 'apply_code']).unique().execute();
  await db.schema.createIndex('point_withdrawal_open_uq').on('point_withdrawal').columns(['open_point_id']).unique().execute();
  await db.schema.createIndex('point_withdrawal_list_idx').on('point_withdrawal').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('point_withdrawal_point_idx').on('point_withdrawal').columns(['merchant_id', 'point_id']).execute();
}
