import { z } from 'zod';
import { phoneOrMask } from '../core/format.ts';
import { optionalText, regionFields, requiredText, telSchema } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, optionSchema, pagedOf } from '../core/paging.ts';
import { fieldChangeSchema } from '../core/field-change.ts';

// 门店 (shop-management-list / -add / -edit): a merchant's stores, their change records and business status.

export const storeCategorySchema = z.object({
  code: z.string(),
  name: z.string(),
  children: z.array(z.object({ code: z.string(), name: z.string() })).optional(),
});
export type StoreCategory = z.infer<typeof storeCategorySchema>;
export const STORE_CATEGORIES: StoreCategory[] = [
  {
    code: 'retail',
    name: '零售门店',
    children: [
      { code: 'retail-cvs', name: '便利店' },
      { code: 'retail-super', name: '超市' },
      { code: 'retail-fresh', name: '生鲜店' },
      { code: 'retail-fruit', name: '水果店' },
    ],
  },
  {
    code: 'unmanned',
    name: '无人零售',
    children: [
      { code: 'unmanned-cabinet', name: '智能柜点位' },
      { code: 'unmanned-store', name: '无人便利店' },
    ],
  },
  {
    code: 'food',
    name: '餐饮',
    children: [
      { code: 'food-coffee', name: '咖啡茶饮' },
      { code: 'food-bakery', name: '烘焙甜点' },
      { code: 'food-fast', name: '快餐简餐' },
    ],
  },
  {
    code: 'community',
    name: '社区服务',
    children: [
      { code: 'community-pickup', name: '社区团购自提点' },
      { code: 'community-warehouse', name: '前置仓' },
    ],
  },
];
export const STORE_CATEGORY_LEAVES: Record<string, { name: string; parentName: string }> = Object.fromEntries(
  STORE_CATEGORIES.flatMap((p) => (p.children ?? []).map((c) => [c.code, { name: c.name, parentName: p.name }])),
);

export const STORE_TAGS = {
  '24h': '24小时营业',
  pickup: '到店自提',
  delivery: '配送到家',
  parking: '免费停车',
  office: '写字楼店',
  campus: '校园店',
  community: '社区店',
  transport: '交通枢纽',
  wifi: '免费WiFi',
  cold: '冷链商品',
} as const;

export const STORE_STATUS = { 1: '营业中', 2: '暂停营业', 3: '已闭店' } as const;
export const WEEKDAYS = { 1: '周一', 2: '周二', 3: '周三', 4: '周四', 5: '周五', 6: '周六', 7: '周日' } as const;

export const STORE_CODE_RE = /^MD\d{10}$/;
export const storeCodeSchema = z.string({ error: '门店编号不正确' }).trim().regex(STORE_CODE_RE, '门店编号不正确');
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export const storeFields = {
  name: requiredText('门店名称', 2, 30),
  categoryCode: z
    .string({ error: '请选择门店分类' })
    .trim()
    .min(1, '请选择门店分类')
    .refine((c) => c in STORE_CATEGORY_LEAVES, '门店分类不存在'),
  tagCodes: z
    .array(
      z.string().refine((c) => c in STORE_TAGS, '门店标签不存在'),
      { error: '门店标签格式不正确' },
    )
    .max(8, '门店标签最多选8个')
    .default([])
    .transform((a) => [...new Set(a)]),
  contactName: requiredText('联系人', 2, 20),
  contactPhone: telSchema('联系电话'),
  ...regionFields,
  address: requiredText('详细地址', 5, 100),
  /** GCJ-02 (the map service's system). */
  lng: z.coerce
    .number({ error: '请输入经度' })
    .min(73.5, '经度需在73.5～135.1之间（中国境内）')
    .max(135.1, '经度需在73.5～135.1之间（中国境内）'),
  lat: z.coerce
    .number({ error: '请输入纬度' })
    .min(3.8, '纬度需在3.8～53.6之间（中国境内）')
    .max(53.6, '纬度需在3.8～53.6之间（中国境内）'),
  openTime: z.string({ error: '请选择开始营业时间' }).regex(TIME_RE, '开始营业时间格式应为 HH:mm'),
  closeTime: z.string({ error: '请选择结束营业时间' }).regex(TIME_RE, '结束营业时间格式应为 HH:mm'),
  businessDays: z
    .array(z.coerce.number().int().min(1, '营业日不正确').max(7, '营业日不正确'), { error: '请选择营业日' })
    .min(1, '请至少选择一个营业日')
    .max(7, '营业日不正确')
    .transform((a) => [...new Set(a)].sort()),
  status: z.coerce
    .number({ error: '请选择门店状态' })
    .int('门店状态不正确')
    .refine((s) => s in STORE_STATUS, '门店状态不正确')
    .default(1),
  remark: optionalText('备注', 200),
};
const hoursCheck = (v: { openTime: string; closeTime: string }, ctx: z.RefinementCtx) => {
  if (v.openTime === v.closeTime) ctx.addIssue({ code: 'custom', path: ['closeTime'], message: '结束营业时间不能与开始营业时间相同' });
};
export const storeCreateInput = z.object(storeFields).superRefine(hoursCheck);
export const storeUpdateInput = z
  .object({ storeCode: storeCodeSchema, ...storeFields, contactPhone: phoneOrMask(telSchema('联系电话'), '联系电话') })
  .superRefine(hoursCheck);
