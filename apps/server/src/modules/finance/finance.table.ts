import type { Generated } from 'kysely';

// The money ledger's tables (0047, docs/finance.md). Money in cents.

/** Who money is owed to: the merchant, a cabinet owner, a point owner, a supplier, the platform. */
export interface FinPartyTable {
  id: Generated<number>;
  merchant_id: number;
  party_code: string;
  /** PARTY_TYPES. */
  party_type: string;
  /** 'merchant', 'platform', 'point:<id>', 'supplier:<id>', 'owner:<phone>'. */
  ref_key: string;
  name: string;
  phone: Generated<string>;
  status: Generated<number>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A party's balance of one kind (ACCOUNT_KINDS); `balance` caches Σ of its lines. */
export interface FinAccountTable {
  id: Generated<number>;
  merchant_id: number;
  party_id: number;
  kind: string;
  balance: Generated<number>;
  line_count: Generated<number>;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A journal entry: one money event; its lines sum to zero. */
export interface FinEntryTable {
  id: Generated<number>;
  merchant_id: number;
  entry_no: string;
  /** ENTRY_TYPES. */
  type: string;
  ref_type: string;
  ref_no: string;
  order_no: Generated<string>;
  /** Unique per merchant: the event posts once. */
  post_key: string;
  amount: number;
  memo: Generated<string>;
  operator_name: Generated<string>;
  created_at: number;
}

export interface FinEntryLineTable {
  id: Generated<number>;
  merchant_id: number;
  entry_id: number;
  account_id: number;
  party_id: number;
  kind: string;
  /** Signed cents. */
  amount: number;
  balance_after: number;
  entry_type: string;
  ref_no: string;
  order_no: Generated<string>;
  created_at: number;
}

/** 分账 of one paid payment. */
export interface FinSplitTable {
  id: Generated<number>;
  merchant_id: number;
  pay_no: string;
  biz_type: string;
  order_no: string;
  channel: Generated<string>;
  device_code: Generated<string>;
  point_id: Generated<number>;
  point_name: Generated<string>;
  owner_party_id: Generated<number>;
  point_party_id: Generated<number>;
  owner_bp: Generated<number>;
  point_bp: Generated<number>;
  fee_bp: Generated<number>;
  captured: number;
  refunded: Generated<number>;
  merchant_share: Generated<number>;
  owner_share: Generated<number>;
  point_share: Generated<number>;
  platform_fee: Generated<number>;
  /** Σ of its fin_split_supply shares (0048). */
  supplier_share: Generated<number>;
  /** SPLIT_STATUS. */
  status: Generated<number>;
  paid_at: number;
  due_at: number;
  settlement_id: Generated<number>;
  settled_at: Generated<number>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface FinSettlementTable {
  id: Generated<number>;
  merchant_id: number;
  settle_no: string;
  business_day: string;
  split_count: Generated<number>;
  amount: Generated<number>;
  merchant_amount: Generated<number>;
  owner_amount: Generated<number>;
  point_amount: Generated<number>;
  supplier_amount: Generated<number>;
  fee_amount: Generated<number>;
  operator_name: Generated<string>;
  created_at: number;
}

/** 柜主分账协议 per device; device_code '' holds the merchant's platform fee rate. */
export interface FinSplitRuleTable {
  id: Generated<number>;
  merchant_id: number;
  device_code: Generated<string>;
  owner_party_id: Generated<number>;
  owner_bp: Generated<number>;
  fee_bp: Generated<number>;
  remark: Generated<string>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** 代销协议 (0048): a supplier consigns one of the merchant's SKUs at a price per unit sold. */
export interface FinSupplyRuleTable {
  id: Generated<number>;
  merchant_id: number;
  /** goods_sku.id, unique per merchant. */
  sku_id: number;
  supplier_id: number;
  supply_sku_id: number;
  /** 分 per unit. */
  unit_price: number;
  remark: Generated<string>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A consigning supplier's share of a split (0048): base = Σ units × price; share = base scaled to the net. */
export interface FinSplitSupplyTable {
  id: Generated<number>;
  merchant_id: number;
  split_id: number;
  party_id: number;
  base: number;
  share: Generated<number>;
}

export interface FinBankCardTable {
  id: Generated<number>;
  merchant_id: number;
  party_id: number;
  bank_code: string;
  bank_name: string;
  holder_name: string;
  card_no: string;
  is_default: Generated<number>;
  status: Generated<number>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface FinWithdrawalTable {
  id: Generated<number>;
  merchant_id: number;
  withdraw_no: string;
  party_id: number;
  amount: number;
  card_id: Generated<number>;
  card_text: Generated<string>;
  /** WITHDRAWAL_STATUS. */
  status: Generated<number>;
  remark: Generated<string>;
  reject_reason: Generated<string>;
  applicant_name: Generated<string>;
  reviewer_name: Generated<string>;
  reviewed_at: Generated<number>;
  paid_at: Generated<number>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface FinFreezeTable {
  id: Generated<number>;
  merchant_id: number;
  freeze_no: string;
  party_id: number;
  amount: number;
  reason: string;
  /** FREEZE_STATUS. */
  status: Generated<number>;
  release_reason: Generated<string>;
  operator_name: Generated<string>;
  released_by_name: Generated<string>;
  released_at: Generated<number>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    fin_party: FinPartyTable;
    fin_account: FinAccountTable;
    fin_entry: FinEntryTable;
    fin_entry_line: FinEntryLineTable;
    fin_split: FinSplitTable;
    fin_settlement: FinSettlementTable;
    fin_split_rule: FinSplitRuleTable;
    fin_supply_rule: FinSupplyRuleTable;
    fin_split_supply: FinSplitSupplyTable;
    fin_bank_card: FinBankCardTable;
    fin_withdrawal: FinWithdrawalTable;
    fin_freeze: FinFreezeTable;
  }
}
