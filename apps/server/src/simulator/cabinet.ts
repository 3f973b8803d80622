import {
  DOOR_CLOSED_EVENT,
  DOOR_OPENED_EVENT,
  DOOR_REPORT_RETRY_S,
  DOOR_SETTLED_COMMAND,
  doorSettledData,
  downTopic,
  openDoorData,
  planogramSyncData,
  priceSyncData,
  RESTOCKED_EVENT,
  restockData,
  upTopic,
  voiceSyncData,
  type CommandPayload,
  type DoorClosedEventData,
  type PlanogramSyncData,
  type RestockedEventData,
  type VoiceSyncData,
} from '@merchant/contracts/device/device-protocol';
import mqtt, { type MqttClient } from 'mqtt';

/** A small deterministic PRNG (mulberry32): the same seed, the same cabinet life. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface CabinetSpec {
  deviceCode: string;
  secret: string;
  name: string;
  /** 1 常温, 2 冷藏, 3 冷冻: where the temperature drifts around. */
  storageStyle: number;
}

/**
 * What a cabinet does besides heartbeating: later issues plug purchases and restocking in here
 * (a behaviour sees each tick and each command).
 */
export interface CabinetBehaviour {
  tick?(cabinet: VirtualCabinet, second: number): void;
  command?(cabinet: VirtualCabinet, cmd: CommandPayload): { ok: boolean; message: string } | undefined;
}

const TARGET: Record<number, number> = { 1: 22, 2: 4, 3: -18 };

/**
 * What a consumer does while the door is open for their session: the goods they take (per slot, with the confidence the
 * cabinet's camera gives), the weight the scale reports, and how long the door stays open — `null`: they walk away
 * and the door stays open.
 */
export interface Visit {
  items: DoorClosedEventData['items'];
  weight?: DoorClosedEventData['weight'];
  closeAfterSeconds: number | null;
}
export type Shopper = (cabinet: VirtualCabinet, random: () => number) => Visit;

/** Seconds between reconnect attempts after the link dropped without our asking. */
export const RECONNECT_EVERY_S = 3;

/** Grams a unit of every SKU weighs on the simulated scale (the same for the camera and the scale). */
export const UNIT_GRAMS = 350;

/**
 * The default consumer: takes 1–3 units from 1–2 of the planogram's slots, recognised with confidence 0.9–1, the scale
 * agreeing, the door shut 3–8 s after it opened. Takes nothing from a cabinet without a planogram.
 */
export const ordinaryShopper: Shopper = (cabinet, random) => {
  const slots = cabinet.planogram?.slots ?? [];
  const items: Visit['items'] = [];
  const picks = slots.length ? 1 + Math.floor(random() * Math.min(2, slots.length)) : 0;
  const from = Math.floor(random() * Math.max(1, slots.length));
  for (let n = 0; n < picks; n++) {
    const slot = slots[(from + n) % slots.length];
    items.push({ slotNo: slot.slotNo, skuId: slot.skuId, quantity: 1 + Math.floor(random() * 2), confidence: 0.9 + random() * 0.1 });
  }
  const grams = items.reduce((g, i) => g + i.quantity * UNIT_GRAMS, 0);
  return { items, weight: { expectedGrams: grams, measuredGrams: grams }, closeAfterSeconds: 3 + Math.floor(random() * 6) };
};

/** An abnormal session of a kind the server must catch, drawn: low confidence, a wrong weight, a door left open. */
export const abnormalShopper: Shopper = (cabinet, random) => {
  const visit = ordinaryShopper(cabinet, random);
  const kind = Math.floor(random() * 3);
  if (kind === 0 && visit.items.length) visit.items[0] = { ...visit.items[0], confidence: 0.4 + random() * 0.3 };
  else if (kind === 1 && visit.weight) visit.weight = { ...visit.weight, measuredGrams: visit.weight.expectedGrams + UNIT_GRAMS };
  // left open past the server's limit (DOOR_CLOSE_LIMIT_MS, 180 s); someone shuts it a minute later: a late report
  else visit.closeAfterSeconds = 200 + Math.floor(random() * 60);
  return visit;
};

