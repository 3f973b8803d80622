import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: the money ledger (issue 17, docs/finance.md). Parties (the merchant, cabinet owners, point owners,
// suppliers, the platform) each hold accounts by kind (可用, 冻结, 待结算, 在途; the platform also 支付通道, the money
// the payment channel holds). Every money event is one journal entry whose lines sum to zero, posted in the
// transaction of the business change; an account's balance is the sum of its lines (the cached `balance` is checked
// by reconcile). Around it: the revenue split of every paid payment (分账), the T+1 settlements that move split
// shares from 待结算 to 可用, withdrawals, freezes, bank cards and the cabinet owners' split agreements.
// Amounts are integer cents; running sums are bigint. Unbounded tables (entries, lines, splits) have an index for
// each filter + sort their pages offer. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('fin_party'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // FP + 8 digits
      .addColumn('party_code', 'varchar(20)', notNull)
      // PARTY_TYPES: merchant, cabinet_owner, point_owner, supplier, platform
      .addColumn('party_type', 'varchar(16)', notNull)
      // what the party is in its own module: 'merchant', 'platform', 'point:<id>', 'supplier:<id>', 'owner:<phone>'
      .addColumn('ref_key', 'varchar(40)', notNull)
      .addColumn('name', 'varchar(64)', notNull)
      .addColumn('phone', 'varchar(20)', text)
      // 0 正常, 1 停用
      .addColumn('status', 'integer', zero),
  ).execute();
  await db.schema.createIndex('fin_party_code_uq').on('fin_party').columns(['merchant_id', 'party_code']).unique().execute();
  await db.schema.createIndex('fin_party_ref_uq').on('fin_party').columns(['merchant_id', 'ref_key']).unique().execute();
  await db.schema.createIndex('fin_party_type_idx').on('fin_party').columns(['merchant_id', 'party_type', 'id']).execute();

  await idColumn(db, db.schema.createTable('fin_account'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('party_id', 'integer', (c) => c.notNull().references('fin_party.id'))
    // ACCOUNT_KINDS: available, frozen, pending, in_transit, channel
    .addColumn('kind', 'varchar(16)', notNull)
    // Σ of its lines (cached; reconcile checks it)
    .addColumn('balance', 'bigint', zero)
    .addColumn('line_count', 'integer', zero)
    .addColumn('version', 'integer', zero)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('fin_account_party_uq').on('fin_account').columns(['party_id', 'kind']).unique().execute();
  await db.schema.createIndex('fin_account_merchant_idx').on('fin_account').columns(['merchant_id', 'kind', 'party_id']).execute();

  await idColumn(db, db.schema.createTable('fin_entry'))
    .addColumn('merchant_id', 'integer', merchantRef)
    // JZ + yyMMdd + 8 digits
    .addColumn('entry_no', 'varchar(24)', notNull)
    // ENTRY_TYPES
    .addColumn('type', 'varchar(20)', notNull)
    // the document: payment, refund, split, settlement, withdrawal, freeze, adjustment
    .addColumn('ref_type', 'varchar(20)', notNull)
    .addColumn('ref_no', 'varchar(40)', notNull)
    // the order behind it ('' when none): a balance's records lead to their order
    .addColumn('order_no', 'varchar(40)', text)
    // one posting per event: e.g. capture:<payNo>, refund:<refundNo>, settle:<payNo>; unique, so an event posts once
    .addColumn('post_key', 'varchar(80)', notNull)
    // Σ of the positive lines
    .addColumn('amount', 'bigint', notNull)
    .addColumn('memo', 'varchar(200)', text)
    .addColumn('operator_name', 'varchar(64)', text)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('fin_entry_no_uq').on('fin_entry').columns(['merchant_id', 'entry_no']).unique().execute();
  await db.schema.createIndex('fin_entry_key_uq').on('fin_entry').columns(['merchant_id', 'post_key']).unique().execute();
  await db.schema.createIndex('fin_entry_order_idx').on('fin_entry').columns(['merchant_id', 'order_no', 'id']).execute();
  await db.schema.createIndex('fin_entry_list_idx').on('fin_entry').columns(['merchant_id', 'created_at', 'id']).execute();

  await idColumn(db, db.schema.createTable('fin_entry_line'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('fin_entry.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('fin_account.id'))
    .addColumn('party_id', 'integer', notNull)
    .addColumn('kind', 'varchar(16)', notNull)
    // signed cents: + the party's balance grows (贷), − it shrinks (借); an entry's lines sum to 0
    .addColumn('amount', 'bigint', notNull)
    // the account's balance after this line
    .addColumn('balance_after', 'bigint', notNull)
    // the entry's type, document and order, kept on the line for the records page's filters
    .addColumn('entry_type', 'varchar(20)', notNull)
    .addColumn('ref_no', 'varchar(40)', notNull)
    .addColumn('order_no', 'varchar(40)', text)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  // a party's records: all its accounts, one account (kind), or one business type
  await db.schema.createIndex('fin_line_party_idx').on('fin_entry_line').columns(['party_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('fin_line_account_idx').on('fin_entry_line').columns(['account_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('fin_line_party_type_idx')
    .on('fin_entry_line')
    .columns(['party_id', 'entry_type', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('fin_line_entry_idx').on('fin_entry_line').columns(['entry_id']).execute();

  // 分账: one per paid payment; shares always add up to captured − refunded (the merchant takes the rounding)
  await stamped(
    idColumn(db, db.schema.createTable('fin_split'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('pay_no', 'varchar(20)', notNull)
      .addColumn('biz_type', 'varchar(30)', notNull)
      .addColumn('order_no', 'varchar(40)', notNull)
      // ORDER_CHANNELS
      .addColumn('channel', 'varchar(20)', text)
      .addColumn('device_code', 'varchar(20)', text)
      .addColumn('point_id', 'integer', zero)
      .addColumn('point_name', 'varchar(100)', text)
      .addColumn('owner_party_id', 'integer', zero)
      .addColumn('point_party_id', 'integer', zero)
      // the rates it was split by (basis points), kept as they were
      .addColumn('owner_bp', 'integer', zero)
      .addColumn('point_bp', 'integer', zero)
      .addColumn('fee_bp', 'integer', zero)
      .addColumn('captured', 'integer', notNull)
      .addColumn('refunded', 'integer', zero)
      .addColumn('merchant_share', 'integer', zero)
      .addColumn('owner_share', 'integer', zero)
      .addColumn('point_share', 'integer', zero)
      .addColumn('platform_fee', 'integer', zero)
      // SPLIT_STATUS 0 待结算, 1 已结算
      .addColumn('status', 'integer', zero)
      .addColumn('paid_at', 'bigint', notNull)
      // T+1: the start of the next business day after paid_at
      .addColumn('due_at', 'bigint', notNull)
      .addColumn('settlement_id', 'integer', zero)
      .addColumn('settled_at', 'bigint', zero),
  ).execute();
  await db.schema.createIndex('fin_split_pay_uq').on('fin_split').columns(['merchant_id', 'pay_no']).unique().execute();
  await db.schema.createIndex('fin_split_list_idx').on('fin_split').columns(['merchant_id', 'paid_at', 'id']).execute();
  await db.schema.createIndex('fin_split_due_idx').on('fin_split').columns(['merchant_id', 'status', 'due_at', 'id']).execute();
  await db.schema.createIndex('fin_split_order_idx').on('fin_split').columns(['merchant_id', 'order_no']).execute();
  await db.schema.createIndex('fin_split_owner_idx').on('fin_split').columns(['merchant_id', 'owner_party_id', 'paid_at', 'id']).execute();
  await db.schema.createIndex('fin_split_device_idx').on('fin_split').columns(['merchant_id', 'device_code', 'paid_at', 'id']).execute();
  await db.schema.createIndex('fin_split_settlement_idx').on('fin_split').columns(['settlement_id', 'id']).execute();

  // 结算单 (项目账单): one per merchant and settlement run
  await idColumn(db, db.schema.createTable('fin_settlement'))
    .addColumn('merchant_id', 'integer', merchantRef)
    // JS + yyMMdd + 4 digits
    .addColumn('settle_no', 'varchar(24)', notNull)
    // the business day whose splits it settles (yyyy-MM-dd, the last due day covered)
    .addColumn('business_day', 'varchar(10)', notNull)
    .addColumn('split_count', 'integer', zero)
    .addColumn('amount', 'bigint', zero)
    .addColumn('merchant_amount', 'bigint', zero)
    .addColumn('owner_amount', 'bigint', zero)
    .addColumn('point_amount', 'bigint', zero)
    .addColumn('fee_amount', 'bigint', zero)
    .addColumn('operator_name', 'varchar(64)', text)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('fin_settlement_no_uq').on('fin_settlement').columns(['merchant_id', 'settle_no']).unique().execute();
  await db.schema.createIndex('fin_settlement_list_idx').on('fin_settlement').columns(['merchant_id', 'created_at', 'id']).execute();

  // 柜主分账协议: a cabinet owner's share of a device's sales; the row with device_code '' holds the merchant's
  // platform fee rate
  await stamped(
    idColumn(db, db.schema.createTable('fin_split_rule'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('device_code', 'varchar(20)', text)
      .addColumn('owner_party_id', 'integer', zero)
      .addColumn('owner_bp', 'integer', zero)
      .addColumn('fee_bp', 'integer', zero)
      .addColumn('remark', 'varchar(200)', text),
  ).execute();
  await db.schema.createIndex('fin_split_rule_uq').on('fin_split_rule').columns(['merchant_id', 'device_code']).unique().execute();

  await stamped(
    idColumn(db, db.schema.createTable('fin_bank_card'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('party_id', 'integer', (c) => c.notNull().references('fin_party.id'))
      .addColumn('bank_code', 'varchar(20)', notNull)
      .addColumn('bank_name', 'varchar(40)', notNull)
      .addColumn('holder_name', 'varchar(40)', notNull)
      // the whole number (paying out needs it); pages only ever get the masked form
      .addColumn('card_no', 'varchar(32)', notNull)
      .addColumn('is_default', 'integer', zero)
      // 0 正常, 1 已解绑
      .addColumn('status', 'integer', zero),
  ).execute();
  await db.schema.createIndex('fin_bank_card_party_idx').on('fin_bank_card').columns(['party_id', 'status', 'id']).execute();

  await stamped(
    idColumn(db, db.schema.createTable('fin_withdrawal'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // TX + yyMMdd + 4 digits
      .addColumn('withdraw_no', 'varchar(24)', notNull)
      .addColumn('party_id', 'integer', (c) => c.notNull().references('fin_party.id'))
      .addColumn('amount', 'integer', notNull)
      .addColumn('card_id', 'integer', zero)
      // the card as it was: bank and masked number
      .addColumn('card_text', 'varchar(80)', text)
      // WITHDRAWAL_STATUS 0 待审核, 1 待打款, 2 已打款, 3 已驳回
      .addColumn('status', 'integer', zero)
      .addColumn('remark', 'varchar(200)', text)
      .addColumn('reject_reason', 'varchar(200)', text)
      .addColumn('applicant_name', 'varchar(64)', text)
      .addColumn('reviewer_name', 'varchar(64)', text)
      .addColumn('reviewed_at', 'bigint', zero)
      .addColumn('paid_at', 'bigint', zero),
  ).execute();
  await db.schema.createIndex('fin_withdrawal_no_uq').on('fin_withdrawal').columns(['merchant_id', 'withdraw_no']).unique().execute();
  await db.schema.createIndex('fin_withdrawal_list_idx').on('fin_withdrawal').columns(['merchant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('fin_withdrawal_party_idx').on('fin_withdrawal').columns(['party_id', 'created_at', 'id']).execute();

  await stamped(
    idColumn(db, db.schema.createTable('fin_freeze'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // DJ + yyMMdd + 4 digits
      .addColumn('freeze_no', 'varchar(24)', notNull)
      .addColumn('party_id', 'integer', (c) => c.notNull().references('fin_party.id'))
      .addColumn('amount', 'integer', notNull)
      .addColumn('reason', 'varchar(200)', notNull)
      // FREEZE_STATUS 0 冻结中, 1 已解冻
      .addColumn('status', 'integer', zero)
      .addColumn('release_reason', 'varchar(200)', text)
      .addColumn('operator_name', 'varchar(64)', text)
      .addColumn('released_by_name', 'varchar(64)', text)
      .addColumn('released_at', 'bigint', zero),
  ).execute();
  await db.schema.createIndex('fin_freeze_no_uq').on('fin_freeze').columns(['merchant_id', 'freeze_no']).unique().execute();
  await db.schema.createIndex('fin_freeze_party_idx').on('fin_freeze').columns(['party_id', 'created_at', 'id']).execute();
}
