import {
  MERCHANT_ANCHORS as A,
  MERCHANT_OPS as M,
  STORE_CATEGORIES,
  STORE_STATUS,
  STORE_TAGS,
  storeByCodeInput,
  storeCodeSchema,
  storeCreateInput,
  storeSetStatusInput,
  storeUpdateInput,
  type StoreRow,
} from '@merchant/contracts';
import { z } from 'zod';
import { queryExport } from '../../platform/export/export-spec.ts';
import { defineOperation } from '../../platform/gateway/registry.ts';
import { listInput } from '../../platform/list-query.ts';
import * as s from './store.service.ts';

const SHOP = A.shopList;
const categoryCodes = new Set(STORE_CATEGORIES.flatMap((c) => [c.code, ...(c.children ?? []).map((x) => x.code)]));

/**
 * 门店分类 in words: a leaf as "父类/子类" (as the list shows it), a parent (a filter only) by its name.
 * Unknown codes are written as they are.
 */
const CATEGORY_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  STORE_CATEGORIES.flatMap((c) => [[c.code, c.name], ...(c.children ?? []).map((x) => [x.code, `${c.name}/${x.name}`])]),
);

const storeListInput = listInput(
  {
    storeCode: z.string().trim().max(32, '门店编号不能超过32位').optional(),
    name: z.string().trim().max(30, '门店名称不能超过30个字').optional(),
    categoryCode: z.string().trim().refine((c) => categoryCodes.has(c), '门店分类不存在').optional(),
    status: z.coerce.number().int().refine((v) => v in STORE_STATUS, '门店状态不正确').optional(),
    tagCode: z.string().trim().max(32).optional(),
    city: z.string().trim().max(20, '城市不能超过20个字').optional(),
  },
  ['createdAt', 'storeCode', 'name'],
);
export const storeList = defineOperation({
  name: M.storeList, summary: '门店列表', anchor: SHOP,
  input: storeListInput,
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(storeListInput, {
    query: (ctx, i) => s.storeExportQuery(ctx, i),
    map: s.storeExportRow,
    filterLabels: { city: '城市' },
    columns: [
      { header: '门店编号', key: 'storeCode' },
      { header: '门店名称', key: 'name', width: 24 },
      { header: '状态', key: 'status', type: 'enum', labels: STORE_STATUS },
      { header: '门店分类', key: 'categoryCode', type: 'enum', labels: CATEGORY_LABELS },
      // The cell is the store's tag names (several); the labels name a tagCode filter in the summary.
      { header: '标签', key: 'tagCode', type: 'enum', labels: STORE_TAGS, value: (r: StoreRow) => r.tagNames.join('、'), width: 24 },
      { header: '所在地区', key: 'region', value: (r: StoreRow) => [r.city, r.district].filter(Boolean).join(' ') },
      { header: '详细地址', key: 'address', width: 30 },
      { header: '营业时间', key: 'businessHours' },
      { header: '联系人', key: 'contactName' },
      { header: '联系电话', key: 'contactPhone' },
      { header: '员工数', key: 'staffCount', type: 'number' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const storeCategories = defineOperation({ name: M.storeCategories, summary: '门店分类（两级）', anchor: SHOP, input: z.object({}), handler: async () => s.categories() });
export const storeTags = defineOperation({ name: M.storeTags, summary: '门店标签', anchor: SHOP, input: z.object({}), handler: async () => s.tags() });
export const storeDetail = defineOperation({ name: M.storeDetail, summary: '门店详情', anchor: SHOP, input: storeByCodeInput, handler: (ctx, i) => s.detail(ctx, i.storeCode) });
const changeRecordsInput = listInput({ storeCode: storeCodeSchema }, ['createdAt']);
export const storeChangeRecords = defineOperation({
  name: M.storeChangeRecords, summary: '门店变更记录（每次修改的前后值）', label: '门店变更记录', anchor: SHOP,
  input: changeRecordsInput,
  handler: (ctx, i) => s.changeRecords(ctx, i),
  export: queryExport(changeRecordsInput, {
    query: (ctx, i) => s.changeRecordExportQuery(ctx, i),
    map: s.changeRecordExportRow,
    columns: [
      { header: '门店编号', key: 'storeCode' },
      { header: '门店名称', key: 'storeName', width: 24 },
      { header: '时间', key: 'createdAt', type: 'time' },
      { header: '类型', key: 'changeTypeName' },
      { header: '变更内容', key: 'content', width: 60 },
      { header: '操作人', key: 'operatorName' },
    ],
  }),
});
export const storeCreate = defineOperation({ name: M.storeCreate, summary: '新增门店', anchor: SHOP, mutates: true, input: storeCreateInput, handler: (ctx, i) => s.create(ctx, i) });
export const storeUpdate = defineOperation({ name: M.storeUpdate, summary: '修改门店（记录变更前后值）', label: '修改门店', anchor: SHOP, mutates: true, input: storeUpdateInput, handler: (ctx, i) => s.update(ctx, i) });
export const storeSetStatus = defineOperation({
  name: M.storeSetStatus, summary: '门店营业状态（营业中/暂停营业/已闭店）', label: '设置门店营业状态', anchor: SHOP, mutates: true,
  input: storeSetStatusInput, handler: (ctx, i) => s.setStatus(ctx, i.storeCode, i.status),
});
