import { z } from 'zod';
import { calendarDateRangeSchema, calendarDateSchema, daysBetween } from '../core/business-time.ts';
import { isMaskedPhone, phoneOrMask } from '../core/format.ts';
import type { FieldChange } from '../merchant/field-change.ts';
import { codeEnum, EMAIL_RE, regionFields, idSchema, optionalText, phoneSchema, requiredText, TEL_RE } from '../core/fields.ts';
import { fileIdField, fileIdSchema } from '../file/upload.ts';

/** Gateway operation names of merchant basic settings (spec section 100). */
export const MERCHANT_OPS = {
  // merchant information (information-detail, account-setting)
  infoDetail: 'merchant.info.detail',
  infoMainTags: 'merchant.info.mainTags',
  infoTypes: 'merchant.info.types',
  infoSettings: 'merchant.info.settings',
  infoUpdateCheck: 'merchant.info.updateCheck',
  infoUpdate: 'merchant.info.update',
  // settle-apply flow (settle-apply) and its records and review (apply-record)
  settleCurrent: 'merchant.settle.current',
  settleBusinessLines: 'merchant.settle.businessLines',
  settleSaveSubject: 'merchant.settle.saveSubject',
  settleSaveLines: 'merchant.settle.saveLines',
  settleSubmit: 'merchant.settle.submit',
  settleWithdraw: 'merchant.settle.withdraw',
  settleList: 'merchant.settle.list',
  settleDetail: 'merchant.settle.detail',
  settleApprove: 'merchant.settle.approve',
  settleReject: 'merchant.settle.reject',
  // change of merchant information (change-view, change-business/:merchantId)
  changeForm: 'merchant.change.form',
  changeList: 'merchant.change.list',
  changeDetail: 'merchant.change.detail',
  changeSubmit: 'merchant.change.submit',
  changeWithdraw: 'merchant.change.withdraw',
  changeApprove: 'merchant.change.approve',
  changeReject: 'merchant.change.reject',
  // contracts (contract-list)
  contractList: 'merchant.contract.list',
  contractDetail: 'merchant.contract.detail',
  contractAdd: 'merchant.contract.add',
  contractEdit: 'merchant.contract.edit',
  contractTerminate: 'merchant.contract.terminate',
  contractDelete: 'merchant.contract.delete',
  // store staff (user-list)
  staffCreate: 'merchant.staff.create',
  staffList: 'merchant.staff.list',
  staffDisable: 'merchant.staff.disable',
  staffEnable: 'merchant.staff.enable',
  staffDetail: 'merchant.staff.detail',
  staffUpdate: 'merchant.staff.update',
  staffStoreOptions: 'merchant.staff.configStoreList',
  staffConfigStore: 'merchant.staff.configStore',
  // the full number behind a masked phone (audited)
  phoneReveal: 'merchant.phone.reveal',
} as const;

/** Spec §7 REST paths, each a thin alias of one operation. */
export const MERCHANT_PATHS = {
  merchantInfoDetail: '/ben-api/v2/merchant/merchantInfoDetail',
  updateMerchantInfo: '/ben-api/v2/merchant/updateMerchantInfo',
  getMainTagList: '/ben-api/v2/merchant/getMainTagList',
  getMerchantTypeList: '/ben-api/v2/merchant/getMerchantTypeList',
  updateMerchantCheck: '/ben-api/v2/merchant/updateMerchantCheck',
  createUser: '/ben-api/v1/user/createUser',
  userList: '/ben-api/v1/user/userList',
  userDisable: '/ben-api/v1/user/userDisable',
  userEnable: '/ben-api/v1/user/userEnable',
  userInfoDetail: '/ben-api/v1/user/userInfoDetail',
  updateUserInfo: '/ben-api/v1/user/updateUserInfo',
  configStoreList: '/ben-api/v1/user/configStoreList',
  configStore: '/ben-api/v1/user/configStore',
} as const;

export const MERCHANT_PATH_OPS: Record<keyof typeof MERCHANT_PATHS, string> = {
  merchantInfoDetail: MERCHANT_OPS.infoDetail,
  updateMerchantInfo: MERCHANT_OPS.infoUpdate,
  getMainTagList: MERCHANT_OPS.infoMainTags,
  getMerchantTypeList: MERCHANT_OPS.infoTypes,
  updateMerchantCheck: MERCHANT_OPS.infoUpdateCheck,
  createUser: MERCHANT_OPS.staffCreate,
  userList: MERCHANT_OPS.staffList,
  userDisable: MERCHANT_OPS.staffDisable,
  userEnable: MERCHANT_OPS.staffEnable,
  userInfoDetail: MERCHANT_OPS.staffDetail,
  updateUserInfo: MERCHANT_OPS.staffUpdate,
  configStoreList: MERCHANT_OPS.staffStoreOptions,
  configStore: MERCHANT_OPS.staffConfigStore,
};

