import { z } from 'zod';
import { calendarDateRangeSchema, calendarDateSchema } from '../core/business-time.ts';
import { codeEnum, idSchema, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';

// 点位公告 (point-busi / point-manage-bulletin, bulletin-detail/{id}/{type}/{start}/{end?}): notices shown on the
// points they apply to (docs/devices.md "Point bulletins").

export const BULLETIN_TYPES = { notice: '通知', promotion: '促销', maintenance: '停机维护', other: '其他' } as const;
export type BulletinType = keyof typeof BULLETIN_TYPES;
export const BULLETIN_SCOPES = { all: '全部点位', points: '指定点位' } as const;
export type BulletinScope = keyof typeof BULLETIN_SCOPES;

/** The stored status. */
export const BULLETIN_STATUS = { 1: '草稿', 2: '已发布', 3: '已撤回' } as const;
export type BulletinStatus = keyof typeof BULLETIN_STATUS;
/**
 * What a person sees: the stored status, except that a 已发布 bulletin whose end date has passed shows 已过期 (4),
 * derived from the date (nothing is written when a bulletin expires).
 */
export const BULLETIN_DISPLAY = { 1: '草稿', 2: '已发布', 3: '已撤回', 4: '已过期' } as const;
export type BulletinDisplay = keyof typeof BULLETIN_DISPLAY;

/** The state machine: each action, the states it may start from and the state it leads to. */
export const BULLETIN_TRANSITIONS = {
  update: { label: '编辑', from: [1], to: 1 },
  publish: { label: '发布', from: [1], to: 2 },
  withdraw: { label: '撤回', from: [2], to: 3 },
} as const satisfies Record<string, { label: string; from: readonly BulletinStatus[]; to: BulletinStatus }>;
export type BulletinTransition = keyof typeof BULLETIN_TRANSITIONS;

export function bulletinAllowed(action: BulletinTransition, status: number): boolean {
  return (BULLETIN_TRANSITIONS[action].from as readonly number[]).includes(status);
}

/** The display state on a given business date ('YYYY-MM-DD'). */
export function bulletinDisplay(status: number, endDate: string, today: string): BulletinDisplay {
  if (status === 2 && endDate !== '' && endDate < today) return 4;
  return status as BulletinDisplay;
}

export const BULLETIN_CONTENT_MAX = 500;
export const BULLETIN_POINTS_MAX = 200;

const pointIds = z
  .array(idSchema('点位'), { error: '请选择点位' })
  .max(BULLETIN_POINTS_MAX, `最多指定${BULLETIN_POINTS_MAX}个点位`)
  .refine((a) => new Set(a).size === a.length, '点位不能重复选择')
  .default([]);

export const bulletinFields = {
  title: requiredText('公告标题', 2, 50),
  bulletinType: codeEnum(BULLETIN_TYPES, '公告类型'),
  content: requiredText('公告内容', 2, BULLETIN_CONTENT_MAX),
  startDate: calendarDateSchema('开始日期'),
  /** '' = no end (the bulletin stays until it is withdrawn). */
  endDate: z
    .string({ error: '结束日期格式应为 YYYY-MM-DD 的日期' })
    .trim()
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || calendarDateSchema('结束日期').safeParse(v).success, '结束日期格式应为 YYYY-MM-DD 的日期'),
  scope: codeEnum(BULLETIN_SCOPES, '适用点位'),
  pointIds,
};
const bulletinRules = (v: { startDate: string; endDate: string; scope: string; pointIds: number[] }, ctx: z.RefinementCtx) => {
  if (v.endDate !== '' && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
  if (v.scope === 'points' && v.pointIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['pointIds'], message: '指定点位须至少选择1个点位' });
};
export const bulletinCreateInput = z.object(bulletinFields).superRefine(bulletinRules);
export const bulletinUpdateInput = z.object({ id: idSchema('公告'), version: versionField, ...bulletinFields }).superRefine(bulletinRules);
export const bulletinKeyInput = z.object({ id: idSchema('公告') });
export const bulletinStepInput = z.object({ id: idSchema('公告'), version: versionField });

const displaySchema = z.coerce
  .number({ error: '公告状态不正确' })
  .int('公告状态不正确')
  .refine((s) => s in BULLETIN_DISPLAY, '公告状态不正确');

