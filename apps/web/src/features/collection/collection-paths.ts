// 收款设置 (section 106 财务管理, docs/finance.md "收款设置"): the pages' addresses and anchors, apart from their components
// so that routes.ts loads no UI code. The anchors repeat the contract's (@merchant/contracts/finance/collection:
// COLLECTION_ANCHOR, AGREEMENT_ANCHOR, COLLECTION_STATUS_ANCHOR) as plain strings: routes.ts is loaded eagerly, and
// importing any value from collection.ts puts its zod schemas into the entry chunk. routes.test.ts checks each against
// the contract.

export const FINANCE_SECTION = 106;
const BASE = '/website/finance';

/** 收款设置: the channel, the merchant's account and card, the T+1 settlement, the platform fee rate. */
export const COLLECTION_ANCHOR = 'collection-setting';
/** 分账协议: a cabinet owner's share of a device's sales (设备分账), a supplier's price per unit it consigns (供应商代销). */
export const AGREEMENT_ANCHOR = 'collection-setting-agreement';
/** 开通状态: whether collecting is fully set up, check by check. */
export const COLLECTION_STATUS_ANCHOR = 'collection-setting-status';

/** Each page: its anchor (also the route name), its path under /website and its title. */
export const COLLECTION_PAGES = {
  setting: { anchor: COLLECTION_ANCHOR, path: 'finance/collection-setting', title: '收款设置' },
  agreement: { anchor: AGREEMENT_ANCHOR, path: 'finance/collection-setting-agreement', title: '分账协议' },
  status: { anchor: COLLECTION_STATUS_ANCHOR, path: 'finance/collection-setting-status', title: '开通状态' },
} as const;
export type CollectionPage = keyof typeof COLLECTION_PAGES;

/** A page's full address: /website/finance/collection-setting… */
export const pathOf = (page: CollectionPage) => `/website/${COLLECTION_PAGES[page].path}`;

// The finance and device features' pages (which this feature may not import), by the same address strings.
const withCode = (page: string) => (partyCode: string) => `${BASE}/${page}/${encodeURIComponent(partyCode)}`;
/** An account's detail (资金账户详情). */
export const capitalDetailPath = withCode('capital-detail');
/** An account's 银行卡 (where a default card is bound). */
export const capitalCardPath = withCode('capital-card');
/** A device's detail (设备详情). */
export const deviceDetailPath = (deviceCode: string) => `/website/device-management/device-detail/${deviceCode}`;