/** Page anchors of section 100 (menu catalogue). */
export const MERCHANT_ANCHORS = {
  settleApply: 'settle-apply',
  applyRecord: 'apply-record',
  changeView: 'change-view',
  contractList: 'contract-list',
  accountSetting: 'account-setting',
  informationDetail: 'information-detail',
  shopList: 'shop-management-list',
  userList: 'user-list',
} as const;

/** Chinese resident ID number (18 digits, GB 11643 check digit, real birth date). */
export function idCardCheckDigit(first17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * w[i];
  return '10X98765432'[sum % 11];
}
export function isValidIdCardNo(no: string): boolean {
  const s = no.trim().toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(s)) return false;
  const y = Number(s.slice(6, 10));
  const m = Number(s.slice(10, 12));
  const d = Number(s.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return idCardCheckDigit(s) === s[17];
}

/** Unified social credit code (18 characters, GB 32100 check character). */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
export function creditCodeCheckChar(first17: string): string {
  const w = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(first17[i]) * w[i];
  return CREDIT_CHARS[(31 - (sum % 31)) % 31];
}
export function isValidCreditCode(code: string): boolean {
  const s = code.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(s)) return false;
  return creditCodeCheckChar(s) === s[17];
}

/** Keeps the first 4 and last 4 characters of a certificate number. */
export function maskCertNo(no: string): string {
  if (!no) return '';
  return no.length > 8 ? `${no.slice(0, 4)}${'*'.repeat(no.length - 8)}${no.slice(-4)}` : no;
}

// ---------------------------------------------------------------- merchant information

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

export const SUBJECT_TYPES = { person: '个人/个体工商户', business: '企业' } as const;
export type SubjectType = keyof typeof SUBJECT_TYPES;
export const CERT_LABELS: Record<SubjectType, string> = { person: '身份证号码', business: '统一社会信用代码' };


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


export interface MerchantInfo {
  merchantId: number;
  merchantCode: string;
  merchantName: string;
  merchantType: MerchantType | '';
  merchantTypeName: string;
  shortName: string;
  mainTags: MainTag[];
  mainTagNames: string[];
  contactName: string;
  contactPhone: string;
  servicePhone: string;
  email: string;
  province: string;
  city: string;
  district: string;
  address: string;
  intro: string;
  /** Settled subject (from the approved settle application). */
  settleStatus: number | null;
  settleStatusName: string;
  subjectType: SubjectType | '';
  subjectName: string;
  legalPerson: string;
  certNo: string;
  /** The file's public id. */
  certFileId: string | null;
  businessLines: string[];
  settledAt: number | null;
  createdAt: number;
  updatedAt: number | null;
  pendingChange: { id: number; changeCode: string; createdAt: number } | null;
}

export interface MerchantInfoCheck {
  changes: FieldChange[];
  direct: string[];
  needReview: string[];
  pendingChange: MerchantInfo['pendingChange'];
}

// ---------------------------------------------------------------- settle-apply

export const BUSINESS_LINES = {
  container: { name: '智能柜零售', desc: '开门柜、售货机等无人智能柜的商品零售' },
  mall: { name: '批发商城', desc: '面向门店与小B客户的商品批发' },
  online: { name: '线上零售', desc: '小程序、App 等线上商城零售与配送' },
  locallife: { name: '本地生活', desc: '到店团购、外卖等本地生活服务' },
  group: { name: '社区团购', desc: '社区团长组织的预售团购与自提' },
  entrepot: { name: '前置仓', desc: '社区前置仓的仓储与即时配送' },
} as const;
export type BusinessLine = keyof typeof BUSINESS_LINES;

export const SETTLE_STATUS = { 0: '草稿', 1: '待审核', 2: '已通过', 3: '已驳回', 4: '已撤回' } as const;
export const SETTLE = { draft: 0, pending: 1, approved: 2, rejected: 3, withdrawn: 4 } as const;

const certCheck = (
  v: { subjectType: SubjectType; certNo: string; legalPerson: string },
  ctx: z.RefinementCtx,
) => {
  if (v.subjectType === 'person' && !isValidIdCardNo(v.certNo)) {
    ctx.addIssue({ code: 'custom', path: ['certNo'], message: '身份证号码格式不正确（18位，末位校验码需正确）' });
  }
  if (v.subjectType === 'business') {
    if (!isValidCreditCode(v.certNo)) ctx.addIssue({ code: 'custom', path: ['certNo'], message: '统一社会信用代码格式不正确（18位，末位校验码需正确）' });
    if (!v.legalPerson) ctx.addIssue({ code: 'custom', path: ['legalPerson'], message: '请输入法定代表人' });
  }
};

