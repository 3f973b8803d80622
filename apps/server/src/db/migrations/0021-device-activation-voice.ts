import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: device activation applications (激活申请, section 120), the cabinet terms of a contract (智能柜投放合同:
// cabinet model and the number of cabinets it covers, with the count activated against it), and voice prompts
// (语音提醒, section 126) with their pushes to cabinets. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contract').addColumn('cabinet_model_code', 'varchar(20)').execute();
  await db.schema.alterTable('contract').addColumn('cabinet_count', 'integer', zero).execute();
  await db.schema.alterTable('contract').addColumn('cabinet_activated', 'integer', zero).execute();

  await stamped(
    idColumn(db, db.schema.createTable('device_activation'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('apply_code', 'varchar(20)', notNull)
      .addColumn('contract_id', 'integer', (c) => c.notNull().references('contract.id'))
      .addColumn('contract_no', 'varchar(32)', notNull)
      .addColumn('contract_name', 'varchar(50)', notNull)
      .addColumn('model_code', 'varchar(20)', notNull)
      .addColumn('device_count', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('remark', 'varchar(200)', text)
      .addColumn('reason', 'varchar(200)', text)
      .addColumn('applicant_id', 'integer', notNull)
      .addColumn('applicant_name', 'varchar(64)', notNull)
      .addColumn('reviewer_id', 'integer')
      .addColumn('reviewer_name', 'varchar(64)', text)
      .addColumn('reviewed_at', 'bigint'),
  ).execute();
  await db.schema
    .createIndex('device_activation_code_uq')
    .on('device_activation')
    .columns(['merchant_id', 'apply_code'])
    .unique()
    .execute();
  await db.schema.createIndex('device_activation_list_idx').on('device_activation').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('device_activation_status_idx').on('device_activation').columns(['merchant_id', 'status', 'id']).execute();

  // One row per device applied for; `pending_device_id` holds the device while the application is 待审核 (NULL
  // otherwise), so its unique index keeps a device in at most one pending application, also under concurrency.
  await idColumn(db, db.schema.createTable('device_activation_item'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('activation_id', 'integer', (c) => c.notNull().references('device_activation.id'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('device_code', 'varchar(20)', notNull)
    .addColumn('pending_device_id', 'integer')
    .execute();
  await db.schema.createIndex('device_activation_item_app_idx').on('device_activation_item').columns(['activation_id', 'id']).execute();
  await db.schema
    .createIndex('device_activation_item_device_idx')
    .on('device_activation_item')
    .columns(['merchant_id', 'device_code'])
    .execute();
  await db.schema
    .createIndex('device_activation_pending_uq')
    .on('device_activation_item')
    .columns(['pending_device_id'])
    .unique()
    .execute();

  // ---- voice prompts: device_codes is a JSON array (scope 'devices')
  await stamped(
    idColumn(db, db.schema.createTable('voice_prompt'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('prompt_code', 'varchar(20)', notNull)
      .addColumn('name', 'varchar(30)', notNull)
      .addColumn('voice_type', 'varchar(20)', notNull)
      .addColumn('content', 'varchar(100)', notNull)
      .addColumn('time_from', 'varchar(5)', notNull)
      .addColumn('time_to', 'varchar(5)', notNull)
      .addColumn('date_from', 'varchar(10)', notNull)
      .addColumn('date_to', 'varchar(10)', notNull)
      .addColumn('scope', 'varchar(10)', notNull)
      .addColumn('model_code', 'varchar(20)')
      .addColumn('device_codes', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('status', 'integer', notNull)
      .addColumn('last_pushed_at', 'bigint')
      .addColumn('last_push_count', 'integer', zero),
  ).execute();
  await db.schema.createIndex('voice_prompt_code_uq').on('voice_prompt').columns(['merchant_id', 'prompt_code']).unique().execute();
  await db.schema.createIndex('voice_prompt_list_idx').on('voice_prompt').columns(['merchant_id', 'id']).execute();

  // ---- one row per cabinet a push went to; the command's status lives with the command (device_command)
  await idColumn(db, db.schema.createTable('voice_push'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('prompt_id', 'integer', (c) => c.notNull().references('voice_prompt.id'))
    .addColumn('prompt_version', 'integer', notNull)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('device_code', 'varchar(20)', notNull)
    .addColumn('command_no', 'varchar(40)', notNull)
    .addColumn('operator_name', 'varchar(64)', text)
    .addColumn('pushed_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('voice_push_prompt_idx').on('voice_push').columns(['prompt_id', 'id']).execute();
}
