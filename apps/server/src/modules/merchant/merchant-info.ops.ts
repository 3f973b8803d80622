import { MERCHANT_ANCHORS as A, MERCHANT_OPS as M, merchantInfoCheckInput, merchantInfoUpdateInput } from '@merchant/contracts';
import { z } from 'zod';
import { defineOperation } from '../../platform/gateway/registry.ts';
import * as s from './merchant-info.service.ts';

const none = z.object({});

// ---- information-detail ----
export const infoDetail = defineOperation({ name: M.infoDetail, summary: '商户信息详情', anchor: A.informationDetail, input: none, handler: (ctx) => s.merchantInfo(ctx) });
export const infoMainTags = defineOperation({ name: M.infoMainTags, summary: '主营标签列表', anchor: A.informationDetail, input: none, handler: async () => s.mainTagList() });
export const infoTypes = defineOperation({ name: M.infoTypes, summary: '商户类型列表', anchor: A.informationDetail, input: none, handler: async () => s.merchantTypeList() });

// ---- account-setting ----
export const infoSettings = defineOperation({ name: M.infoSettings, summary: '账户设置：当前信息与可选项', anchor: A.accountSetting, input: none, handler: (ctx) => s.settings(ctx) });
export const infoUpdateCheck = defineOperation({
  name: M.infoUpdateCheck, summary: '修改前检查：列出将修改的字段及需审核的字段（不写入）', anchor: A.accountSetting,
  input: merchantInfoCheckInput, handler: (ctx, i) => s.updateCheck(ctx, i as Record<string, unknown>),
});
export const infoUpdate = defineOperation({
  name: M.infoUpdate, summary: '修改商户信息（无需审核的字段）', label: '修改商户信息', anchor: A.accountSetting, mutates: true,
  input: merchantInfoUpdateInput, handler: (ctx, i) => s.update(ctx, i),
});
