import type { BatchOption, BatchRow } from '@merchant/contracts/marketing/coupon-batch';
import type { Consumer, CouponRow, ProvideAnswer, ProvideRow } from '@merchant/contracts/marketing/coupon';

/** Test data shaped like the coupon operations' answers. Only imported by *.test.ts(x) files. */

export const T0 = 1_795_000_000_000;

export const batchRow = (over: Partial<BatchRow> = {}): BatchRow => ({
  batchCode: 'QP2611010001',
  name: '双十一满100减20',
  couponType: 'full_reduce',
  couponTypeName: '满减券',
  ruleText: '满100.00减20.00',
  thresholdAmount: 10_000,
  reduceAmount: 2_000,
  discountPercent: 0,
  maxDiscount: 0,
  validType: 'days',
  validFrom: null,
  validTo: null,
  validDays: 7,
  validText: '领取后7天内有效',
  totalStock: 1000,
  issuedCount: 123,
  usedCount: 45,
  perUserLimit: 2,
  goodsScope: 'all',
  skus: [],
  cityNames: [],
  stackable: false,
  refundReturn: true,
  status: 0,
  statusName: '草稿',
  remark: '会员日',
  rejectReason: '',
  creatorName: '王运营',
  reviewerName: '',
  createdAt: T0,
  reviewedAt: null,
  actions: ['edit', 'submit', 'delete'],
  version: 3,
  ...over,
});

export const batchOption = (over: Partial<BatchOption> = {}): BatchOption => ({
  batchCode: 'QP2611010001',
  name: '双十一满100减20',
  ruleText: '满100.00减20.00',
  validText: '领取后7天内有效',
  left: 877,
  perUserLimit: 2,
  ...over,
});

export const provideRow = (over: Partial<ProvideRow> = {}): ProvideRow => ({
  provideNo: 'FQ2611010001',
  batchCode: 'QP2611010001',
  batchName: '双十一满100减20',
  methodName: '手工',
  requested: 3,
  issued: 2,
  failed: 1,
  remark: '会员日回馈',
  operatorName: '王运营',
  createdAt: T0,
  ...over,
});

export const provideAnswer = (over: Partial<ProvideAnswer> = {}): ProvideAnswer => ({
  ...provideRow(),
  results: [
    { phone: '138****0001', ok: true, couponNo: 'CP26110100000001', message: '' },
    { phone: '138****0002', ok: true, couponNo: 'CP26110100000002', message: '' },
    { phone: '138****0003', ok: false, couponNo: '', message: '已达每人限领' },
  ],
  ...over,
});

export const couponRow = (over: Partial<CouponRow> = {}): CouponRow => ({
  couponNo: 'CP26110100000001',
  batchCode: 'QP2611010001',
  batchName: '双十一满100减20',
  couponTypeName: '满减券',
  ruleText: '满100.00减20.00',
  phone: '138****0001',
  status: 0,
  statusName: '未使用',
  validFrom: T0,
  validTo: T0 + 7 * 86_400_000,
  receivedAt: T0,
  usedAt: null,
  orderNo: '',
  discountAmount: 0,
  provideNo: 'FQ2611010001',
  voidReason: '',
  canVoid: true,
  ...over,
});

export const consumer = (over: Partial<Consumer> = {}): Consumer => ({
  phone: '138****0001',
  orderCount: 12,
  paidAmount: 123_456,
  lastOrderAt: T0,
  unused: 2,
  used: 5,
  expired: 1,
  ...over,
});
