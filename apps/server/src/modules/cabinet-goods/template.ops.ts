import {
  TEMPLATE_STATUS,
  templateGoodsListInput,
  templateListInput,
  templateOps,
  type TemplateRow,
} from '@merchant/contracts/cabinet-goods/template';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './template.service.ts';

export const templateList = implement(templateOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(templateListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    columns: [
      { header: '模板编号', key: 'templateCode' },
      { header: '模板名称', key: 'name', width: 24 },
      { header: '柜型', key: 'modelName' },
      { header: '温区', key: 'zoneName' },
      { header: '状态', key: 'status', type: 'enum', labels: TEMPLATE_STATUS },
      { header: '货道数', key: 'slotCount' },
      { header: 'SKU数', key: 'skuCount' },
      { header: '应用设备数', key: 'deviceCount' },
      { header: '最近应用', key: 'lastAppliedAt', type: 'time' },
      { header: '备注', key: 'remark', width: 30, value: (r: TemplateRow) => r.remark },
      { header: '创建人', key: 'creatorName' },
      { header: '更新时间', key: 'updatedAt', type: 'time' },
    ],
  }),
});
export const templateDetail = implement(templateOps.detail, (ctx, i) => s.detail(ctx, i.templateCode));
export const templateAdd = implement(templateOps.add, (ctx, i) => s.add(ctx, i));
export const templateEdit = implement(templateOps.edit, (ctx, i) => s.edit(ctx, i));
export const templateEnable = implement(templateOps.enable, (ctx, i) => s.enable(ctx, i));
export const templateDisable = implement(templateOps.disable, (ctx, i) => s.disable(ctx, i));
export const templateDelete = implement(templateOps.delete, (ctx, i) => s.remove(ctx, i));
export const templateApply = implement(templateOps.apply, (ctx, i) => s.apply(ctx, i));
export const templateApplies = implement(templateOps.applies, (ctx, i) => s.applies(ctx, i));
export const templateHistory = implement(templateOps.history, (ctx, i) => s.history(ctx, i));
export const templateSkuOptions = implement(templateOps.skuOptions, (ctx, i) => s.skuOptions(ctx, i));
export const templateDeviceOptions = implement(templateOps.deviceOptions, (ctx, i) => s.deviceOptions(ctx, i.modelCode));
export const templateGoods = implement(templateOps.goods, {
  handler: (ctx, i) => s.goods(ctx, i),
  export: queryExport(templateGoodsListInput, {
    query: (ctx, i) => s.goodsExportQuery(ctx, i),
    mapBatch: s.goodsExportRows,
    columns: [
      { header: '模板编号', key: 'templateCode' },
      { header: '模板名称', key: 'templateName', width: 24 },
      { header: '柜型', key: 'modelName' },
      { header: '模板状态', key: 'statusName' },
      { header: '货道', key: 'slotNo' },
      { header: 'SKU编码', key: 'skuCode' },
      { header: '商品名称', key: 'skuName', width: 30 },
      { header: '储存方式', key: 'storageStyleName' },
      { header: '容量', key: 'capacity' },
      { header: '标准库存', key: 'parLevel' },
      { header: '售价（元）', key: 'basePrice', type: 'money' },
    ],
  }),
});