export interface CabinetOptions {
  url: string;
  heartbeatSeconds: number;
  telemetrySeconds: number;
  /** Chance per second of dropping off the link (for 60–180 s). */
  dropChance: number;
  behaviours?: CabinetBehaviour[];
  /** Who takes what during a consumer's session (`open-door` with an applyCode); default `ordinaryShopper`. */
  shopper?: Shopper;
  log?: (line: string) => void;
}

/** One virtual cabinet on the real link: its own credentials, heartbeats, drifting temperature, commands obeyed. */
export class VirtualCabinet {
  client?: MqttClient;
  temperature: number;
  door: 'open' | 'closed' = 'closed';
  /** The voice prompts the cabinet plays (replaced by each 同步语音). */
  voicePrompts: VoiceSyncData['prompts'] = [];
  /** The prices the cabinet charges (分 by SKU id): set by 同步货道 for its slots, updated by each 同步价格 for the SKUs it names. */
  readonly prices = new Map<number, number>();
  /** The adjustment orders whose prices it has taken (同步价格 orderNo), oldest first. */
  readonly priceOrders: string[] = [];
  /** The planogram (slots, SKUs, prices) of the last 同步货道. */
  planogram: PlanogramSyncData | undefined;
  /** 补货单 received and being loaded: reported as `restocked` at their second. */
  private readonly loading: { at: number; report: RestockedEventData }[] = [];
  /** The loads reported (`restocked`), oldest first. */
  readonly restocks: RestockedEventData[] = [];
  /** Seconds left off the link (a simulated outage). */
  private offlineFor = 0;
  /** The link dropped without our asking: reconnect attempts every RECONNECT_EVERY_S. */
  private lost = false;
  private readonly leftOnPurpose = new WeakSet<MqttClient>();
  private stopped = false;
  private closeDoorAt = -1;
  /** The consumer's session the door is open for, and what they take. */
  private visit: { applyCode: string; visit: Visit } | undefined;
  /** The sessions reported closed (door-closed), oldest first. */
  readonly visits: { applyCode: string; items: DoorClosedEventData['items'] }[] = [];
  /** door-closed reports the server has not settled yet (no door-settled): sent again every DOOR_REPORT_RETRY_S. */
  readonly unsettled = new Map<string, { data: DoorClosedEventData; nextAt: number }>();
  private second = 0;
  readonly counts = { heartbeats: 0, telemetry: 0, acks: 0, outages: 0 };

  constructor(
    readonly spec: CabinetSpec,
    private readonly random: () => number,
    private readonly opts: CabinetOptions,
  ) {
    this.temperature = (TARGET[spec.storageStyle] ?? 22) + (random() - 0.5) * 2;
  }

  async connect(): Promise<void> {
    const { deviceCode, secret } = this.spec;
    const client = await mqtt.connectAsync(this.opts.url, {
      clientId: deviceCode,
      username: deviceCode,
      password: secret,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    });
    this.client = client;
    this.lost = false;
    client.on('message', (_topic, payload) => this.onCommand(payload));
    // the link lost without our asking (the server restarted, the network failed): try again every few seconds
    client.on('close', () => {
      if (this.client === client && !this.leftOnPurpose.has(client)) this.lost = true;
    });
    client.on('error', (err) => this.opts.log?.(`${deviceCode} 连接错误: ${err.message}`));
    await client.subscribeAsync(downTopic(deviceCode), { qos: 1 });
  }

  /** Off the link on purpose (a simulated outage, the end of the run): no reconnecting. */
  async disconnect(): Promise<void> {
    if (!this.client) return;
    this.leftOnPurpose.add(this.client);
    await this.client.endAsync(true);
  }

  publish(kind: 'heartbeat' | 'telemetry' | 'event' | 'ack', body: Record<string, unknown>): void {
    if (this.client?.connected) this.client.publish(upTopic(this.spec.deviceCode, kind), JSON.stringify({ v: 1, ...body }), { qos: 1 });
  }

