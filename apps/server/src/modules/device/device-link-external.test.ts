import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { deviceOps, type DeviceCommand, type DeviceRow } from '@merchant/contracts/device/device';
import { downTopic, upTopic } from '@merchant/contracts/device/device-protocol';
import type { ApiClient, Paged } from '@merchant/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock.ts';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.ts';
import { call } from '../../test/calls.ts';
import { deviceLinkOf } from './device.routes.ts';
import { DeviceLink, type DeviceLinkHandler } from '../../platform/device-link/device-link.ts';

/**
 * The device link against an EXTERNAL broker (MQTT_URL): the Mosquitto on 127.0.0.1:1883 (MQTT_TEST_URL to point
 * elsewhere). What it covers, honestly: the server's side over a real external broker — its MQTT 5 client, the shared
 * subscription that splits device messages between instances, heartbeat → 在线, a command published down and its
 * acknowledgement coming back → 已确认. What it does not cover: device authentication and the topic ACL, which with an
 * external broker are the broker's own configuration (docs/device-protocol.md); the test broker allows anonymous
 * clients, and those rules are tested against the embedded broker (device-link.test.ts).
 *
 * Skipped, with the reason printed, only when nothing listens there and not in CI; in CI (.ci/run starts Mosquitto)
 * it must run.
 */
const URL_ = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';

function listening(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 1883) });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

const quiet = () => undefined;
const log = {
  info: quiet,
  warn: quiet,
  error: quiet,
  debug: quiet,
  trace: quiet,
  fatal: quiet,
  level: 'silent',
  child: () => log,
} as unknown as FastifyBaseLogger;

const available = await listening(URL_);
if (!available) {
  if (process.env.CI === 'true') throw new Error(`CI: no MQTT broker listens at ${URL_} — .ci/run must start Mosquitto`);
  console.warn(`device-link-external.test: skipped — nothing listens at ${URL_} (start Mosquitto: apt-get install -y mosquitto)`);
}

describe.skipIf(!available).each(DIALECTS)('device link over an external broker (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let link: DeviceLink;
  // a group of this run only: other servers on the same broker (another test run, a developer's server) never
  // take this run's messages, and this run never takes theirs
  const group = `test-${randomBytes(4).toString('hex')}`;
  const clients: MqttClient[] = [];

  const stored = (l: DeviceLink, code: string, kind: string) =>
    new Promise<void>((resolve) => {
      const on = (c: string, k: string) => {
        if (c === code && k === kind) {
          l.off('processed', on);
          resolve();
        }
      };
      l.on('processed', on);
    });
  /** A cabinet on the external broker (the broker, not the server, would check its credentials). */
  const cabinet = async (code: string) => {
    const c = await mqtt.connectAsync(URL_, {
      clientId: `${code}-${group}`,
      username: code,
      password: 'x',
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    clients.push(c);
    await c.subscribeAsync(downTopic(code), { qos: 1 });
    return c;
  };
  const newDevice = async (name: string) => {
    const r = await call<{ deviceCode: string }>(admin, deviceOps.create, { name, modelCode: 'XS-S1-C' });
    await call(admin, deviceOps.setStatus, { deviceCode: r.deviceCode, version: 0, status: 2 });
    return r.deviceCode;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      deviceLink: { mode: 'external', url: URL_, shareGroup: group, port: 0, portIsDefault: false, host: '127.0.0.1', sweepIntervalMs: 0 },
    });
    admin = await t.signIn('admin');
    link = deviceLinkOf(t.app)!;
    expect(link.mode).toBe('external');
    expect(link.port).toBeUndefined();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t?.close();
  });

  it('a heartbeat through the broker marks the device online; a command goes down and its ack comes back 已确认', async () => {
    const code = await newDevice('外部代理测试柜');
    const c = await cabinet(code);
    c.on('message', (_topic, payload) => {
      const cmd = JSON.parse(payload.toString()) as { id: string; type: string; v: number };
      expect(cmd.v).toBe(1);
      c.publish(upTopic(code, 'ack'), JSON.stringify({ v: 1, id: cmd.id, ok: true, message: '已开门' }), { qos: 1 });
    });
    const beat = stored(link, code, 'heartbeat');
    await c.publishAsync(upTopic(code, 'heartbeat'), JSON.stringify({ v: 1, firmware: 'ext-1.0' }), { qos: 1 });
    await beat;
    expect(await call<DeviceRow>(admin, deviceOps.detail, { deviceCode: code })).toMatchObject({ online: true, firmware: 'ext-1.0' });

    const acked = stored(link, code, 'ack');
    const sent = await call<DeviceCommand>(admin, deviceOps.sendCommand, { deviceCode: code, commandType: 'open-door' });
    expect(sent.statusName).toBe('已发送');
    await acked;
    const page = await call<Paged<DeviceCommand>>(admin, deviceOps.commands, { deviceCode: code });
    expect(page.list[0]).toMatchObject({ commandNo: sent.commandNo, statusName: '已确认', result: '已开门' });
  });

  it('splits device messages between instances in the same shared-subscription group: each stored once', async () => {
    // a second instance of the link in the same group, counting what it receives
    const seen: string[] = [];
    const counting: DeviceLinkHandler = {
      authenticate: () => Promise.resolve('bad'),
      receive: (deviceCode, kind) => {
        seen.push(`${deviceCode}/${kind}`);
        return Promise.resolve();
      },
      sweep: () => Promise.resolve(),
    };
    const second = new DeviceLink(
      { mode: 'external', url: URL_, shareGroup: group, port: 0, portIsDefault: false, host: '127.0.0.1', sweepIntervalMs: 0 },
      systemClock,
      log,
      counting,
    );
    await second.start();
    try {
      const code = await newDevice('共享订阅测试柜');
      const c = await cabinet(code);
      const before = link.stats.processed;
      const n = 20;
      for (let i = 0; i < n; i++)
        await c.publishAsync(upTopic(code, 'telemetry'), JSON.stringify({ v: 1, temperature: 4 + i / 10 }), { qos: 1 });
      const deadline = Date.now() + 10_000;
      while (link.stats.processed - before + second.stats.processed < n && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      const mine = link.stats.processed - before;
      // every message reached exactly one of the two instances
      expect(mine + seen.length).toBe(n);
      expect(seen.every((s) => s === `${code}/telemetry`)).toBe(true);
    } finally {
      await second.stop();
    }
  });
});