export const storeByCodeInput = z.object({ storeCode: storeCodeSchema });
export const storeSetStatusInput = z.object({
  storeCode: storeCodeSchema,
  status: z.coerce
    .number({ error: '请选择门店状态' })
    .int('门店状态不正确')
    .refine((s) => s in STORE_STATUS, '门店状态不正确'),
});

export const storeRowSchema = z.object({
  id: z.number(),
  storeCode: z.string(),
  name: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  tagCodes: z.array(z.string()),
  tagNames: z.array(z.string()),
  contactName: z.string(),
  /** Masked (the full number through merchant.phone.reveal). */
  contactPhone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  lng: z.number(),
  lat: z.number(),
  openTime: z.string(),
  closeTime: z.string(),
  businessDays: z.array(z.number()),
  businessHours: z.string(),
  status: z.number(),
  statusName: z.string(),
  remark: z.string(),
  staffCount: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type StoreRow = z.infer<typeof storeRowSchema>;

export const storeChangeRecordSchema = z.object({
  id: z.number(),
  changeType: z.enum(['create', 'update', 'status']),
  changeTypeName: z.string(),
  changes: z.array(fieldChangeSchema),
  operatorName: z.string(),
  createdAt: z.number(),
});
export type StoreChangeRecord = z.infer<typeof storeChangeRecordSchema>;

/** "08:00-22:00", "22:00-次日06:00". */
export function formatBusinessHours(openTime: string, closeTime: string): string {
  return closeTime < openTime ? `${openTime}-次日${closeTime}` : `${openTime}-${closeTime}`;
}

const categoryCodes = new Set(STORE_CATEGORIES.flatMap((c) => [c.code, ...(c.children ?? []).map((x) => x.code)]));

export const storeListInput = listInput(
  {
    storeCode: z.string().trim().max(32, '门店编号不能超过32位').optional(),
    name: z.string().trim().max(30, '门店名称不能超过30个字').optional(),
    categoryCode: z
      .string()
      .trim()
      .refine((c) => categoryCodes.has(c), '门店分类不存在')
      .optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in STORE_STATUS, '门店状态不正确')
      .optional(),
    tagCode: z.string().trim().max(32).optional(),
    city: z.string().trim().max(20, '城市不能超过20个字').optional(),
  },
  ['createdAt', 'storeCode', 'name'],
);
export const storeChangeRecordsInput = listInput({ storeCode: storeCodeSchema }, ['createdAt']);

const changed = z.object({ storeCode: z.string(), changes: z.array(fieldChangeSchema) });

export const storeOps = defineOperations(
  { anchor: 'shop-management-list', merchantScope: 'merchant' },
  {
    list: {
      name: 'merchant.store.list',
      label: '门店列表',
      input: storeListInput,
      output: pagedOf(storeRowSchema),
      rest: '/ben-api/v1/store/storeList',
      exportable: true,
    },
    categories: {
      name: 'merchant.store.categories',
      label: '门店分类',
      summary: '门店分类（两级）',
      input: z.object({}),
      output: z.array(storeCategorySchema),
      rest: '/ben-api/v1/store/getStoreCategoryInfo',
    },
    tags: {
      name: 'merchant.store.tags',
      label: '门店标签',
      input: z.object({}),
      output: z.array(optionSchema),
      rest: '/ben-api/v1/store/getStoreTagInfo',
    },
    detail: {
      name: 'merchant.store.detail',
      label: '门店详情',
      input: storeByCodeInput,
      output: storeRowSchema,
      rest: '/ben-api/v1/store/storeInfoDetail',
    },
    changeRecords: {
      name: 'merchant.store.changeRecords',
      label: '门店变更记录',
      summary: '门店变更记录（每次修改的前后值）',
      input: storeChangeRecordsInput,
      output: pagedOf(storeChangeRecordSchema),
      rest: '/ben-api/v1/store/changeStoreInfoRecords',
      exportable: true,
    },
    create: {
      name: 'merchant.store.create',
      label: '新增门店',
      writes: true,
      input: storeCreateInput,
      output: z.object({ id: z.number(), storeCode: z.string() }),
      rest: '/ben-api/v1/store/createStore',
    },
    update: {
      name: 'merchant.store.update',
      label: '修改门店',
      summary: '修改门店（记录变更前后值）',
      writes: true,
      input: storeUpdateInput,
      output: changed,
      rest: '/ben-api/v1/store/updateStoreInfo',
    },
    setStatus: {
      name: 'merchant.store.setStatus',
      label: '设置门店营业状态',
      summary: '门店营业状态（营业中/暂停营业/已闭店）',
      writes: true,
      input: storeSetStatusInput,
      output: changed,
    },
  },
);
