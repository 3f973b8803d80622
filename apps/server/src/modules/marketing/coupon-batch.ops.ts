import { COUPON_TYPES } from '@merchant/contracts/marketing/coupon-fields';
import { BATCH_STATUS } from '@merchant/contracts/marketing/coupon-fields';
import { batchListInput, couponBatchOps } from '@merchant/contracts/marketing/coupon-batch';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './coupon-batch.service.ts';

export const couponBatchList = implement(couponBatchOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(batchListInput, {
    query: (ctx, i) => s.listQuery(ctx, i),
    mapBatch: (ctx, rows) => s.exportRows(ctx, rows),
    filterLabels: { keyword: '关键字', couponType: '券类型', status: '批次状态', createdRange: '创建时间' },
    columns: [
      { header: '批次号', key: 'batchCode', width: 14 },
      { header: '批次名称', key: 'name', width: 24 },
      { header: '券类型', key: 'couponType', type: 'enum', labels: COUPON_TYPES },
      { header: '优惠规则', key: 'ruleText', width: 24 },
      { header: '有效期', key: 'validText', width: 26 },
      { header: '发行总量', key: 'totalStock', type: 'number' },
      { header: '已发放', key: 'issuedCount', type: 'number' },
      { header: '已使用', key: 'usedCount', type: 'number' },
      { header: '每人限领', key: 'perUserLimit', type: 'number' },
      { header: '状态', key: 'status', type: 'enum', labels: BATCH_STATUS },
      { header: '创建人', key: 'creatorName', width: 12 },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const couponBatchDetail = implement(couponBatchOps.detail, (ctx, i) => s.detail(ctx, i.batchCode));
export const couponBatchHistory = implement(couponBatchOps.history, (ctx, i) => s.history(ctx, i));
export const couponBatchCreate = implement(couponBatchOps.create, (ctx, i) => s.create(ctx, i));
export const couponBatchUpdate = implement(couponBatchOps.update, (ctx, i) => s.update(ctx, i));
export const couponBatchSubmit = implement(couponBatchOps.submit, (ctx, i) => s.submit(ctx, i));
export const couponBatchApprove = implement(couponBatchOps.approve, (ctx, i) => s.approve(ctx, i));
export const couponBatchReject = implement(couponBatchOps.reject, (ctx, i) => s.reject(ctx, i));
export const couponBatchDisable = implement(couponBatchOps.disable, (ctx, i) => s.disable(ctx, i));
export const couponBatchEnable = implement(couponBatchOps.enable, (ctx, i) => s.enable(ctx, i));
export const couponBatchRemove = implement(couponBatchOps.remove, (ctx, i) => s.remove(ctx, i));
export const couponBatchOptions = implement(couponBatchOps.options, (ctx, i) => s.options(ctx, i.keyword));
export const couponBatchSkuOptions = implement(couponBatchOps.skuOptions, (ctx, i) => s.skuOptions(ctx, i.keyword));
export const couponBatchCityOptions = implement(couponBatchOps.cityOptions, (ctx) => s.cityOptions(ctx));
