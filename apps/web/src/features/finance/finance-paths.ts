// 资金账户 (section 106 财务管理, docs/finance.md): the pages' addresses and anchors, apart from their components so that
// routes.ts loads no UI code. The anchors repeat the contract's (@merchant/contracts/finance/capital: CAPITAL_ANCHOR,
// SUPPLIER_CAPITAL_ANCHOR, SMART_CAPITAL_ANCHOR, CAPITAL_ANCHORS) as plain strings: routes.ts is loaded eagerly, and
// importing any value from capital.ts puts its zod schemas (capitalListInput, capitalOps…) into the entry chunk (about
// 1 KB gzip). routes.test.ts checks each against the contract.

const BASE = '/website/finance';

/** 资金账户: every party's balances, and the withdrawals. */
export const CAPITAL_LIST_ANCHOR = 'capital-list';
/** 供应商资金: the suppliers' accounts. */
export const SUPPLIER_CAPITAL_LIST_ANCHOR = 'capital-list-supplier';
/** 智能柜供应商资金: the smart cabinets' partners (柜主, 点位方). */
export const SMART_CAPITAL_LIST_ANCHOR = 'capital-list-supplier-smart-container';
/** The three list pages' anchors (the contract's CAPITAL_ANCHORS): each opens an account's detail, records, cards and freezes. */
export const CAPITAL_PAGE_ANCHORS = [CAPITAL_LIST_ANCHOR, SUPPLIER_CAPITAL_LIST_ANCHOR, SMART_CAPITAL_LIST_ANCHOR] as const;

export const CAPITAL_LIST_PATH = `${BASE}/capital-list`;
export const SUPPLIER_CAPITAL_LIST_PATH = `${BASE}/capital-list-supplier`;
export const SMART_CAPITAL_LIST_PATH = `${BASE}/capital-list-supplier-smart-container`;

const withCode = (page: string) => (partyCode: string) => `${BASE}/${page}/${encodeURIComponent(partyCode)}`;
/** An account's detail: balances, 申请提现, 冻结资金 and its withdrawals. */
export const capitalDetailPath = withCode('capital-detail');
/** An account's 资金流水 (journal lines, newest first). */
export const capitalRecordPath = withCode('capital-record');
/** An account's 银行卡. */
export const capitalCardPath = withCode('capital-card');
/** An account's 冻结记录. */
export const capitalFrozenPath = withCode('capital-frozen');

/** A party's code as the pages take it from the address: FP + 8 digits. */
export const isPartyCode = (s: string) => /^FP\d{8}$/.test(s);
