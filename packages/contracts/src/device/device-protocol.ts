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
export const eventPayload = z.object({
  v: version,
  type: z.string().min(1).max(32),
  data: z.record(z.string(), z.unknown()).optional(),
});
export const ackPayload = z.object({
  v: version,
  /** The command's id (its command number). */
  id: z.string().min(1).max(40),
  ok: z.boolean(),
  message: z.string().max(200).optional(),
});
export const UP_PAYLOADS = { heartbeat: heartbeatPayload, telemetry: telemetryPayload, event: eventPayload, ack: ackPayload } as const;

export const COMMAND_TYPES = { 'open-door': '开门', reboot: '重启', sync: '同步' } as const;
export type CommandType = keyof typeof COMMAND_TYPES;

export const commandPayload = z.object({
  v: version,
  id: z.string(),
  type: z.enum(Object.keys(COMMAND_TYPES) as [CommandType, ...CommandType[]]),
  ts: z.number(),
});
export type CommandPayload = z.infer<typeof commandPayload>;
