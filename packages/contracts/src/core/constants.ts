/** Business constants shared by server and web (spec §9). */
export const APP_KEYS = { permission: 'A1001000', channel: 'A1001001', business: 'A1001002' } as const;
export const BUSI_CODES = {
  permission: 'A1001000',
  channel: 'A1001001',
  containerOwner: 'A1001002',
  mall: 'A1001005',
} as const;
/** Default channel of the unified request: the mall module and business API. */
export const DEFAULT_UNIFIED = { appKey: APP_KEYS.business, busiCode: BUSI_CODES.mall, source: 'web' } as const;

export const DEFAULT_ROLE_ID = 661;
export const HTTP_TIMEOUT_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const RELOAD_DELAY_MS = 300;
export const DEFAULT_EXPORT_TYPE = 3;
export const MAX_PAGE_SIZE = 200;

export const MENU_IDS = { fileSection: 4000, exportFile: 4001, home: 1999 } as const;
export const EXPORT_FILE_ROUTE = '/website/fileManage/export-file';

/** The cabinet owner role name (spec §6). */
export const CABINET_OWNER_ROLE_NAME = '柜主';
/** Anchor of the finance menu's income-detail item, removed for cabinet owners. */
export const DEVICE_INCOME_ANCHOR = 'finance-device-income';
/** Anchor of the subledger route hidden for container owners. */
export const CONTAINER_SUBLEDGER_ANCHOR = 'finance-container-subledger';
/** Menu item hidden for site users. */
export const BACK_POINT_MANAGEMENT_NAME = 'back-point-management';

/** Browser storage keys (spec §9). */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  loginRole: 'loginRole',
  channelName: 'CHANNEL-NAME',
  siteCheckList: 'SITE_CHECK_LIST',
  // sessionStorage
  currentOrganization: 'currentOrganization',
  currentRole: 'currentRole',
  currentRoleName: 'currentRoleName',
  channelData: 'channelData',
  rowData: 'rowData',
} as const;

/** Picker and selector sizes (spec §9). */
export const UI_SIZES = {
  optionRowHeight: 32,
  popoverPerOption: 32,
  popoverExtra: 4,
  popoverMinHeight: 132,
  popoverMaxHeight: 260,
  popoverWidth: 176,
  charUnitWidth: 14,
  selectorMinWidth: 50,
  selectorMaxWidth: 300,
} as const;

/** Verify-code and sign-in limits (issue 2). */
export const AUTH_LIMITS = {
  codeLength: 6,
  codeResendSeconds: 60,
  codePerPhonePerDay: 10,
  codeTtlSeconds: 300,
  codeMaxAttempts: 5,
  loginMaxFailures: 5,
  loginFailureWindowMinutes: 15,
  loginLockMinutes: 15,
} as const;
