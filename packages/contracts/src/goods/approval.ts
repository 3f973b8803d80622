import { z } from 'zod';
import { defineOperations } from '../core/operation.ts';
import { historyChangeSchema, historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { listInput, pagedOf, timeRange } from '../core/paging.ts';
import { priceCentsSchema, productFields, skuFields, specValueSchema, GOODS_TARGETS } from './goods-fields.ts';

// 新品申请 (new-products-list / add-new-products / apply-goods), SKU申请 (apply-sku) and their review; 审核记录
// (merchant-goods-management/record-list): every review action across applications.

/**
 * What is applied for. 1 新品申请 (a new standard product, adopted as the merchant's goods at the sale price),
 * 2 SKU申请 (a new SKU of an existing SPU). The wholesale mall's SPU and SKU applications (section 107) are
 * kinds 3 and 4 (contracts mall/mall-approval.ts, operations mall.new-product.*): same table, machine and PDF.
 */
export const APPROVAL_KINDS = { 1: '新品申请', 2: 'SKU申请', 3: '商城新品申请', 4: '商城SKU申请' } as const;
export type ApprovalKind = keyof typeof APPROVAL_KINDS;
/** approvalCode = prefix + yyMMdd (China time) + 4 digits, unique per merchant. */
export const APPROVAL_CODE_PREFIX: Record<ApprovalKind, string> = { 1: 'XP', 2: 'SK', 3: 'MP', 4: 'MS' };
export const APPROVAL_CODE_RE = /^[A-Z]{2}\d{10}$/;

export const APPROVAL_STATUS = { 0: '草稿', 1: '待审核', 2: '已通过', 3: '已驳回', 4: '已撤回' } as const;
export type ApprovalStatus = keyof typeof APPROVAL_STATUS;

/**
 * The state machine (docs/goods.md "New-product applications"): for each action, the states it may start
 * from and the state it leads to (`same`: the state is kept; `removed`: the application is gone). Anything
 * else is refused and changes nothing. The server guards with it, the pages show only the actions it allows.
 */
export const APPROVAL_TRANSITIONS = {
  edit: { label: '编辑申请', from: [0, 3, 4], to: 'same' },
  submit: { label: '提交审核', from: [0, 3, 4], to: 1 },
  withdraw: { label: '撤回申请', from: [1], to: 4 },
  approve: { label: '审核通过', from: [1], to: 2 },
  reject: { label: '审核驳回', from: [1], to: 3 },
  delete: { label: '删除申请', from: [0, 4], to: 'removed' },
} as const satisfies Record<string, { label: string; from: readonly ApprovalStatus[]; to: ApprovalStatus | 'same' | 'removed' }>;
export type ApprovalTransition = keyof typeof APPROVAL_TRANSITIONS;

/** Every history action of an application (create is the first save). */
export const APPROVAL_ACTIONS: Record<'create' | ApprovalTransition, string> = {
  create: '创建申请',
  ...Object.fromEntries(Object.entries(APPROVAL_TRANSITIONS).map(([k, v]) => [k, v.label])),
} as Record<'create' | ApprovalTransition, string>;

export function transitionAllowed(action: ApprovalTransition, status: number): boolean {
  return (APPROVAL_TRANSITIONS[action].from as readonly number[]).includes(status);
}

/** The actions an application in `status` allows (the detail page's buttons). */
export function allowedTransitions(status: number): ApprovalTransition[] {
  return (Object.keys(APPROVAL_TRANSITIONS) as ApprovalTransition[]).filter((a) => transitionAllowed(a, status));
}

export const approvalCodeSchema = z.string({ error: '申请单号不正确' }).trim().regex(APPROVAL_CODE_RE, '申请单号不正确');

const kindSchema = z.coerce
  .number({ error: '请选择申请类型' })
  .int('申请类型不正确')
  .refine((v) => v in APPROVAL_KINDS, '申请类型不正确');
const statusSchema = z.coerce
  .number({ error: '申请状态不正确' })
  .int('申请状态不正确')
  .refine((v) => v in APPROVAL_STATUS, '申请状态不正确');

/** 新品申请: the product (标准商品 fields) and the merchant's sale price. */
export const newProductFields = { ...productFields, basePrice: priceCentsSchema('销售价', { min: 1 }) };
/** SKU申请: the SPU it belongs to and the SKU fields. */
export const skuApplyFields = {
  goodsId: z.coerce.number({ error: '请选择商品' }).int('请选择商品').positive('请选择商品'),
  ...skuFields,
};

/** The save inputs' key (both families). Absent: a new draft. Present: the application to edit, with the version the edit began from. */
export const approvalEditKey = {
  approvalCode: approvalCodeSchema.optional(),
  version: versionField.optional(),
};

/** A save input's refinement (both families): an edit carries the version it began from. */
export function requireEditVersion(v: { approvalCode?: string; version?: number }, ctx: z.RefinementCtx): void {
  if (v.approvalCode && v.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: '缺少数据版本，请刷新后重试' });
}
export const newProductSaveInput = z.object({ kind: z.literal(1, { error: '申请类型不正确' }), ...approvalEditKey, ...newProductFields });
export const skuSaveInput = z.object({ kind: z.literal(2, { error: '申请类型不正确' }), ...approvalEditKey, ...skuApplyFields });
export const approvalSaveInput = z
  .discriminatedUnion('kind', [newProductSaveInput, skuSaveInput], { error: '申请类型不正确' })
  .superRefine(requireEditVersion);
