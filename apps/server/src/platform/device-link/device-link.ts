import { EventEmitter } from 'node:events';
import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { downTopic, parseUpTopic, TOPIC_ROOT, UP_PAYLOADS, type UpKind } from '@merchant/contracts/device/device-protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../clock.ts';

/**
 * The device link (DESIGN §2, §5a; docs/device-protocol.md): cabinets speak MQTT. Embedded mode runs an
 * aedes broker inside the server (authentication per device, topic ACL); external mode connects to a broker
 * (Mosquitto, EMQX) at MQTT_URL, which then does the authentication and ACL, and shares the device traffic
 * between server instances through an MQTT 5 shared subscription.
 *
 * The link knows topics and payload shapes, not tables: the device module plugs in a `DeviceLinkHandler`.
 */
export interface DeviceLinkHandler {
  /** ok, or why not: bad (unknown code or wrong secret), refused (a disabled device). */
  authenticate(deviceCode: string, secret: string): Promise<'ok' | 'bad' | 'refused'>;
  /** One valid message of a device; a throw is counted as failed and logged. */
  receive(deviceCode: string, kind: UpKind, payload: unknown, now: number): Promise<void>;
  /** Marks silent devices offline and overdue commands timed out. */
  sweep(now: number): Promise<void>;
}

export interface DeviceLinkStats {
  /** Messages received on device topics. */
  received: number;
  /** Stored by the handler. */
  processed: number;
  /** Not JSON, an unknown kind, or not the payload the protocol describes: ignored. */
  bad: number;
  /** Valid but the handler failed (logged). */
  failed: number;
  /** Connections refused (bad credentials, disabled device, wrong client id). */
  refusedConnections: number;
  /** Publishes or subscriptions outside a device's own topics. */
  deniedTopics: number;
}

export type DeviceLinkConfig = Config['deviceLink'];

const SHARE_GROUP = 'merchant-server';

function authError(message: string, returnCode: 4 | 5): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * Events: `processed` (deviceCode, kind) after the handler stored a message, `bad` (topic, reason) for an
 * ignored one — tests and the bench wait on them.
 */
export class DeviceLink extends EventEmitter {
  readonly stats: DeviceLinkStats = { received: 0, processed: 0, bad: 0, failed: 0, refusedConnections: 0, deniedTopics: 0 };
  private broker?: Aedes;
  private server?: net.Server;
  private client?: MqttClient;
  private timer?: NodeJS.Timeout;
  private boundPort?: number;
  /** The default port that was taken, when the embedded broker moved to a free one. */
  private movedFrom?: number;
  /** Per device, the tail of its message chain: a device's messages are stored in the order they came. */
  private readonly chains = new Map<string, Promise<void>>();

  constructor(
    private readonly config: DeviceLinkConfig,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly handler: DeviceLinkHandler,
  ) {
    super();
  }

  get mode(): DeviceLinkConfig['mode'] {
    return this.config.mode;
  }

  /** The embedded broker's port once started (MQTT_PORT=0 picks a free one). */
  get port(): number | undefined {
    return this.boundPort;
  }

  /** The embedded broker's address for a process on this machine (the simulator), once started. */
  localUrl(): string | undefined {
    return this.config.mode === 'embedded' && this.boundPort ? `mqtt://127.0.0.1:${this.boundPort}` : undefined;
  }

  /** Where devices connect, for the start banner. */
  describe(): string {
    if (this.config.mode === 'external') return `${this.config.url} (外部代理 external broker)`;
    if (this.config.mode === 'embedded') {
      const where = `mqtt://${this.config.host}:${this.boundPort ?? this.config.port} (内置代理 embedded broker)`;
      return this.movedFrom
        ? `${where} — 端口 ${this.movedFrom} 已被其他程序占用，已改用空闲端口；设备与模拟器请连接此地址，或设置 MQTT_PORT 固定端口`
        : where;
    }
    return '未启用 (off)';
  }

  async start(): Promise<void> {
    if (this.config.mode === 'off') return;
    if (this.config.mode === 'embedded') await this.startEmbedded();
    else await this.connectExternal();
    if (this.config.sweepIntervalMs > 0) {
      this.timer = setInterval(
        () => void this.sweep().catch((err: unknown) => this.log.error({ err }, 'device sweep failed')),
        this.config.sweepIntervalMs,
      );
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.client) await this.client.endAsync(true).catch(() => undefined);
    this.client = undefined;
    const broker = this.broker;
    this.broker = undefined;
    if (broker) await new Promise<void>((resolve) => broker.close(() => resolve()));
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.allSettled([...this.chains.values()]);
  }

  /** Runs the offline / time-out sweep now (the timer runs it every sweepIntervalMs). */
  sweep(): Promise<void> {
    return this.handler.sweep(this.clock.now());
  }

  /** Publishes a message down to a device (QoS 1). */
  async send(deviceCode: string, payload: Record<string, unknown>): Promise<void> {
    const topic = downTopic(deviceCode);
    const body = Buffer.from(JSON.stringify(payload));
    if (this.client) {
      await this.client.publishAsync(topic, body, { qos: 1 });
      return;
    }
    const broker = this.broker;
    if (!broker) throw new Error('device link is not running');
    await new Promise<void>((resolve, reject) =>
      broker.publish({ cmd: 'publish', topic, payload: body, qos: 1, retain: false, dup: false }, (err) => (err ? reject(err) : resolve())),
    );
  }

