import type { AgreementRow, CollectionSetting } from '@merchant/contracts/finance/collection';
import type { SupplyAgreementRow, SupplyCandidate } from '@merchant/contracts/finance/supply-agreement';

/** Test data shaped like the collection operations' answers. Only imported by *.test.ts(x) files. */

export const T0 = 1_795_000_000_000;

export const CHECKS_DONE: CollectionSetting['checks'] = [
  { key: 'provider', label: '支付渠道', done: true, detail: '沙箱支付（不产生真实资金往来）' },
  { key: 'party', label: '收款主体', done: true, detail: '鲜丰水果（FP00000001）' },
  { key: 'card', label: '结算银行卡', done: true, detail: '招商银行 6225 **** **** 1234' },
  { key: 'fee', label: '平台手续费率', done: true, detail: '0.60%' },
  { key: 'agreement', label: '柜主分账协议', done: true, detail: '12台设备已签协议' },
];

export const setting = (over: Partial<CollectionSetting> = {}): CollectionSetting => ({
  providerLabel: '沙箱支付',
  sandbox: true,
  merchantPartyCode: 'FP00000001',
  merchantName: '鲜丰水果',
  opened: true,
  defaultCard: '招商银行 6225 **** **** 1234',
  feeBp: 60,
  settleIntervalSeconds: 60,
  businessTimeZone: 'Asia/Shanghai',
  agreementCount: 12,
  statusName: '已开通',
  checks: CHECKS_DONE,
  version: 3,
  ...over,
});

export const agreementRow = (over: Partial<AgreementRow> = {}): AgreementRow => ({
  id: 7,
  deviceCode: 'D2611000001',
  deviceName: '软件园A座1号柜',
  pointName: '软件园A座',
  ownerPartyCode: 'FP00000002',
  ownerName: '赵立新',
  ownerPhone: '138****0002',
  ownerBp: 3000,
  pointBp: 500,
  feeBp: 60,
  remark: '首年优惠',
  updatedAt: T0,
  version: 2,
  ...over,
});

export const supplyAgreementRow = (over: Partial<SupplyAgreementRow> = {}): SupplyAgreementRow => ({
  id: 31,
  skuId: 501,
  skuCode: 'K2611000001',
  skuName: '农夫山泉 550ml',
  barcode: '6921168509256',
  basePrice: 300,
  supplierId: 12,
  supplierCode: 'GYS0012',
  supplierName: '杭州鲜丰供应链',
  supplierPartyCode: 'FP00000021',
  supplySkuId: 77,
  supplySkuCode: 'GK2611000007',
  purchasePrice: 150,
  unitPrice: 180,
  remark: '季度代销',
  updatedAt: T0,
  version: 4,
  ...over,
});

export const supplyCandidate = (over: Partial<SupplyCandidate> = {}): SupplyCandidate => ({
  supplySkuId: 77,
  supplySkuCode: 'GK2611000007',
  supplierId: 12,
  supplierName: '杭州鲜丰供应链',
  skuId: 501,
  skuCode: 'K2611000001',
  skuName: '农夫山泉 550ml',
  barcode: '6921168509256',
  purchasePrice: 150,
  basePrice: 300,
  agreed: false,
  ...over,
});