export type ApprovalSaveInput = z.output<typeof approvalSaveInput>;

export const approvalKeyInput = z.object({ approvalCode: approvalCodeSchema });
export const approvalStepInput = z.object({ approvalCode: approvalCodeSchema, version: versionField });
export const approvalWithdrawInput = approvalStepInput.extend({
  reason: z.string({ error: '撤回原因不正确' }).trim().max(200, '撤回原因不能超过200个字').default(''),
});
export const approvalApproveInput = approvalStepInput.extend({
  remark: z.string({ error: '审核意见不正确' }).trim().max(200, '审核意见不能超过200个字').default(''),
});
export const approvalRejectInput = approvalStepInput.extend({
  reason: z.string({ error: '请输入驳回原因' }).trim().min(2, '驳回原因至少2个字').max(200, '驳回原因不能超过200个字'),
});

/** The application lists' filters and sorts, one definition for both families; only the kind filter differs. */
export const approvalListInputOf = <K extends z.ZodType<number | undefined>>(kind: K) =>
  listInput(
    {
      approvalCode: z.string().trim().max(20, '申请单号不能超过20位').optional(),
      title: z.string().trim().max(60, '商品名称不能超过60个字').optional(),
      kind,
      status: statusSchema.optional(),
      applicant: z.string().trim().max(64, '申请人不能超过64个字').optional(),
      submittedAt: timeRange,
    },
    ['createdAt', 'submittedAt'],
  );
export const approvalListInput = approvalListInputOf(kindSchema.optional());

export const approvalRowSchema = z.object({
  id: z.number(),
  approvalCode: z.string(),
  kind: z.number(),
  kindName: z.string(),
  status: z.number(),
  statusName: z.string(),
  title: z.string(),
  barcode: z.string(),
  /** Sale price (分) applied for. */
  basePrice: z.number(),
  applicantName: z.string(),
  reviewerName: z.string(),
  reason: z.string(),
  submittedAt: z.number().nullable(),
  reviewedAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number(),
  /**
   * The signed-in account is the applicant: only the applicant may withdraw, and nobody reviews their own application
   * (四眼原则, REVIEW_OWN_MESSAGE): the pages show 审核 disabled on it.
   */
  mine: z.boolean(),
});
export type ApprovalRow = z.infer<typeof approvalRowSchema>;

/** The refusal of a review (approve or reject) by the applicant (四眼原则); the pages give it as the disabled 审核's reason. */
export const REVIEW_OWN_MESSAGE = '不能审核自己提交的申请（四眼原则：申请人与审核人须为不同账号）';

export const approvalDetailSchema = approvalRowSchema.extend({
  /** Kind 1: the product applied for. */
  product: z
    .object({
      name: z.string(),
      barcode: z.string(),
      brand: z.string(),
      categoryId: z.number(),
      categoryPath: z.string(),
      spec: z.string(),
      unit: z.string(),
      shelfLifeDays: z.number(),
      storageStyle: z.number(),
      storageStyleName: z.string(),
      imageIds: z.array(z.string()),
      guidePrice: z.number(),
      basePrice: z.number(),
    })
    .nullable(),
  /** Kind 2: the SKU applied for and its SPU. */
  sku: z
    .object({
      goodsId: z.number(),
      goodsCode: z.string(),
      goodsName: z.string(),
      categoryPath: z.string(),
      specValues: z.array(specValueSchema),
      barcode: z.string(),
      basePrice: z.number(),
      storageStyle: z.number(),
      storageStyleName: z.string(),
    })
    .nullable(),
  /** What the approval created. */
  standardProductId: z.number().nullable(),
  goodsId: z.number().nullable(),
  skuId: z.number().nullable(),
  /**
   * The codes people know what the approval created by ('' where nothing or deleted since): goodsNo of the standard
   * product, goodsCode (kinds 1–2) or mallCode (3–4) of the SPU, skuCode of the goods or mall SKU.
   */
  createdCodes: z.object({ goodsNo: z.string(), spuCode: z.string(), skuCode: z.string() }),
});
export type ApprovalDetail = z.infer<typeof approvalDetailSchema>;

export const approvalStateSchema = z.object({ approvalCode: z.string(), status: z.number(), version: z.number() });

