import { replenishRuleOps } from '@merchant/contracts/stock/replenish-rule';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './replenish-rule.service.ts';

export const replenishRuleList = implement(replenishRuleOps.list, (ctx) => s.list(ctx));
export const replenishRuleAdd = implement(replenishRuleOps.add, (ctx, i) => s.add(ctx, i));
export const replenishRuleEdit = implement(replenishRuleOps.edit, (ctx, i) => s.edit(ctx, i));
export const replenishRuleEnable = implement(replenishRuleOps.enable, (ctx, i) => s.enable(ctx, i));
export const replenishRuleDisable = implement(replenishRuleOps.disable, (ctx, i) => s.disable(ctx, i));
export const replenishRuleHistory = implement(replenishRuleOps.history, (ctx, i) => s.history(ctx, i));