export const settleSubjectInput = z
  .object({
    /** The draft to save; absent: a new application. */
    id: idSchema('申请ID').optional(),
    subjectType: codeEnum(SUBJECT_TYPES, '主体类型'),
    subjectName: requiredText('主体名称', 2, 50),
    certNo: z
      .string({ error: '请输入证件号码' })
      .trim()
      .min(1, '请输入证件号码')
      .max(18, '证件号码为18位')
      .transform((s) => s.toUpperCase()),
    legalPerson: optionalText('法定代表人', 20),
    contactName: requiredText('联系人', 2, 20),
    /** A masked number keeps the one of the application the form was filled from (the draft, else the latest). */
    contactPhone: phoneOrMask(phoneSchema, '手机号'),
    ...regionFields,
    address: requiredText('详细地址', 5, 100),
    certFileId: fileIdField('请上传证件照片'),
  })
  .superRefine(certCheck);

export const settleLinesInput = z.object({
  id: idSchema('申请ID'),
  businessLines: z
    .array(codeEnum(BUSINESS_LINES, '业务线'), { error: '请选择业务线' })
    .min(1, '请至少选择一条业务线')
    .max(6, '业务线不正确')
    .transform((a) => [...new Set(a)]),
  remark: optionalText('补充说明', 200),
});
export const settleReviewApproveInput = z.object({ id: idSchema('申请ID'), remark: optionalText('审核意见', 200) });
export const settleReviewRejectInput = z.object({ id: idSchema('申请ID'), reason: requiredText('驳回原因', 2, 200) });

export interface SettleApply {
  id: number;
  applyCode: string;
  subjectType: SubjectType;
  subjectTypeName: string;
  subjectName: string;
  certNo: string;
  legalPerson: string;
  contactName: string;
  contactPhone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  /** The file's public id. */
  certFileId: string | null;
  businessLines: BusinessLine[];
  businessLineNames: string[];
  remark: string;
  status: number;
  statusName: string;
  reviewRemark: string;
  rejectReason: string;
  submittedAt: number | null;
  reviewedAt: number | null;
  reviewerName: string;
  creatorName: string;
  createdAt: number;
  updatedAt: number;
}

// ---------------------------------------------------------------- change requests

export const CHANGE_STATUS = { 1: '待审核', 2: '已通过', 3: '已驳回', 4: '已撤回' } as const;
export const changeSubmitInput = z.object({
  merchantName: requiredText('商户名称', 2, 50),
  merchantType: codeEnum(MERCHANT_TYPES, '商户类型'),
  subjectName: optionalText('主体名称', 50),
  legalPerson: optionalText('法定代表人', 20),
  certNo: z
    .string()
    .trim()
    .max(18, '证件号码为18位')
    .optional()
    .transform((s) => (s ?? '').toUpperCase()),
  certFileId: fileIdSchema.nullable().optional(),
  reason: requiredText('变更原因', 2, 200),
});
export const changeRejectInput = z.object({ id: idSchema('变更申请ID'), reason: requiredText('驳回原因', 2, 200) });
export const changeApproveInput = z.object({ id: idSchema('变更申请ID'), remark: optionalText('审核意见', 200) });

export interface ChangeRequest {
  id: number;
  changeCode: string;
  changes: FieldChange[];
  reason: string;
  status: number;
  statusName: string;
  rejectReason: string;
  reviewRemark: string;
  submitterName: string;
  reviewerName: string;
  createdAt: number;
  reviewedAt: number | null;
}

// ---------------------------------------------------------------- contracts

export const CONTRACT_TYPES = {
  purchase: '采购合同',
  service: '服务合同',
  lease: '场地租赁合同',
  cooperation: '合作分成合同',
  other: '其他合同',
} as const;
export const CONTRACT_STATUS = {
  pending: '未生效',
  active: '生效中',
  expiring: '即将到期',
  expired: '已到期',
  terminated: '已终止',
} as const;
export type ContractStatus = keyof typeof CONTRACT_STATUS;
/** A contract ending within this many days is shown as 即将到期. */
export const CONTRACT_EXPIRING_DAYS = 30;

