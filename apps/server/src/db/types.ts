import type { Generated } from 'kysely';

/** Times are epoch milliseconds; money is integer cents; booleans are 0/1 integers. */
export interface MerchantTable {
  id: Generated<number>;
  code: string;
  name: string;
  bus_code: string;
  status: number;
  created_at: number;
}

export interface OrganizationTable {
  id: Generated<number>;
  merchant_id: number;
  parent_id: number | null;
  name: string;
  structure_type: number;
  sort: number;
  created_at: number;
}

export interface RoleTable {
  id: Generated<number>;
  merchant_id: number;
  organization_id: number;
  name: string;
  package_name: string;
  is_admin: number;
  created_at: number;
}

export interface AccountTable {
  id: Generated<number>;
  merchant_id: number;
  user_name: string;
  phone: string;
  password_hash: string;
  merchant_account_type: number;
  use_site: number;
  bus_code: string;
  status: number;
  password_changed_at: number;
  created_at: number;
  updated_at: number;
}

export interface MembershipTable {
  account_id: number;
  organization_id: number;
  role_id: number;
  merchant_id: number;
}

export interface MenuTable {
  id: number;
  parent_id: number;
  name: string;
  icon_url: string;
  menu_type: number;
  sort: number;
  hidden: number;
  anchor: string;
  route_path: string;
}

export interface RoleMenuTable {
  role_id: number;
  menu_id: number;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  account_id: number;
  merchant_id: number;
  organization_id: number | null;
  role_ids: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
  ip: string;
  user_agent: string;
}

export interface VerifyCodeTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  content: string;
  created_at: number;
}

export interface LoginLogTable {
  id: Generated<number>;
  merchant_id: number | null;
  account_id: number | null;
  user_name: string;
  method: string;
  success: number;
  reason: string;
  ip: string;
  user_agent: string;
  created_at: number;
}

/** Per login key: the global back-off — the next attempt from any address is taken from `locked_until` on. */
export interface LoginLockTable {
  user_key: string;
  locked_until: number;
}

/** Per login key and address: locked after too many failures from that address. */
export interface LoginIpLockTable {
  user_key: string;
  ip: string;
  locked_until: number;
}

export interface ChannelTable {
  code: string;
  name: string;
  sort: number;
}

export interface MerchantChannelTable {
  merchant_id: number;
  channel_code: string;
}

export interface SiteTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  name: string;
  organization_id: number | null;
  created_at: number;
}

export interface Database extends GatewayTables, MerchantTables, ExportTables {
  merchant: MerchantTable;
  organization: OrganizationTable;
  role: RoleTable;
  account: AccountTable;
  membership: MembershipTable;
  menu: MenuTable;
  role_menu: RoleMenuTable;
  session: SessionTable;
  verify_code: VerifyCodeTable;
  sms_outbox: SmsOutboxTable;
  login_log: LoginLogTable;
  login_lock: LoginLockTable;
  login_ip_lock: LoginIpLockTable;
  channel: ChannelTable;
  merchant_channel: MerchantChannelTable;
  site: SiteTable;
  rate_budget: RateBudgetTable;
}

/** A sending budget's bucket (e.g. verify codes of one IP this hour): used so far, until the window ends. */
export interface RateBudgetTable {
  bucket: string;
  used: number;
  window_ends: number;
}

export interface OperationLogTable {
  id: Generated<number>;
  merchant_id: number | null;
  account_id: number | null;
  user_name: string;
  organization_id: number | null;
  role_ids: string;
  operation: string;
  anchor: string;
  client_anchor: string;
  target_ids: string;
  result_code: string;
  result_msg: string;
  ip: string;
  created_at: number;
}

export interface TrackingEventTable {
  id: Generated<number>;
  merchant_id: number | null;
  account_id: number | null;
  app_key: string;
  type: string;
  page: string;
  target: string;
  event_at: number;
  created_at: number;
}

export interface SecureChannelTable {
  channel_id: string;
  keys: string;
  expires_at: number;
  created_at: number;
}

export interface SecureNonceTable {
  channel_id: string;
  nonce: string;
  expires_at: number;
}

export interface GatewayTables {
  operation_log: OperationLogTable;
  tracking_event: TrackingEventTable;
  secure_channel: SecureChannelTable;
  secure_nonce: SecureNonceTable;
}

// ---- 0003-merchant: uploaded files and merchant basic settings (section 100) ----

export interface FileTable {
  /** Internal key (business tables reference it); never shown to people. */
  id: Generated<number>;
  /** 0006: the id people and URLs see — 128 random bits, base64url. */
  public_id: string;
  merchant_id: number;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  storage_name: string;
  purpose: string;
  created_by: number;
  created_at: number;
}

