import type { CapitalRecord, CapitalSummary, EntryDetail, PartyDetail, PartyRow } from '@merchant/contracts/finance/capital';
import type { BankCard } from '@merchant/contracts/finance/bank-card';
import type { FreezeRow } from '@merchant/contracts/finance/freeze';
import type { WithdrawalRow } from '@merchant/contracts/finance/withdrawal';

/** Test data shaped like the finance operations' answers. Only imported by *.test.tsx files. */

export const T0 = 1_795_000_000_000;

export const partyRow = (over: Partial<PartyRow> = {}): PartyRow => ({
  partyCode: 'FP00000001',
  partyType: 'supplier',
  partyTypeName: '供应商',
  name: '杭州鲜丰供应链有限公司',
  phone: '138****0001',
  available: 123_456,
  frozen: 0,
  pending: 5_000,
  inTransit: 0,
  total: 128_456,
  withdrawable: 123_456,
  cardCount: 2,
  updatedAt: T0,
  ...over,
});

export const partyDetail = (over: Partial<PartyDetail> = {}): PartyDetail => ({
  ...partyRow(),
  totalIncome: 500_000,
  totalWithdrawn: 371_544,
  createdAt: T0 - 86_400_000,
  ...over,
});

export const summary: CapitalSummary = {
  available: 123_456_789,
  frozen: 20_000,
  pending: 8_800,
  inTransit: 150_000,
  total: 123_635_589,
  channelHeld: 123_635_589,
  partyCount: 57,
  openWithdrawals: 3,
  openWithdrawalAmount: 250_000,
};

export const withdrawalRow = (over: Partial<WithdrawalRow> = {}): WithdrawalRow => ({
  withdrawNo: 'TX2611240001',
  partyCode: 'FP00000001',
  partyName: '杭州鲜丰供应链有限公司',
  partyTypeName: '供应商',
  amount: 100_000,
  cardText: '招商银行 6225 **** **** 1234',
  status: 0,
  statusName: '待审核',
  remark: '',
  rejectReason: '',
  applicantName: '张三',
  reviewerName: '',
  createdAt: T0,
  reviewedAt: null,
  paidAt: null,
  actions: ['approve', 'reject'],
  version: 1,
  ...over,
});

export const card = (over: Partial<BankCard> = {}): BankCard => ({
  id: 1,
  bankCode: 'CMB',
  bankName: '招商银行',
  holderName: '杭州鲜丰供应链有限公司',
  cardNo: '6225 **** **** 1234',
  isDefault: false,
  createdAt: T0,
  version: 1,
  ...over,
});

export const record = (over: Partial<CapitalRecord> = {}): CapitalRecord => ({
  id: 1,
  entryNo: 'JZ2611240001',
  entryType: 'split',
  entryTypeName: '分账',
  kind: 'pending',
  kindName: '待结算',
  amount: 1_250,
  balanceAfter: 6_250,
  refNo: 'FZ2611240001',
  orderNo: 'XS26112400000002',
  orderChannel: 'container',
  memo: '订单分账',
  createdAt: T0,
  ...over,
});

export const entry = (over: Partial<EntryDetail> = {}): EntryDetail => ({
  entryNo: 'JZ2611240001',
  type: 'split',
  typeName: '分账',
  refType: 'split',
  refNo: 'FZ2611240001',
  orderNo: 'XS26112400000002',
  orderChannel: 'container',
  amount: 1_250,
  memo: '订单分账',
  operatorName: '系统',
  createdAt: T0,
  lines: [
    {
      partyCode: 'FP00000009',
      partyName: '示例商户',
      partyTypeName: '商户',
      kind: 'pending',
      kindName: '待结算',
      amount: -1_250,
      balanceAfter: 98_750,
    },
    {
      partyCode: 'FP00000001',
      partyName: '杭州鲜丰供应链有限公司',
      partyTypeName: '供应商',
      kind: 'pending',
      kindName: '待结算',
      amount: 1_250,
      balanceAfter: 6_250,
    },
  ],
  ...over,
});

export const freezeRow = (over: Partial<FreezeRow> = {}): FreezeRow => ({
  freezeNo: 'DJ2611240001',
  partyCode: 'FP00000001',
  partyName: '杭州鲜丰供应链有限公司',
  amount: 20_000,
  reason: '订单纠纷处理中',
  status: 0,
  statusName: '冻结中',
  releaseReason: '',
  operatorName: '李四',
  releasedByName: '',
  createdAt: T0,
  releasedAt: null,
  canRelease: true,
  version: 1,
  ...over,
});
