import type { OrderLine, OrderPayment } from '@merchant/contracts/order/cabinet-order';
import type { ChannelOrderRow } from '@merchant/contracts/order/channel-order';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';

/** Test data shaped like the server's answers (智能柜订单 and 渠道订单). Only imported by *.test.tsx files. */

/** 农夫山泉 550ml ×2 at 2.50 from slot A1, 单柜价, recognised at 98.5%. */
export const waterLine = (over: Partial<OrderLine> = {}): OrderLine => ({
  lineNo: 1,
  slotNo: 'A1',
  skuId: 1,
  skuCode: 'K10000001',
  skuName: '农夫山泉 550ml',
  quantity: 2,
  unitPrice: 250,
  amount: 500,
  priceLayerName: '单柜价',
  confidence: 985,
  refundedQuantity: 0,
  refundedAmount: 0,
  ...over,
});

/** 康师傅 冰红茶 ×1 at 5.50 from slot A2, 基础价, recognised at 72% (below the threshold). */
export const teaLine = (over: Partial<OrderLine> = {}): OrderLine => ({
  lineNo: 2,
  slotNo: 'A2',
  skuId: 2,
  skuCode: 'K10000002',
  skuName: '康师傅 冰红茶',
  quantity: 1,
  unitPrice: 550,
  amount: 550,
  priceLayerName: '基础价',
  confidence: 720,
  refundedQuantity: 0,
  refundedAmount: 0,
  ...over,
});

/** A 10.50 payment through the sandbox, paid. */
export const orderPayment = (over: Partial<OrderPayment> = {}): OrderPayment => ({
  payNo: 'ZF26112400000019',
  statusName: '已支付',
  providerLabel: '沙箱支付',
  amount: 1050,
  refundedAmount: 0,
  failReason: '',
  paidAt: 1_795_000_005_000,
  createdAt: 1_795_000_001_000,
  ...over,
});

/** A paid 线上零售 order of 12.50, 待发货: 发货 and 取消订单 allowed. */
export const channelOrderRow = (over: Partial<ChannelOrderRow> = {}): ChannelOrderRow => ({
  orderNoSub: 'XS26112400000011',
  channelOrderNo: 'TB-20261124-0001',
  appName: '天猫旗舰店',
  userId: 'tb_user_01',
  receiverName: '张三',
  receiverPhone: '138****0000',
  storeName: '',
  status: 1,
  statusName: '待发货',
  payStatus: 2,
  payStatusName: '已支付',
  itemCount: 3,
  goodsAmount: 1250,
  payAmount: 1250,
  paidAmount: 1250,
  refundedAmount: 0,
  carrier: '',
  carrierName: '',
  trackingNo: '',
  createdAt: 1_795_000_000_000,
  payDeadline: null,
  paidAt: 1_795_000_005_000,
  shippedAt: null,
  completedAt: null,
  actions: ['ship', 'cancel'],
  version: 3,
  ...over,
});

/** The active role holds these page anchors (the menu tree the session keeps), and no others. */
export function holdAnchors(...anchors: string[]): void {
  sessionStore.setState({ menuTree: anchors.map((anchor, n) => node({ id: 90_000 + n, name: anchor, anchor, anchorList: [anchor] })) });
}