/** 审核记录 grows without bound (every action on every application): keyset paging, newest first. */
export const approvalRecordListInput = keysetInput(
  {
    approvalCode: z.string().trim().max(20, '申请单号不能超过20位').optional(),
    action: z
      .string()
      .trim()
      .refine((a) => a in APPROVAL_ACTIONS, '操作类型不正确')
      .optional(),
    operator: z.string().trim().max(64, '操作人不能超过64个字').optional(),
    createdAt: timeRange,
  },
  ['createdAt'],
);
export const approvalRecordSchema = z.object({
  id: z.number(),
  approvalCode: z.string(),
  kind: z.number(),
  kindName: z.string(),
  title: z.string(),
  /** The application's current state (it may have moved on since). */
  status: z.number(),
  statusName: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  changes: z.array(historyChangeSchema),
  remark: z.string(),
  operatorName: z.string(),
  createdAt: z.number(),
});
export type ApprovalRecord = z.infer<typeof approvalRecordSchema>;

export const approvalGoodsOptionSchema = z.object({
  id: z.number(),
  goodsCode: z.string(),
  name: z.string(),
  categoryPath: z.string(),
  storageStyle: z.number(),
});
export type ApprovalGoodsOption = z.infer<typeof approvalGoodsOptionSchema>;

/** Secure GET `?approvalCode=`: the printable application (申请单) as a PDF, for holders of the list's anchor. */
export const APPROVAL_PDF_PATH = '/ben-api/v1/goods/approval/pdf';
export const approvalPdfFileName = (approvalCode: string, kind: number) =>
  `${APPROVAL_KINDS[kind as ApprovalKind] ?? '新品申请'}_${approvalCode}.pdf`;

const REVIEW = 'new-products-review';

export const approvalOps = defineOperations(
  // marchant-add-new-product (商户商品 section 129) is the same application flow under the merchant-goods menu
  { anchor: ['new-products-list', 'marchant-add-new-product'], merchantScope: 'merchant', targets: GOODS_TARGETS },
  {
    list: {
      name: 'goods.approval.list',
      label: '新品申请列表',
      input: approvalListInput,
      output: pagedOf(approvalRowSchema),
      exportable: true,
    },
    detail: {
      name: 'goods.approval.detail',
      label: '新品申请详情',
      input: approvalKeyInput,
      output: approvalDetailSchema,
    },
    save: {
      name: 'goods.approval.save',
      label: '保存新品申请',
      summary: '保存新品申请/SKU申请（新建草稿或编辑草稿、已驳回、已撤回的申请）',
      writes: true,
      input: approvalSaveInput,
      output: approvalStateSchema,
    },
    submit: {
      name: 'goods.approval.submit',
      label: '提交新品申请',
      summary: '提交审核（复核条码与分类）',
      writes: true,
      input: approvalStepInput,
      output: approvalStateSchema,
    },
    withdraw: {
      name: 'goods.approval.withdraw',
      label: '撤回新品申请',
      summary: '撤回待审核的申请（仅申请人）',
      writes: true,
      input: approvalWithdrawInput,
      output: approvalStateSchema,
    },
    delete: {
      name: 'goods.approval.delete',
      label: '删除新品申请',
      summary: '删除草稿或已撤回的申请',
      writes: true,
      input: approvalStepInput,
      output: z.object({ approvalCode: z.string() }),
    },
    approve: {
      name: 'goods.approval.approve',
      label: '审核通过新品申请',
      summary: '审核通过（新品：入标准商品库并建为商户商品；SKU申请：新增SKU），一个事务',
      anchor: REVIEW,
      writes: true,
      input: approvalApproveInput,
      output: approvalStateSchema.extend({
        standardProductId: z.number().nullable(),
        goodsId: z.number().nullable(),
        skuId: z.number().nullable(),
      }),
    },
    reject: {
      name: 'goods.approval.reject',
      label: '驳回新品申请',
      summary: '审核驳回（须填写原因）',
      anchor: REVIEW,
      writes: true,
      input: approvalRejectInput,
      output: approvalStateSchema,
    },
    history: {
      name: 'goods.approval.history',
      label: '新品申请操作记录',
      input: historyInput({ approvalCode: approvalCodeSchema }),
      output: pagedOf(historyEntrySchema),
    },
    records: {
      name: 'goods.approval.records',
      label: '审核记录',
      summary: '审核记录（所有申请的提交、撤回、通过、驳回）',
      anchor: 'record-list',
      input: approvalRecordListInput,
      output: keysetOf(approvalRecordSchema),
      exportable: true,
    },
    goodsOptions: {
      name: 'goods.approval.goodsOptions',
      label: '申请可选商品',
      summary: 'SKU申请可选的商品（SPU），按名称或编码搜索',
      input: z.object({ keyword: z.string().trim().max(60, '关键字不能超过60个字').default('') }),
      output: z.array(approvalGoodsOptionSchema),
    },
  },
);
