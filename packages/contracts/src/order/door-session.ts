import { z } from 'zod';
import { defineOperations } from '../core/operation.ts';
import { applyCodeSchema, consumerIdSchema, consumerPhoneSchema, ORDER_TARGETS } from './order-fields.ts';

// 开门记录 (open-record-list-detail/{applyCode}): one consumer's session at a cabinet — the door-open request
// (applyCode), the cabinet opening its door, the door closing with the goods it recognised — and the order it made.
// 待开门 → 已开门 → 已完成; 待开门 → 开门失败 (the cabinet did not open within DOOR_OPEN_WAIT_MS); 已开门 → 异常 (the door
// stayed open past DOOR_CLOSE_LIMIT_MS, or the cabinet went offline with its door open: an abnormal order is made).
// docs/orders.md "智能柜购物".

export const DOOR_SESSION_STATUS = { 0: '待开门', 1: '已开门', 2: '已完成', 3: '开门失败', 4: '异常' } as const;
export type DoorSessionStatus = keyof typeof DOOR_SESSION_STATUS;
export const DOOR_REQUESTED = 0;
export const DOOR_OPENED = 1;
export const DOOR_DONE = 2;
export const DOOR_FAILED = 3;
export const DOOR_ABNORMAL = 4;
export const DOOR_SESSION_STATUS_COLORS: Readonly<Record<DoorSessionStatus, string>> = {
  0: 'processing',
  1: 'gold',
  2: 'success',
  3: 'default',
  4: 'error',
};
export const DOOR_SESSION_TRANSITIONS = {
  open: { label: '开门', from: [0], to: 1 },
  close: { label: '关门结算', from: [0, 1], to: 2 },
  fail: { label: '开门失败', from: [0], to: 3 },
  flag: { label: '会话异常', from: [1], to: 4 },
  // a late door-closed report of a flagged session fills its abnormal order's goods (the session ends)
  late: { label: '迟到关门上报', from: [4], to: 2 },
} as const satisfies Record<string, { label: string; from: readonly DoorSessionStatus[]; to: DoorSessionStatus }>;
export type DoorSessionTransition = keyof typeof DOOR_SESSION_TRANSITIONS;

/** A cabinet that has not opened its door this long after the request: 开门失败. */
export const DOOR_OPEN_WAIT_MS = 60_000;
/** A door open this long without closing: the session is 异常 and an abnormal order (柜门未关) is made. */
export const DOOR_CLOSE_LIMIT_MS = 180_000;

/** Kinds of the session's timeline (door_event.type). */
export const DOOR_EVENT_TYPES = {
  requested: '开门请求',
  command: '下发开门指令',
  opened: '柜门已打开',
  closed: '柜门已关闭',
  order: '生成订单',
  nothing: '未取商品',
  failed: '开门失败',
  timeout: '柜门超时未关',
  offline: '设备离线',
  late: '迟到的关门上报',
  duplicate: '重复上报（已忽略）',
} as const;
export type DoorEventType = keyof typeof DOOR_EVENT_TYPES;

// ---- the open API's door-open request (the consumer app: POST /open-api/v1/cabinet/door-open)

export const doorOpenRequestSchema = z.object({
  deviceCode: z
    .string({ error: '请输入设备编号' })
    .trim()
    .regex(/^D\d{10}$/, '设备编号不正确'),
  userId: consumerIdSchema,
  userPhone: consumerPhoneSchema.optional(),
  /** The app's id of this request: the same requestId again returns the same session (a retried tap). */
  requestId: z
    .string({ error: '请输入请求号' })
    .trim()
    .min(8, '请求号至少8个字符')
    .max(64, '请求号不能超过64个字符')
    .regex(/^[A-Za-z0-9_-]+$/, '请求号只能包含字母、数字、_ 和 -'),
});
export type DoorOpenRequest = z.infer<typeof doorOpenRequestSchema>;
export const doorSessionStateSchema = z.object({
  applyCode: z.string(),
  deviceCode: z.string(),
  status: z.number(),
  statusName: z.string(),
  orderNoSub: z.string(),
  failReason: z.string(),
});
export type DoorSessionState = z.infer<typeof doorSessionStateSchema>;
export const doorSessionQuerySchema = z.object({ applyCode: applyCodeSchema });

// ---- staff: the door-open record

export const doorEventSchema = z.object({
  type: z.string(),
  typeName: z.string(),
  /** What the event said, in words (the goods recognised, the command's number…). */
  summary: z.string(),
  /** The event's data as received (JSON text; '' when none). */
  data: z.string(),
  at: z.number(),
});
export type DoorEvent = z.infer<typeof doorEventSchema>;
export const doorSessionDetailSchema = doorSessionStateSchema.extend({
  deviceName: z.string(),
  pointName: z.string(),
  userId: z.string(),
  /** Masked (138****0000). */
  userPhone: z.string(),
  appName: z.string(),
  commandNo: z.string(),
  requestedAt: z.number(),
  openedAt: z.number().nullable(),
  closedAt: z.number().nullable(),
  events: z.array(doorEventSchema),
});
export type DoorSessionDetail = z.infer<typeof doorSessionDetailSchema>;

export const doorSessionOps = defineOperations(
  { anchor: ['salesOrder-list', 'excepOrder-list'], merchantScope: 'merchant', targets: ORDER_TARGETS },
  {
    detail: {
      name: 'order.door.detail',
      label: '开门记录详情',
      summary: '一次开门的全过程：开门请求、设备开门、关门识别的商品、生成的订单',
      input: doorSessionQuerySchema,
      output: doorSessionDetailSchema,
    },
  },
);