  /** One simulated second (the driver calls it once a real second, staggered per cabinet). */
  async tick(): Promise<void> {
    const s = this.second++;
    if (this.offlineFor > 0) {
      if (--this.offlineFor === 0) {
        this.opts.log?.(`${this.spec.deviceCode} 恢复连接`);
        await this.connect().catch((err: unknown) => this.opts.log?.(`${this.spec.deviceCode} 重连失败: ${String(err)}`));
      }
      return;
    }
    if (this.lost && !this.stopped && s % RECONNECT_EVERY_S === 0) {
      await this.connect().then(
        () => this.opts.log?.(`${this.spec.deviceCode} 连接中断后已重新连接`),
        () => undefined,
      );
    }
    if (s > 0 && this.random() < this.opts.dropChance) {
      this.offlineFor = 60 + Math.floor(this.random() * 120);
      this.counts.outages++;
      this.opts.log?.(`${this.spec.deviceCode} 模拟断线 ${this.offlineFor} 秒`);
      await this.disconnect();
      return;
    }
    const target = TARGET[this.spec.storageStyle] ?? 22;
    this.temperature += (target - this.temperature) * 0.05 + (this.random() - 0.5) * 0.4 + (this.door === 'open' ? 0.3 : 0);
    if (s === this.closeDoorAt) this.closeDoor();
    for (const [code, r] of this.unsettled) {
      if (r.nextAt > s) continue;
      r.nextAt = s + DOOR_REPORT_RETRY_S;
      this.publish('event', { type: DOOR_CLOSED_EVENT, data: r.data });
      this.opts.log?.(`${this.spec.deviceCode} 开门单${code}的关门上报尚未确认，重发`);
    }
    if (s % this.opts.heartbeatSeconds === 0) {
      this.publish('heartbeat', { ts: Date.now(), firmware: 'sim-1.0.0' });
      this.counts.heartbeats++;
    }
    if (s % this.opts.telemetrySeconds === 0) this.sendTelemetry();
    // a rare fault report (the orders and maintenance issues will read events)
    if (this.random() < 0.0005) this.publish('event', { type: 'fault', data: { code: 'E-TEMP-SENSOR', message: '温度传感器读数异常' } });
    for (const n of this.loading.flatMap((l, i) => (l.at <= s ? [i] : [])).reverse()) {
      const [{ report }] = this.loading.splice(n, 1);
      this.publish('event', { type: RESTOCKED_EVENT, data: report });
      this.restocks.push(report);
      this.opts.log?.(`${this.spec.deviceCode} 补货单${report.orderCode}装货完成`);
    }
    for (const b of this.opts.behaviours ?? []) b.tick?.(this, s);
  }

  /**
   * A 补货 command: the cabinet is loaded 5–14 simulated seconds later and reports it (every line in full; about one
   * order in five one unit short on one line — deterministic for the seed).
   */
  private restock(data: unknown): { ok: boolean; message: string } {
    const parsed = restockData.safeParse(data);
    if (!parsed.success) return { ok: false, message: '补货数据格式不正确' };
    const { orderCode, lines } = parsed.data;
    const short = this.random() < 0.2 ? Math.floor(this.random() * lines.length) : -1;
    const report = { orderCode, lines: lines.map((l, n) => ({ slotNo: l.slotNo, loaded: l.quantity - (n === short ? 1 : 0) })) };
    this.loading.push({ at: this.second + 5 + Math.floor(this.random() * 10), report });
    return { ok: true, message: `已收到补货单${orderCode}，${lines.length}个货道` };
  }

  /** The door shuts: a consumer's session reports what was taken (door-closed with its applyCode). */
  closeDoor(): void {
    this.door = 'closed';
    this.closeDoorAt = -1;
    const v = this.visit;
    this.visit = undefined;
    if (v) {
      const data: DoorClosedEventData = {
        applyCode: v.applyCode,
        items: v.visit.items,
        ...(v.visit.weight ? { weight: v.visit.weight } : {}),
      };
      this.publish('event', { type: DOOR_CLOSED_EVENT, data });
      this.unsettled.set(v.applyCode, { data, nextAt: this.second + DOOR_REPORT_RETRY_S });
      this.visits.push({ applyCode: v.applyCode, items: v.visit.items });
      this.opts.log?.(
        `${this.spec.deviceCode} 开门单${v.applyCode}关门：${v.visit.items.map((i) => `${i.slotNo}×${i.quantity}`).join(' ') || '未取商品'}`,
      );
    } else this.publish('event', { type: DOOR_CLOSED_EVENT });
    this.sendTelemetry();
  }

