import { z } from 'zod';

/**
 * The device link's wire protocol, version 1 (docs/device-protocol.md): MQTT topics `dev/<deviceCode>/up/<kind>`
 * (device → server) and `dev/<deviceCode>/down/<kind>` (server → device), JSON payloads carrying `v`.
 * Shared by the server's link, the simulator and the tests.
 */
export const PROTOCOL_VERSION = 1;

export const UP_KINDS = ['heartbeat', 'telemetry', 'event', 'ack'] as const;
export type UpKind = (typeof UP_KINDS)[number];
export const DOWN_KINDS = ['cmd'] as const;

export const TOPIC_ROOT = 'dev';
export const upTopic = (deviceCode: string, kind: UpKind) => `${TOPIC_ROOT}/${deviceCode}/up/${kind}`;
export const downTopic = (deviceCode: string, kind: (typeof DOWN_KINDS)[number] = 'cmd') => `${TOPIC_ROOT}/${deviceCode}/down/${kind}`;

/** `dev/<code>/up/<kind>` → its parts; anything else → null. */
export function parseUpTopic(topic: string): { deviceCode: string; kind: UpKind } | null {
  const m = /^dev\/([A-Za-z0-9_-]{1,32})\/up\/([a-z]+)$/.exec(topic);
  if (!m || !(UP_KINDS as readonly string[]).includes(m[2])) return null;
  return { deviceCode: m[1], kind: m[2] as UpKind };
}

/** Seconds between heartbeats a device sends; the server marks it offline after OFFLINE_AFTER_MS of silence. */
export const HEARTBEAT_INTERVAL_S = 30;
export const OFFLINE_AFTER_MS = 90_000;
/** A command not acknowledged within this time is 超时. */
export const COMMAND_TIMEOUT_MS = 30_000;

const version = z.literal(PROTOCOL_VERSION);

export const heartbeatPayload = z.object({
  v: version,
  /** The device's own clock (ms); informational only. */
  ts: z.number().int().nonnegative().optional(),
  firmware: z.string().max(40).optional(),
});
export const telemetryPayload = z.object({
  v: version,
  /** Cabinet temperature in °C (one decimal kept). */
  temperature: z.number().min(-50).max(80).optional(),
  door: z.enum(['open', 'closed']).optional(),
});
/** The event a cabinet reports a fault with: `{ type: 'fault', data: faultEventData }` (stored as 故障记录). */
export const FAULT_EVENT = 'fault';
export const faultEventData = z.object({
  /** The cabinet's fault code, e.g. E-TEMP-SENSOR (case-insensitive: stored in capitals). */
  code: z.string().trim().min(1).max(32).toUpperCase(),
  message: z.string().max(200).default(''),
});
export type FaultEventData = z.output<typeof faultEventData>;
/**
 * The event a cabinet reports a replenishment load with: `{ type: 'restocked', data: restockedEventData }` — the
 * 补货单 it loaded (from a 补货 command) and what it loaded per slot (every line of the order once).
 */
export const RESTOCKED_EVENT = 'restocked';
export const restockedEventData = z.object({
  orderCode: z.string().trim().min(1).max(20),
  lines: z
    .array(z.object({ slotNo: z.string().min(1).max(16), loaded: z.number().int().nonnegative().max(100_000) }))
    .min(1)
    .max(500),
});
export type RestockedEventData = z.output<typeof restockedEventData>;

/**
 * A consumer's door session (docs/device-protocol.md "购物"): the server sends `open-door` with `data: openDoorData`;
 * the cabinet reports `door-opened` and, when the door shuts, `door-closed` with the goods it saw taken, per slot,
 * with its confidence (0–1) and, where it weighs, the expected and measured weight of what left.
 */
export const DOOR_OPENED_EVENT = 'door-opened';
export const DOOR_CLOSED_EVENT = 'door-closed';
const applyCodeField = z.string().trim().min(1).max(24);
export const openDoorData = z.object({ applyCode: applyCodeField });
export type OpenDoorData = z.output<typeof openDoorData>;
/** door-opened: the session's code (absent when staff opened the door from the device page). */
export const doorOpenedEventData = z.object({ applyCode: applyCodeField.optional() });
export const doorClosedItem = z.object({
  slotNo: z.string().min(1).max(16),
  skuId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(99),
  confidence: z.number().min(0).max(1),
});
export const doorClosedEventData = z.object({
  applyCode: applyCodeField.optional(),
  items: z.array(doorClosedItem).max(100).default([]),
  weight: z
    .object({ expectedGrams: z.number().int().min(0).max(1_000_000), measuredGrams: z.number().int().min(0).max(1_000_000) })
    .optional(),
});
export type DoorClosedEventData = z.output<typeof doorClosedEventData>;
/**
 * `door-settled` (server → cabinet, no command record): the server has settled a session's door-closed report — its
 * order written (or nothing taken, or the report was a repeat). A cabinet re-sends a door-closed report every
 * DOOR_REPORT_RETRY_S seconds until this arrives: the report is delivered at least once, and the server makes one
 * order per applyCode whatever repeats.
 */
export const DOOR_SETTLED_COMMAND = 'door-settled';
export const DOOR_REPORT_RETRY_S = 10;
export const doorSettledData = z.object({ applyCode: applyCodeField, orderNoSub: z.string().max(24) });
export type DoorSettledData = z.output<typeof doorSettledData>;

