import { CONTAINER_SUBLEDGER_ANCHOR, DEVICE_INCOME_ANCHOR } from '@merchant/contracts';

// The split (分账) and settlement (结算) pages' addresses (section 106, menu slug finance), apart from their components so
// that routes.ts loads no UI code. Each menu page's path is the one the menu catalogue gives its anchor:
// /website/finance/<anchor>, except 收入明细 and 柜主分账 whose catalogue entries name their own paths.
//
// The anchors the split contract declares (@merchant/contracts/finance/split: SUBLEDGER_ANCHOR, WAIT_SETTLED_ANCHOR,
// SETTLEMENT_ANCHOR, PURCHASE_MALL_SUBLEDGER_ANCHOR) are repeated here as plain strings: routes.ts is loaded eagerly,
// and importing any value from that file puts its zod schemas (and keyset, paging, order-fields) into the entry chunk —
// about 1 KB of the entry chunk and 3.5 KB of the initial load, gzip. routes.test.ts checks each against the contract.
// (CONTAINER_SUBLEDGER_ANCHOR and DEVICE_INCOME_ANCHOR come from core/constants.ts, which holds no schema.)

export const FINANCE_SECTION = 106;
const BASE = '/website/finance';

/** 分账明细 (the contract's SUBLEDGER_ANCHOR). */
export const SUBLEDGER_ANCHOR = 'capital-subledger';
/** 待结算账单 (WAIT_SETTLED_ANCHOR). */
export const WAIT_SETTLED_ANCHOR = 'capital-wait-settled-bill';
/** 项目账单 (SETTLEMENT_ANCHOR). */
export const SETTLEMENT_ANCHOR = 'project-bill-record';
/** 商城分账明细: the split list of the wholesale mall's orders (PURCHASE_MALL_SUBLEDGER_ANCHOR). */
export const MALL_SUBLEDGER_ANCHOR = 'capital-subledger-purchase-mall';

/** Each page: its anchor (also the route name), its path under /website and its title. */
export const SETTLEMENT_PAGES = {
  subledger: { anchor: SUBLEDGER_ANCHOR, path: 'finance/capital-subledger', title: '分账明细' },
  containerSubledger: { anchor: CONTAINER_SUBLEDGER_ANCHOR, path: 'finance/container-subledger', title: '柜主分账' },
  waitSettled: { anchor: WAIT_SETTLED_ANCHOR, path: 'finance/capital-wait-settled-bill', title: '待结算账单' },
  billRecord: { anchor: SETTLEMENT_ANCHOR, path: 'finance/project-bill-record', title: '项目账单' },
  mallSubledger: { anchor: MALL_SUBLEDGER_ANCHOR, path: 'finance/capital-subledger-purchase-mall', title: '商城分账明细' },
  deviceIncome: { anchor: DEVICE_INCOME_ANCHOR, path: 'finance/device-income', title: '收入明细' },
} as const;
export type SettlementPage = keyof typeof SETTLEMENT_PAGES;

export const pathOf = (page: SettlementPage) => `/website/${SETTLEMENT_PAGES[page].path}`;
export const SUBLEDGER_PATH = `${BASE}/capital-subledger`;

/** The filters 分账明细 takes from its address (a bill's splits, a device's, an order's, a consigning supplier's). */
export const SUBLEDGER_LINK_FILTERS = ['orderNo', 'deviceCode', 'settleNo', 'supplierPartyCode'] as const;
export type SubledgerLinkFilter = (typeof SUBLEDGER_LINK_FILTERS)[number];

/**
 * 分账明细 filtered by one of its link filters: ?settleNo= (a settlement bill's splits), ?deviceCode=, ?orderNo=,
 * ?supplierPartyCode= (the splits that paid a supplier its 代销 share).
 */
export const subledgerPath = (filter: SubledgerLinkFilter, value: string) => `${SUBLEDGER_PATH}?${filter}=${encodeURIComponent(value)}`;

/** 项目账单 showing one bill (?settleNo=): where a split's 结算单号 and a settlement run's bills lead. */
export const billRecordPath = (settleNo: string) => `${BASE}/project-bill-record?settleNo=${encodeURIComponent(settleNo)}`;

/**
 * An account's detail (资金账户详情, the finance feature's page, which this feature may not import): where a cabinet
 * owner's account (柜主分账) leads. Opened by a role holding any of the contract's CAPITAL_ANCHORS.
 */
export const capitalDetailPath = (partyCode: string) => `${BASE}/capital-detail/${encodeURIComponent(partyCode)}`;