export interface FileUploadTable {
  id: string;
  merchant_id: number;
  account_id: number;
  original_name: string;
  mime: string;
  purpose: string;
  size: number;
  received: number;
  created_at: number;
}

export interface MerchantProfileTable {
  merchant_id: number;
  merchant_type: string;
  short_name: string;
  /** Comma-separated codes. */
  main_tags: string;
  contact_name: string;
  contact_phone: string;
  service_phone: string;
  email: string;
  province: string;
  city: string;
  district: string;
  address: string;
  intro: string;
  subject_type: string;
  subject_name: string;
  legal_person: string;
  cert_no: string;
  cert_file_id: number | null;
  business_lines: string;
  settled_at: number | null;
  updated_at: number;
}

export interface StoreTable {
  id: Generated<number>;
  merchant_id: number;
  store_code: string;
  name: string;
  category_code: string;
  /** Comma-separated codes. */
  tag_codes: string;
  contact_name: string;
  contact_phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  lng: number;
  lat: number;
  open_time: string;
  close_time: string;
  /** Comma-separated 1..7 (Monday..Sunday). */
  business_days: string;
  status: number;
  remark: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface StoreChangeRecordTable {
  id: Generated<number>;
  merchant_id: number;
  store_id: number;
  change_type: string;
  /** JSON array of {field, label, before, after}. */
  changes: string;
  operator_id: number;
  operator_name: string;
  created_at: number;
}

export interface SettleApplyTable {
  id: Generated<number>;
  merchant_id: number;
  apply_code: string;
  subject_type: string;
  subject_name: string;
  cert_no: string;
  legal_person: string;
  contact_name: string;
  contact_phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  cert_file_id: number | null;
  business_lines: string;
  remark: string;
  status: number;
  review_remark: string;
  reject_reason: string;
  submitted_at: number | null;
  reviewed_by: number | null;
  reviewer_name: string;
  reviewed_at: number | null;
  created_by: number;
  creator_name: string;
  created_at: number;
  updated_at: number;
}

export interface MerchantChangeTable {
  id: Generated<number>;
  merchant_id: number;
  change_code: string;
  /** JSON array of {field, label, before, after}. */
  changes: string;
  reason: string;
  status: number;
  review_remark: string;
  reject_reason: string;
  submitted_by: number;
  submitter_name: string;
  reviewed_by: number | null;
  reviewer_name: string;
  reviewed_at: number | null;
  created_at: number;
}

export interface ContractTable {
  id: Generated<number>;
  merchant_id: number;
  contract_no: string;
  name: string;
  contract_type: string;
  party_name: string;
  /** Cents. */
  amount: number;
  /** Business dates 'YYYY-MM-DD' (migration 0007). */
  sign_date: string;
  start_date: string;
  end_date: string;
  file_id: number | null;
  remark: string;
  terminated_at: number | null;
  terminate_reason: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface StoreStaffTable {
  id: Generated<number>;
  merchant_id: number;
  staff_no: string;
  name: string;
  phone: string;
  position: string;
  status: number;
  /** Business date 'YYYY-MM-DD' (migration 0007). */
  entry_date: string | null;
  remark: string;
  created_at: number;
  updated_at: number;
}

export interface StoreStaffStoreTable {
  staff_id: number;
  store_id: number;
  merchant_id: number;
}

export interface MerchantTables {
  file: FileTable;
  file_upload: FileUploadTable;
  merchant_profile: MerchantProfileTable;
  store: StoreTable;
  store_change_record: StoreChangeRecordTable;
  settle_apply: SettleApplyTable;
  merchant_change: MerchantChangeTable;
  contract: ContractTable;
  store_staff: StoreStaffTable;
  store_staff_store: StoreStaffStoreTable;
}

// ---- 0004-export: export tasks (issue 6) ----

export interface ExportTaskTable {
  id: Generated<number>;
  merchant_id: number;
  account_id: number;
  op_name: string;
  input_json: string;
  organization_id: number | null;
  role_ids: Generated<string>;
  client_anchor: Generated<string>;
  file_name: string;
  source_page: string;
  filter_summary: Generated<string>;
  status: 'queued' | 'running' | 'done' | 'failed' | 'expired';
  total_rows: Generated<number>;
  processed_rows: Generated<number>;
  file_size: number | null;
  storage_name: string | null;
  error_message: string | null;
  attempts: Generated<number>;
  heartbeat_at: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  expires_at: number | null;
}

export interface ExportTables {
  export_task: ExportTaskTable;
}