export const eventPayload = z
  .object({
    v: version,
    type: z.string().min(1).max(32),
    data: z.record(z.string(), z.unknown()).optional(),
  })
  // a fault without its code (or with a message too long) is a bad payload: counted, nothing stored
  .refine((e) => e.type !== FAULT_EVENT || faultEventData.safeParse(e.data ?? {}).success, {
    message: 'a fault event needs data.code (1–32 characters) and at most 200 characters of data.message',
  })
  .refine((e) => e.type !== RESTOCKED_EVENT || restockedEventData.safeParse(e.data ?? {}).success, {
    message: 'a restocked event needs data.orderCode and data.lines (slotNo, loaded ≥ 0)',
  })
  .refine((e) => e.type !== DOOR_OPENED_EVENT || doorOpenedEventData.safeParse(e.data ?? {}).success, {
    message: 'a door-opened event carries at most data.applyCode',
  })
  .refine((e) => e.type !== DOOR_CLOSED_EVENT || doorClosedEventData.safeParse(e.data ?? {}).success, {
    message: 'a door-closed event needs data.items (slotNo, skuId, quantity 1–99, confidence 0–1)',
  });
export const ackPayload = z.object({
  v: version,
  /** The command's id (its command number). */
  id: z.string().min(1).max(40),
  ok: z.boolean(),
  message: z.string().max(200).optional(),
});
export const UP_PAYLOADS = { heartbeat: heartbeatPayload, telemetry: telemetryPayload, event: eventPayload, ack: ackPayload } as const;

/** Commands a person sends from the device page. */
export const COMMAND_TYPES = { 'open-door': '开门', reboot: '重启', sync: '同步' } as const;
export type CommandType = keyof typeof COMMAND_TYPES;
/** Commands the server sends on its own account, carrying `data` (同步语音: the voice prompts a cabinet plays). */
export const SYSTEM_COMMAND_TYPES = {
  'voice-sync': '同步语音',
  'price-sync': '同步价格',
  'planogram-sync': '同步货道',
  restock: '补货',
  'door-settled': '关门结算确认',
} as const;
export type SystemCommandType = keyof typeof SYSTEM_COMMAND_TYPES;
/** Every command type's name (the command records). */
export const COMMAND_TYPE_NAMES: Readonly<Record<string, string>> = { ...COMMAND_TYPES, ...SYSTEM_COMMAND_TYPES };

/** One voice prompt as a cabinet receives it (同步语音 `data.prompts`); times 'HH:mm', dates 'YYYY-MM-DD', both ends included. */
export const voicePromptPayload = z.object({
  code: z.string(),
  type: z.string(),
  text: z.string().max(100),
  timeFrom: z.string(),
  timeTo: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  version: z.number(),
});
/** 同步语音 data, version 1: the whole set of enabled prompts that apply to the cabinet (it replaces what it had). */
export const voiceSyncData = z.object({ voiceVersion: z.literal(1), prompts: z.array(voicePromptPayload) });
export type VoiceSyncData = z.infer<typeof voiceSyncData>;

/** One SKU's price as a cabinet receives it (同步价格 `data.prices`): the price a consumer pays there, in 分. */
export const pricePayload = z.object({ skuId: z.number(), skuCode: z.string(), priceCents: z.number().int().positive() });
/**
 * 同步价格 data, version 1: the new effective prices of the SKUs an applied adjustment order changed on the cabinet
 * (it updates those SKUs and keeps the others).
 */
export const priceSyncData = z.object({ priceVersion: z.literal(1), orderNo: z.string(), prices: z.array(pricePayload) });
export type PriceSyncData = z.infer<typeof priceSyncData>;

/** One slot as a cabinet receives it (同步货道 `data.slots`); prices in cents. */
export const planogramSlotPayload = z.object({
  slotNo: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  capacity: z.number(),
  parLevel: z.number(),
  price: z.number(),
});
/** 同步货道 data, version 1: the cabinet's whole planogram (it replaces what it had). */
export const planogramSyncData = z.object({
  planogramVersion: z.literal(1),
  templateCode: z.string(),
  templateVersion: z.number(),
  slots: z.array(planogramSlotPayload),
});
export type PlanogramSyncData = z.infer<typeof planogramSyncData>;

/** One line of a 补货 command (`data.lines`): the slot, its SKU, the quantity on its way. */
export const restockLinePayload = z.object({
  slotNo: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  quantity: z.number().int().positive(),
});
/**
 * 补货 data, version 1: a 补货单 in 配送中 for the cabinet; the cabinet loads it and reports the `restocked` event
 * with the same order code (the acknowledgement only says it received the order).
 */
export const restockData = z.object({ restockVersion: z.literal(1), orderCode: z.string(), lines: z.array(restockLinePayload) });
export type RestockData = z.infer<typeof restockData>;

export const commandPayload = z.object({
  v: version,
  id: z.string(),
  type: z.enum([...Object.keys(COMMAND_TYPES), ...Object.keys(SYSTEM_COMMAND_TYPES)] as [string, ...string[]]),
  ts: z.number(),
  /** System commands only (同步语音: VoiceSyncData). */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type CommandPayload = z.infer<typeof commandPayload>;