  /** An open-door command: for a consumer's session (data.applyCode) the shopper decides what is taken and when the door shuts. */
  private openDoor(data: unknown): { ok: boolean; message: string } {
    const session = openDoorData.safeParse(data ?? {});
    if (data !== undefined && !session.success) return { ok: false, message: '开门数据格式不正确' };
    if (this.door === 'open' && this.visit) return { ok: false, message: '柜门正在使用中' };
    this.door = 'open';
    if (session.success) {
      const visit = (this.opts.shopper ?? ordinaryShopper)(this, this.random);
      this.visit = { applyCode: session.data.applyCode, visit };
      this.closeDoorAt = visit.closeAfterSeconds === null ? -1 : this.second + visit.closeAfterSeconds;
      this.publish('event', { type: DOOR_OPENED_EVENT, data: { applyCode: session.data.applyCode } });
    } else {
      this.closeDoorAt = this.second + 5;
      this.publish('event', { type: DOOR_OPENED_EVENT });
    }
    this.sendTelemetry();
    return { ok: true, message: '门已打开' };
  }

  private sendTelemetry() {
    this.publish('telemetry', { temperature: Math.round(this.temperature * 10) / 10, door: this.door });
    this.counts.telemetry++;
  }

  private onCommand(payload: Buffer) {
    let cmd: CommandPayload;
    try {
      cmd = JSON.parse(payload.toString('utf8')) as CommandPayload;
    } catch {
      return;
    }
    this.obey(cmd);
  }

  /** One command from the server: the behaviours first, then the cabinet's own answer, acknowledged. */
  obey(cmd: CommandPayload): void {
    let answer: { ok: boolean; message: string } | undefined;
    for (const b of this.opts.behaviours ?? []) answer ??= b.command?.(this, cmd);
    if (!answer) {
      if (cmd.type === 'open-door') answer = this.openDoor(cmd.data);
      else if (cmd.type === DOOR_SETTLED_COMMAND) {
        const data = doorSettledData.safeParse(cmd.data);
        if (data.success) this.unsettled.delete(data.data.applyCode);
        answer = data.success ? { ok: true, message: '已确认结算' } : { ok: false, message: '结算数据格式不正确' };
      } else if (cmd.type === 'reboot') answer = { ok: true, message: '正在重启' };
      else if (cmd.type === 'sync') answer = { ok: true, message: '已同步' };
      else if (cmd.type === 'voice-sync') {
        const data = voiceSyncData.safeParse(cmd.data);
        if (data.success) {
          this.voicePrompts = data.data.prompts;
          answer = { ok: true, message: `已同步语音${data.data.prompts.length}条` };
        } else answer = { ok: false, message: '语音数据格式不正确' };
      } else if (cmd.type === 'price-sync') {
        const data = priceSyncData.safeParse(cmd.data);
        if (data.success) {
          for (const p of data.data.prices) this.prices.set(p.skuId, p.priceCents);
          this.priceOrders.push(data.data.orderNo);
          answer = { ok: true, message: `已同步价格${data.data.prices.length}个` };
        } else answer = { ok: false, message: '价格数据格式不正确' };
      } else if (cmd.type === 'planogram-sync') {
        const data = planogramSyncData.safeParse(cmd.data);
        if (data.success) {
          this.planogram = data.data;
          for (const slot of data.data.slots) this.prices.set(slot.skuId, slot.price);
          answer = { ok: true, message: `已同步货道${data.data.slots.length}个` };
        } else answer = { ok: false, message: '货道数据格式不正确' };
      } else if (cmd.type === 'restock') answer = this.restock(cmd.data);
      else answer = { ok: false, message: `不支持的指令 ${String(cmd.type)}` };
    }
    this.publish('ack', { id: cmd.id, ...answer });
    this.counts.acks++;
    this.opts.log?.(`${this.spec.deviceCode} 收到指令 ${cmd.type} → ${answer.message}`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.disconnect();
  }
}
