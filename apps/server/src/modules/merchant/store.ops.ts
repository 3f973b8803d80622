import {
  MERCHANT_ANCHORS as A,
  MERCHANT_OPS as M,
  STORE_CATEGORIES,
  STORE_STATUS,
  storeByCodeInput,
  storeCodeSchema,
  storeCreateInput,
  storeSetStatusInput,
  storeUpdateInput,
} from '@merchant/contracts';
import { z } from 'zod';
import { defineOperation } from '../../platform/gateway/registry.ts';
import { listInput } from '../../platform/list-query.ts';
import * as s from './store.service.ts';

const SHOP = A.shopList;
const categoryCodes = new Set(STORE_CATEGORIES.flatMap((c) => [c.code, ...(c.children ?? []).map((x) => x.code)]));

export const storeList = defineOperation({
  name: M.storeList, summary: '门店列表', anchor: SHOP,
  input: listInput(
    {
      storeCode: z.string().trim().max(32, '门店编号不能超过32位').optional(),
      name: z.string().trim().max(30, '门店名称不能超过30个字').optional(),
      categoryCode: z.string().trim().refine((c) => categoryCodes.has(c), '门店分类不存在').optional(),
      status: z.coerce.number().int().refine((v) => v in STORE_STATUS, '门店状态不正确').optional(),
      tagCode: z.string().trim().max(32).optional(),
      city: z.string().trim().max(20, '城市不能超过20个字').optional(),
    },
    ['createdAt', 'storeCode', 'name'],
  ),
  handler: (ctx, i) => s.list(ctx, i),
});
export const storeCategories = defineOperation({ name: M.storeCategories, summary: '门店分类（两级）', anchor: SHOP, input: z.object({}), handler: async () => s.categories() });
export const storeTags = defineOperation({ name: M.storeTags, summary: '门店标签', anchor: SHOP, input: z.object({}), handler: async () => s.tags() });
export const storeDetail = defineOperation({ name: M.storeDetail, summary: '门店详情', anchor: SHOP, input: storeByCodeInput, handler: (ctx, i) => s.detail(ctx, i.storeCode) });
export const storeChangeRecords = defineOperation({
  name: M.storeChangeRecords, summary: '门店变更记录（每次修改的前后值）', anchor: SHOP,
  input: listInput({ storeCode: storeCodeSchema }, ['createdAt']),
  handler: (ctx, i) => s.changeRecords(ctx, i),
});
export const storeCreate = defineOperation({ name: M.storeCreate, summary: '新增门店', anchor: SHOP, mutates: true, input: storeCreateInput, handler: (ctx, i) => s.create(ctx, i) });
export const storeUpdate = defineOperation({ name: M.storeUpdate, summary: '修改门店（记录变更前后值）', anchor: SHOP, mutates: true, input: storeUpdateInput, handler: (ctx, i) => s.update(ctx, i) });
export const storeSetStatus = defineOperation({
  name: M.storeSetStatus, summary: '门店营业状态（营业中/暂停营业/已闭店）', anchor: SHOP, mutates: true,
  input: storeSetStatusInput, handler: (ctx, i) => s.setStatus(ctx, i.storeCode, i.status),
});
