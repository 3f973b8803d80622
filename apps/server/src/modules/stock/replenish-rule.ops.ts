import {
  REPLENISH_RULE_STATUS,
  REPLENISH_SOURCES,
  replenishRuleListInput,
  replenishRuleOps,
} from '@merchant/contracts/stock/replenish-rule';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './replenish-rule.service.ts';

export const replenishRuleList = implement(replenishRuleOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(replenishRuleListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { name: '规则名称', status: '状态', sourceKind: '货源' },
    filterValues: { sourceKind: REPLENISH_SOURCES },
    columns: [
      { header: '规则名称', key: 'name', width: 20 },
      { header: '状态', key: 'status', type: 'enum', labels: REPLENISH_RULE_STATUS },
      { header: '触发条件', key: 'triggerText', width: 18 },
      { header: '补货目标', key: 'fillToName' },
      { header: '最小补货量', key: 'minLot', type: 'number' },
      { header: '货源', key: 'sourceName', width: 22 },
      { header: '覆盖设备', key: 'deviceCodes', width: 30, value: (r) => (r.deviceCodes.length ? r.deviceCodes.join('、') : '全部设备') },
      { header: '备注', key: 'remark', width: 30 },
      { header: '创建时间', key: 'createdAt', type: 'time' },
      { header: '更新时间', key: 'updatedAt', type: 'time' },
    ],
  }),
});
export const replenishRuleAdd = implement(replenishRuleOps.add, (ctx, i) => s.add(ctx, i));
export const replenishRuleEdit = implement(replenishRuleOps.edit, (ctx, i) => s.edit(ctx, i));
export const replenishRuleEnable = implement(replenishRuleOps.enable, (ctx, i) => s.enable(ctx, i));
export const replenishRuleDisable = implement(replenishRuleOps.disable, (ctx, i) => s.disable(ctx, i));
export const replenishRuleHistory = implement(replenishRuleOps.history, (ctx, i) => s.history(ctx, i));
