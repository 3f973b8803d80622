import {
  STORE_CATEGORIES,
  STORE_STATUS,
  STORE_TAGS,
  storeChangeRecordsInput,
  storeListInput,
  storeOps,
  type StoreRow,
} from '@merchant/contracts/merchant/store';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './store.service.ts';

/**
 * 门店分类 in words: a leaf as "父类/子类" (as the list shows it), a parent (a filter only) by its name.
 * Unknown codes are written as they are.
 */
const CATEGORY_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  STORE_CATEGORIES.flatMap((c) => [[c.code, c.name], ...(c.children ?? []).map((x) => [x.code, `${c.name}/${x.name}`])]),
);

export const storeList = implement(storeOps.list, {
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
export const storeCategories = implement(storeOps.categories, async () => s.categories());
export const storeTags = implement(storeOps.tags, async () => s.tags());
export const storeDetail = implement(storeOps.detail, (ctx, i) => s.detail(ctx, i.storeCode));
export const storeChangeRecords = implement(storeOps.changeRecords, {
  handler: (ctx, i) => s.changeRecords(ctx, i),
  export: queryExport(storeChangeRecordsInput, {
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
export const storeCreate = implement(storeOps.create, (ctx, i) => s.create(ctx, i));
export const storeUpdate = implement(storeOps.update, (ctx, i) => s.update(ctx, i));
export const storeSetStatus = implement(storeOps.setStatus, (ctx, i) => s.setStatus(ctx, i.storeCode, i.status));