export const contractFields = {
  name: requiredText('合同名称', 2, 50),
  contractType: codeEnum(CONTRACT_TYPES, '合同类型'),
  partyName: requiredText('签约方', 2, 50),
  amount: z.coerce
    .number({ error: '请输入合同金额' })
    .int('合同金额精确到分')
    .min(0, '合同金额不能为负数')
    .max(100_000_000_000, '合同金额不能超过10亿元'),
  signDate: calendarDateSchema('签订日期'),
  startDate: calendarDateSchema('生效日期'),
  endDate: calendarDateSchema('到期日期'),
  fileId: fileIdSchema.nullable().optional(),
  remark: optionalText('备注', 200),
};
/** Calendar dates 'YYYY-MM-DD' compare as strings. */
const contractDates = (v: { signDate: string; startDate: string; endDate: string }, ctx: z.RefinementCtx) => {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: '到期日期不能早于生效日期' });
  if (v.signDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['signDate'], message: '签订日期不能晚于到期日期' });
};
export const contractAddInput = z.object(contractFields).superRefine(contractDates);
export const contractEditInput = z.object({ id: idSchema('合同ID'), ...contractFields }).superRefine(contractDates);
export const contractTerminateInput = z.object({ id: idSchema('合同ID'), reason: requiredText('终止原因', 2, 200) });

export interface ContractRow {
  id: number;
  contractNo: string;
  name: string;
  contractType: string;
  contractTypeName: string;
  partyName: string;
  amount: number;
  /** Business dates 'YYYY-MM-DD' (the merchant's calendar), shown as they are. */
  signDate: string;
  startDate: string;
  endDate: string;
  status: ContractStatus;
  statusName: string;
  /** The attachment's public id. */
  fileId: string | null;
  fileName: string;
  remark: string;
  terminatedAt: number | null;
  terminateReason: string;
  createdAt: number;
  updatedAt: number;
}

/**
 * Status of a contract on `today` — the calendar date in the business time zone (terminated wins;
 * the start and end dates are both days in force).
 */
export function contractStatusAt(c: { startDate: string; endDate: string; terminatedAt: number | null }, today: string): ContractStatus {
  if (c.terminatedAt !== null) return 'terminated';
  if (today < c.startDate) return 'pending';
  if (today > c.endDate) return 'expired';
  if (daysBetween(today, c.endDate) <= CONTRACT_EXPIRING_DAYS) return 'expiring';
  return 'active';
}

/** The 到期日期 filter of the contract list. */
export const contractEndRangeSchema = calendarDateRangeSchema('到期日期').optional();

// ---------------------------------------------------------------- store staff

export const STAFF_POSITIONS = {
  manager: '店长',
  clerk: '店员',
  cashier: '收银员',
  replenisher: '补货员',
  stocker: '理货员',
} as const;
export const STAFF_STATUS = { 1: '启用', 0: '停用' } as const;

export const staffFields = {
  name: requiredText('姓名', 2, 20),
  phone: phoneSchema,
  position: codeEnum(STAFF_POSITIONS, '岗位'),
  entryDate: calendarDateSchema('入职日期').nullable().optional(),
  remark: optionalText('备注', 200),
};
const storeIdsSchema = z
  .array(idSchema('门店'), { error: '门店格式不正确' })
  .max(200, '最多关联200个门店')
  .transform((a) => [...new Set(a)]);
export const staffCreateInput = z.object({ ...staffFields, storeIds: storeIdsSchema.default([]) });
export const staffUpdateInput = z.object({ id: idSchema('员工ID'), ...staffFields, phone: phoneOrMask(phoneSchema, '手机号') });
export const staffConfigStoreInput = z.object({ id: idSchema('员工ID'), storeIds: storeIdsSchema });

export interface StaffRow {
  id: number;
  staffNo: string;
  name: string;
  phone: string;
  position: string;
  positionName: string;
  status: number;
  statusName: string;
  /** Business date 'YYYY-MM-DD'. */
  entryDate: string | null;
  remark: string;
  stores: { id: number; storeCode: string; name: string }[];
  createdAt: number;
  updatedAt: number;
}


// ---------------------------------------------------------------- revealing a masked phone

/**
 * Phones the merchant pages mask, and the page anchor whose holders may reveal each (the page where
 * the number is edited). `id`: the merchant id for the merchant's own numbers, else the row id.
 */
export const MERCHANT_PHONE_KINDS = {
  merchantContact: { label: '商户联系电话', anchor: MERCHANT_ANCHORS.accountSetting },
  merchantService: { label: '商户客服电话', anchor: MERCHANT_ANCHORS.accountSetting },
  store: { label: '门店联系电话', anchor: MERCHANT_ANCHORS.shopList },
  staff: { label: '员工手机号', anchor: MERCHANT_ANCHORS.userList },
  settle: { label: '入驻申请联系电话', anchor: MERCHANT_ANCHORS.settleApply },
} as const;
export type MerchantPhoneKind = keyof typeof MERCHANT_PHONE_KINDS;

export const merchantPhoneRevealInput = z.object({
  kind: z.enum(Object.keys(MERCHANT_PHONE_KINDS) as [MerchantPhoneKind, ...MerchantPhoneKind[]], { error: '号码类型不正确' }),
  id: idSchema('ID'),
});

/** The answer of a reveal: the full number. */
export interface PhoneReveal {
  phone: string;
}
