import { SPLIT_STATUS } from '@merchant/contracts/finance/finance-fields';
import { deviceIncomeInput, settlementListInput, settlementOps, splitListInput, splitOps } from '@merchant/contracts/finance/split';
import { ORDER_CHANNELS } from '@merchant/contracts/order/order-fields';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as settlements from './settlement.service.ts';
import * as s from './split.service.ts';

const shareColumns = [
  { header: '实收（元）', key: 'captured', type: 'money' },
  { header: '退款（元）', key: 'refunded', type: 'money' },
  { header: '净额（元）', key: 'net', type: 'money' },
  { header: '商户（元）', key: 'merchantShare', type: 'money' },
  { header: '柜主（元）', key: 'ownerShare', type: 'money' },
  { header: '点位方（元）', key: 'pointShare', type: 'money' },
  { header: '供应商代销（元）', key: 'supplierShare', type: 'money' },
  { header: '平台手续费（元）', key: 'platformFee', type: 'money' },
] as const;

export const splitList = implement(splitOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(splitListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.exportRows(ctx, rows),
    filterLabels: {
      orderNo: '订单号',
      deviceCode: '设备编号',
      channel: '渠道',
      status: '结算状态',
      withOwner: '仅柜主分账',
      ownerPartyCode: '柜主账户',
      supplierPartyCode: '供应商账户',
      settleNo: '结算单号',
      paidRange: '支付时间',
    },
    columns: [
      { header: '订单号', key: 'orderNo', width: 22 },
      { header: '支付单号', key: 'payNo', width: 18 },
      { header: '渠道', key: 'channel', type: 'enum', labels: ORDER_CHANNELS },
      { header: '设备', key: 'deviceCode', width: 14 },
      { header: '点位', key: 'pointName', width: 20 },
      { header: '柜主', key: 'ownerName', width: 14 },
      { header: '代销供应商', key: 'supplierNames', width: 20 },
      ...shareColumns,
      { header: '结算状态', key: 'status', type: 'enum', labels: SPLIT_STATUS },
      { header: '支付时间', key: 'paidAt', type: 'time' },
      { header: '到期结算', key: 'dueAt', type: 'time' },
      { header: '结算单号', key: 'settleNo', width: 18 },
    ],
  }),
});
export const splitSummary = implement(splitOps.summary, (ctx, i) => s.summary(ctx, i));
export const splitDeviceIncome = implement(splitOps.deviceIncome, {
  handler: (ctx, i) => s.deviceIncome(ctx, i),
  export: queryExport(deviceIncomeInput, {
    query: (ctx, i) => s.deviceIncomeQuery(ctx, i),
    map: s.deviceIncomeRow,
    filterLabels: { deviceCode: '设备编号', paidRange: '支付时间' },
    columns: [
      { header: '设备编号', key: 'deviceCode', width: 14 },
      { header: '点位', key: 'pointName', width: 20 },
      { header: '订单数', key: 'orderCount', type: 'number' },
      ...shareColumns,
      { header: '最近支付', key: 'lastPaidAt', type: 'time' },
    ],
  }),
});

export const settlementList = implement(settlementOps.list, {
  handler: (ctx, i) => settlements.listSettlements(ctx, i),
  export: queryExport(settlementListInput, {
    query: (ctx, i) => settlements.settlementQuery(ctx, i),
    map: settlements.settlementRow,
    filterLabels: { settleNo: '结算单号', createdRange: '结算时间' },
    columns: [
      { header: '结算单号', key: 'settleNo', width: 16 },
      { header: '业务日', key: 'businessDay', width: 12 },
      { header: '笔数', key: 'splitCount', type: 'number' },
      { header: '结算金额（元）', key: 'amount', type: 'money' },
      { header: '商户（元）', key: 'merchantAmount', type: 'money' },
      { header: '柜主（元）', key: 'ownerAmount', type: 'money' },
      { header: '点位方（元）', key: 'pointAmount', type: 'money' },
      { header: '供应商代销（元）', key: 'supplierAmount', type: 'money' },
      { header: '平台手续费（元）', key: 'feeAmount', type: 'money' },
      { header: '操作人', key: 'operatorName', width: 14 },
      { header: '结算时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const settlementRun = implement(settlementOps.run, (ctx) => settlements.runNow(ctx));
