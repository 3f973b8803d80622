import { z } from 'zod';
import { isMaskedPhone, phoneOrMask } from '../core/format.ts';
import { codeEnum, EMAIL_RE, optionalText, phoneSchema, regionFields, requiredText, TEL_RE } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';
import { optionSchema } from '../core/paging.ts';
import { fileIdSchema } from '../file/upload.ts';
import { SUBJECT_TYPES, type SubjectType } from './certificate.ts';
import { fieldChangeSchema } from '../core/field-change.ts';

// 商户信息 (information-detail) and 账户设置 (account-setting): the merchant's own information; the fields
// that change without review, and a dry run that says which would need a change request.

export const MERCHANT_TYPES = {
  retail: '零售商',
  brand: '品牌商',
  distributor: '经销商',
  operator: '点位运营商',
  supplier: '供应商',
} as const;
export type MerchantType = keyof typeof MERCHANT_TYPES;

export const MAIN_TAGS = {
  fresh: '生鲜果蔬',
  snack: '休闲零食',
  drink: '酒水饮料',
  dairy: '乳品烘焙',
  grain: '粮油调味',
  daily: '日用百货',
  beauty: '个护美妆',
  baby: '母婴用品',
  frozen: '冷冻冷藏',
  instant: '方便速食',
} as const;
export type MainTag = keyof typeof MAIN_TAGS;

export const merchantInfoFields = {
  shortName: optionalText('商户简称', 20),
  mainTags: z.array(codeEnum(MAIN_TAGS, '主营标签'), { error: '请选择主营标签' }).max(5, '主营标签最多选5个').default([]),
  contactName: requiredText('联系人', 2, 20),
  contactPhone: phoneOrMask(phoneSchema, '手机号'),
  servicePhone: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || TEL_RE.test(v) || isMaskedPhone(v), '客服电话格式不正确（手机号、座机或400电话）'),
  email: z
    .string()
    .trim()
    .max(50, '邮箱不能超过50个字')
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || EMAIL_RE.test(v), '邮箱格式不正确'),
  ...regionFields,
  address: requiredText('详细地址', 5, 100),
  intro: optionalText('商户简介', 300),
};
export const merchantInfoUpdateInput = z.object(merchantInfoFields);

/** Fields that only change through a reviewed change request (change-business). */
export const REVIEW_FIELDS = {
  merchantName: '商户名称',
  merchantType: '商户类型',
  subjectName: '主体名称',
  legalPerson: '法定代表人',
  certNo: '证件号码',
  certFileId: '证件照片',
} as const;
export type ReviewField = keyof typeof REVIEW_FIELDS;

export const DIRECT_FIELDS = {
  shortName: '商户简称',
  mainTags: '主营标签',
  contactName: '联系人',
  contactPhone: '联系电话',
  servicePhone: '客服电话',
  email: '邮箱',
  province: '省份',
  city: '城市',
  district: '区县',
  address: '详细地址',
  intro: '商户简介',
} as const;

/** Dry run of an update: any subset of direct and review fields, nothing written. */
export const merchantInfoCheckInput = z.object({
  ...Object.fromEntries(Object.entries(merchantInfoFields).map(([k, s]) => [k, s.optional()])),
  merchantName: z.string().trim().max(50, '商户名称不能超过50个字').optional(),
  merchantType: codeEnum(MERCHANT_TYPES, '商户类型').optional(),
  subjectName: z.string().trim().max(50, '主体名称不能超过50个字').optional(),
  legalPerson: z.string().trim().max(20, '法定代表人不能超过20个字').optional(),
  certNo: z.string().trim().max(18, '证件号码不能超过18位').optional(),
  certFileId: fileIdSchema.optional(),
}) as z.ZodType<Partial<z.output<typeof merchantInfoUpdateInput>> & Partial<Record<ReviewField, string | number>>>;

const orEmpty = <T extends string>(codes: Record<T, unknown>) => z.union([z.enum(Object.keys(codes) as [T, ...T[]]), z.literal('')]);

/** A change request waiting for review (at most one per merchant). */
export const pendingChangeSchema = z.object({ id: z.number(), changeCode: z.string(), createdAt: z.number() });

export const merchantInfoSchema = z.object({
  merchantId: z.number(),
  merchantCode: z.string(),
  merchantName: z.string(),
  merchantType: orEmpty<MerchantType>(MERCHANT_TYPES),
  merchantTypeName: z.string(),
  shortName: z.string(),
  mainTags: z.array(z.enum(Object.keys(MAIN_TAGS) as [MainTag, ...MainTag[]])),
  mainTagNames: z.array(z.string()),
  contactName: z.string(),
  /** Masked (the full number through merchant.phone.reveal), like servicePhone. */
  contactPhone: z.string(),
  servicePhone: z.string(),
  email: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  intro: z.string(),
  /** Settled subject (from the approved settle application). */
  settleStatus: z.number().nullable(),
  settleStatusName: z.string(),
  subjectType: orEmpty<SubjectType>(SUBJECT_TYPES),
  subjectName: z.string(),
  legalPerson: z.string(),
  certNo: z.string(),
  /** The file's public id. */
  certFileId: z.string().nullable(),
  businessLines: z.array(z.string()),
  settledAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number().nullable(),
  pendingChange: pendingChangeSchema.nullable(),
});
export type MerchantInfo = z.infer<typeof merchantInfoSchema>;

export const merchantInfoCheckSchema = z.object({
  changes: z.array(fieldChangeSchema),
  /** Labels of the fields that change at once. */
  direct: z.array(z.string()),
  /** Labels of the fields that need a reviewed change request. */
  needReview: z.array(z.string()),
  pendingChange: pendingChangeSchema.nullable(),
});
export type MerchantInfoCheck = z.infer<typeof merchantInfoCheckSchema>;

export const merchantSettingsSchema = z.object({
  info: merchantInfoSchema,
  mainTags: z.array(optionSchema),
  merchantTypes: z.array(optionSchema),
});

const none = z.object({});

export const merchantInfoOps = defineOperations(
  { anchor: 'information-detail', merchantScope: 'merchant' },
  {
    detail: {
      name: 'merchant.info.detail',
      label: '商户信息详情',
      input: none,
      output: merchantInfoSchema,
      rest: '/ben-api/v2/merchant/merchantInfoDetail',
    },
    mainTags: {
      name: 'merchant.info.mainTags',
      label: '主营标签列表',
      input: none,
      output: z.array(optionSchema),
      rest: '/ben-api/v2/merchant/getMainTagList',
    },
    types: {
      name: 'merchant.info.types',
      label: '商户类型列表',
      input: none,
      output: z.array(optionSchema),
      rest: '/ben-api/v2/merchant/getMerchantTypeList',
    },
    settings: {
      name: 'merchant.info.settings',
      label: '账户设置：当前信息与可选项',
      anchor: 'account-setting',
      input: none,
      output: merchantSettingsSchema,
    },
    updateCheck: {
      name: 'merchant.info.updateCheck',
      label: '修改前检查：列出将修改的字段及需审核的字段（不写入）',
      anchor: 'account-setting',
      input: merchantInfoCheckInput,
      output: merchantInfoCheckSchema,
      rest: '/ben-api/v2/merchant/updateMerchantCheck',
    },
    update: {
      name: 'merchant.info.update',
      label: '修改商户信息',
      summary: '修改商户信息（无需审核的字段）',
      anchor: 'account-setting',
      writes: true,
      input: merchantInfoUpdateInput,
      output: z.object({ changes: z.array(fieldChangeSchema) }),
      rest: '/ben-api/v2/merchant/updateMerchantInfo',
    },
  },
);
