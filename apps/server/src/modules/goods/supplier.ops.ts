import { SUPPLY_STATUS, supplierListInput, supplierOps } from '@merchant/contracts/goods/supplier';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './supplier.service.ts';

export const supplierList = implement(supplierOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(supplierListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    map: s.toSupplierRow,
    filterLabels: { keyword: '关键词' },
    columns: [
      { header: '供应商编码', key: 'supplierCode' },
      { header: '供应商名称', key: 'name', width: 30 },
      { header: '联系人', key: 'contact' },
      { header: '联系电话', key: 'phone', width: 16 },
      { header: '供应链商品数', key: 'spuCount' },
      { header: '状态', key: 'status', type: 'enum', labels: SUPPLY_STATUS },
      { header: '备注', key: 'remark', width: 30 },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const supplierOptions = implement(supplierOps.options, (ctx) => s.options(ctx));
export const supplierDetail = implement(supplierOps.detail, (ctx, i) => s.detail(ctx, i.supplierId));
export const supplierCreate = implement(supplierOps.create, (ctx, i) => s.create(ctx, i));
export const supplierUpdate = implement(supplierOps.update, (ctx, i) => s.update(ctx, i));
export const supplierSetStatus = implement(supplierOps.setStatus, (ctx, i) => s.setStatus(ctx, i));
export const supplierHistory = implement(supplierOps.history, (ctx, i) => s.history(ctx, i));