export const bulletinListInput = listInput(
  {
    bulletinCode: z.string().trim().max(20, '公告编号不能超过20位').optional(),
    title: z.string().trim().max(50, '公告标题不能超过50个字').optional(),
    bulletinType: codeEnum(BULLETIN_TYPES, '公告类型').optional(),
    status: displaySchema.optional(),
    pointId: idSchema('点位').optional(),
    /** Bulletins whose date range overlaps this range. */
    dateRange: calendarDateRangeSchema('生效日期').optional(),
  },
  ['createdAt', 'startDate', 'updatedAt'],
);

export const bulletinPointSchema = z.object({ id: z.number(), pointCode: z.string(), name: z.string(), statusName: z.string() });
export type BulletinPoint = z.infer<typeof bulletinPointSchema>;

export const bulletinRowSchema = z.object({
  id: z.number(),
  bulletinCode: z.string(),
  title: z.string(),
  bulletinType: z.string(),
  bulletinTypeName: z.string(),
  content: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  scope: z.string(),
  scopeName: z.string(),
  pointCount: z.number(),
  /** The stored status (草稿/已发布/已撤回) and what is shown (已过期 derived by date). */
  status: z.number(),
  display: z.number(),
  displayName: z.string(),
  publishedAt: z.number().nullable(),
  publisherName: z.string(),
  creatorName: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type BulletinRow = z.infer<typeof bulletinRowSchema>;

export const bulletinDetailSchema = bulletinRowSchema.extend({ points: z.array(bulletinPointSchema) });
export type BulletinDetail = z.infer<typeof bulletinDetailSchema>;

export const bulletinStateSchema = z.object({ id: z.number(), bulletinCode: z.string(), status: z.number(), version: z.number() });

/** A bulletin shown on a point now (the 当前公告 card of point-detail). */
export const bulletinCurrentSchema = z.object({
  id: z.number(),
  title: z.string(),
  bulletinTypeName: z.string(),
  bulletinType: z.string(),
  content: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type BulletinCurrent = z.infer<typeof bulletinCurrentSchema>;

/** The detail route bulletin-detail/{id}/{type}/{start}/{end?} of a bulletin. */
export const bulletinDetailPath = (b: { id: number; bulletinType: string; startDate: string; endDate: string }) =>
  `/website/point-busi/bulletin-detail/${b.id}/${b.bulletinType}/${b.startDate}${b.endDate ? `/${b.endDate}` : ''}`;

export const bulletinOps = defineOperations(
  { anchor: 'point-manage-bulletin', targets: { id: '点位公告', bulletinCode: '公告编号', pointIds: '点位', pointId: '点位' } },
  {
    list: {
      name: 'point.bulletin.list',
      label: '点位公告列表',
      input: bulletinListInput,
      output: pagedOf(bulletinRowSchema),
      exportable: true,
    },
    detail: { name: 'point.bulletin.detail', label: '点位公告详情', input: bulletinKeyInput, output: bulletinDetailSchema },
    create: { name: 'point.bulletin.create', label: '新增点位公告', writes: true, input: bulletinCreateInput, output: bulletinStateSchema },
    update: {
      name: 'point.bulletin.update',
      label: '编辑点位公告',
      summary: '只有草稿可以编辑',
      writes: true,
      input: bulletinUpdateInput,
      output: bulletinStateSchema,
    },
    publish: {
      name: 'point.bulletin.publish',
      label: '发布点位公告',
      summary: '草稿 → 已发布（结束日期未过，适用点位均未撤点）',
      writes: true,
      input: bulletinStepInput,
      output: bulletinStateSchema,
    },
    withdraw: {
      name: 'point.bulletin.withdraw',
      label: '撤回点位公告',
      summary: '已发布 → 已撤回',
      writes: true,
      input: bulletinStepInput,
      output: bulletinStateSchema,
    },
    history: {
      name: 'point.bulletin.history',
      label: '点位公告操作记录',
      input: historyInput({ id: idSchema('公告') }),
      output: pagedOf(historyEntrySchema),
    },
    pointOptions: {
      name: 'point.bulletin.pointOptions',
      label: '可发布公告的点位',
      summary: '未撤点的点位',
      input: z.object({}),
      output: z.array(bulletinPointSchema),
    },
    current: {
      name: 'point.bulletin.current',
      label: '点位当前公告',
      summary: '今天在有效期内、适用于该点位的已发布公告',
      anchor: ['point-manage', 'point-manage-bulletin'],
      input: z.object({ pointId: idSchema('点位') }),
      output: z.array(bulletinCurrentSchema),
    },
  },
);