  /** Closes a device's connection (disabled, secret reset); embedded mode only (an external broker owns its sessions). */
  disconnect(deviceCode: string): void {
    const c = (this.broker as unknown as { clients?: Record<string, Client> } | undefined)?.clients?.[deviceCode];
    c?.close();
  }

  // ---------------------------------------------------------------- embedded broker

  private async startEmbedded(): Promise<void> {
    const broker = new Aedes({
      id: 'merchant-server',
      authenticate: (client, username, password, done) => {
        const code = username ?? '';
        // The client id is the device code: one session per device, and the ACL below keys on it.
        if (!code || client.id !== code || !password) {
          this.stats.refusedConnections++;
          return done(authError('bad username or password', 4), false);
        }
        this.handler.authenticate(code, password.toString('utf8')).then(
          (answer) => {
            if (answer === 'ok') return done(null, true);
            this.stats.refusedConnections++;
            done(answer === 'refused' ? authError('not authorized', 5) : authError('bad username or password', 4), false);
          },
          (err: unknown) => {
            this.log.error({ err }, 'device authentication failed');
            this.stats.refusedConnections++;
            done(authError('not authorized', 5), false);
          },
        );
      },
      authorizePublish: (client, packet, done) => {
        if (client && packet.topic.startsWith(`${TOPIC_ROOT}/${client.id}/up/`)) return done(null);
        this.stats.deniedTopics++;
        done(new Error('topic not allowed'));
      },
      authorizeSubscribe: (client, sub, done) => {
        if (sub.topic.startsWith(`${TOPIC_ROOT}/${client.id}/down/`)) return done(null, sub);
        this.stats.deniedTopics++;
        done(null, null);
      },
    });
    await broker.listen();
    // The server's own subscription: the ACL guarantees a topic's device code is its publisher's.
    await new Promise<void>((resolve) =>
      broker.subscribe(
        `${TOPIC_ROOT}/+/up/+`,
        (packet, cb) => {
          this.accept(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
          cb();
        },
        () => resolve(),
      ),
    );
    const server = net.createServer((socket) => broker.handle(socket));
    const listen = (port: number) =>
      new Promise<void>((resolve, reject) => {
        const onError = (err: NodeJS.ErrnoException) => reject(err);
        server.once('error', onError);
        server.listen(port, this.config.host, () => {
          server.off('error', onError);
          resolve();
        });
      });
    try {
      await listen(this.config.port);
    } catch (err) {
      const inUse = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (inUse && this.config.portIsDefault) {
        // 1883 is another broker's (a Mosquitto on this machine): take a free port and say which.
        await listen(0).catch((e: unknown) => {
          broker.close();
          throw e;
        });
        this.movedFrom = this.config.port;
      } else {
        broker.close();
        throw inUse
          ? new Error(
              `MQTT 端口 ${this.config.port} 已被占用 (port in use)：设置 MQTT_PORT=0 自动选择空闲端口，或设置 MQTT_URL 连接已在运行的代理`,
            )
          : err;
      }
    }
    server.on('error', (err) => this.log.error({ err }, 'mqtt server error'));
    this.boundPort = (server.address() as net.AddressInfo).port;
    this.broker = broker;
    this.server = server;
  }

  // ---------------------------------------------------------------- external broker

  private async connectExternal(): Promise<void> {
    const client = await mqtt.connectAsync(this.config.url!, {
      protocolVersion: 5,
      clientId: `merchant-server-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
      username: this.config.username,
      password: this.config.password,
      reconnectPeriod: 2000,
      clean: true,
    });
    client.on('message', (topic, payload) => this.accept(topic, payload));
    client.on('error', (err) => this.log.error({ err }, 'mqtt client error'));
    // A shared subscription: with several server instances each message goes to one of them.
    await client.subscribeAsync(`$share/${this.config.shareGroup ?? SHARE_GROUP}/${TOPIC_ROOT}/+/up/+`, { qos: 1 });
    this.client = client;
  }

  // ---------------------------------------------------------------- messages

  private accept(topic: string, payload: Buffer): void {
    this.stats.received++;
    const parts = parseUpTopic(topic);
    if (!parts) return this.reject(topic, 'unknown topic');
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return this.reject(topic, 'not JSON');
    }
    const parsed = UP_PAYLOADS[parts.kind].safeParse(body);
    if (!parsed.success) return this.reject(topic, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const now = this.clock.now();
    const prev = this.chains.get(parts.deviceCode) ?? Promise.resolve();
    const next = prev
      .then(() => this.handler.receive(parts.deviceCode, parts.kind, parsed.data, now))
      .then(
        () => {
          this.stats.processed++;
          this.emit('processed', parts.deviceCode, parts.kind);
        },
        (err: unknown) => {
          this.stats.failed++;
          this.log.error({ err, topic }, 'device message failed');
          this.emit('failed', parts.deviceCode, parts.kind);
        },
      )
      .finally(() => {
        if (this.chains.get(parts.deviceCode) === next) this.chains.delete(parts.deviceCode);
      });
    this.chains.set(parts.deviceCode, next);
  }

  private reject(topic: string, reason: string): void {
    this.stats.bad++;
    this.log.warn({ topic, reason }, 'bad device message ignored');
    this.emit('bad', topic, reason);
  }
}
