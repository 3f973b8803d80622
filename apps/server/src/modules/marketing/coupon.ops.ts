import { COUPON_STATUS } from '@merchant/contracts/marketing/coupon-fields';
import { couponListInput, couponOps, provideListInput } from '@merchant/contracts/marketing/coupon';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './coupon.service.ts';

export const couponProvide = implement(couponOps.provide, (ctx, i) => s.provide(ctx, i));
export const couponProvideRecords = implement(couponOps.provideRecords, {
  handler: (ctx, i) => s.provideRecords(ctx, i),
  export: queryExport(provideListInput, {
    query: (ctx, i) => s.provideListQuery(ctx, i).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc'),
    map: s.provideRow,
    filterLabels: { batchCode: '批次号', provideNo: '发券单号', createdRange: '发券时间' },
    columns: [
      { header: '发券单号', key: 'provideNo', width: 16 },
      { header: '批次号', key: 'batchCode', width: 14 },
      { header: '批次名称', key: 'batchName', width: 24 },
      { header: '方式', key: 'methodName', width: 10 },
      { header: '发放数', key: 'requested', type: 'number' },
      { header: '成功', key: 'issued', type: 'number' },
      { header: '失败', key: 'failed', type: 'number' },
      { header: '备注', key: 'remark', width: 24 },
      { header: '操作人', key: 'operatorName', width: 12 },
      { header: '发券时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const couponList = implement(couponOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(couponListInput, {
    query: (ctx, i) => s.couponListQuery(ctx, i).orderBy('c.received_at', 'desc').orderBy('c.id', 'desc'),
    mapBatch: (ctx, rows) => s.exportRows(ctx, rows),
    filterLabels: {
      couponNo: '券码',
      batchCode: '批次号',
      phone: '手机号',
      status: '券状态',
      provideNo: '发券单号',
      receivedRange: '领取时间',
    },
    columns: [
      { header: '券码', key: 'couponNo', width: 18 },
      { header: '批次号', key: 'batchCode', width: 14 },
      { header: '批次名称', key: 'batchName', width: 24 },
      { header: '优惠规则', key: 'ruleText', width: 22 },
      { header: '手机号', key: 'phone', width: 14 },
      { header: '状态', key: 'status', type: 'enum', labels: COUPON_STATUS },
      { header: '生效时间', key: 'validFrom', type: 'time' },
      { header: '失效时间', key: 'validTo', type: 'time' },
      { header: '领取时间', key: 'receivedAt', type: 'time' },
      { header: '使用时间', key: 'usedAt', type: 'time' },
      { header: '订单号', key: 'orderNo', width: 22 },
      { header: '优惠金额（元）', key: 'discountAmount', type: 'money' },
      { header: '发券单号', key: 'provideNo', width: 16 },
    ],
  }),
});
export const couponVoid = implement(couponOps.void, (ctx, i) => s.voidCoupon(ctx, i));
export const couponConsumer = implement(couponOps.consumer, (ctx, i) => s.consumer(ctx, i.phone));
