import { deviceOps, type DeviceCommand, type DeviceRow } from '@merchant/contracts/device/device';
import { downTopic, upTopic } from '@merchant/contracts/device/device-protocol';
import type { ApiClient, Paged } from '@merchant/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceLink } from '../../platform/device-link/device-link.ts';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.ts';
import { call } from '../../test/calls.ts';
import { deviceLinkOf } from './device.routes.ts';

/** The real link: an embedded aedes broker on a free port, real MQTT clients as cabinets. */
describe.each(DIALECTS)('device link over MQTT (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let link: DeviceLink;
  let url: string;
  const creds: Record<string, string> = {};
  const clients: MqttClient[] = [];

  const connect = (code: string, secret: string, clientId = code) =>
    mqtt.connectAsync(url, { clientId, username: code, password: secret, reconnectPeriod: 0, connectTimeout: 3000 }).then((c) => {
      clients.push(c);
      return c;
    });
  /** Resolves when the link has stored `n` more messages of the device. */
  const stored = (code: string, kind: string, n = 1) =>
    new Promise<void>((resolve) => {
      let left = n;
      const on = (c: string, k: string) => {
        if (c === code && k === kind && --left === 0) {
          link.off('processed', on);
          resolve();
        }
      };
      link.on('processed', on);
    });
  const detail = (deviceCode: string) => call<DeviceRow>(admin, deviceOps.detail, { deviceCode });
  const newDevice = async (name: string, activate = true) => {
    const r = await call<{ deviceCode: string; secret: string }>(admin, deviceOps.create, { name, modelCode: 'XS-S1-C' });
    creds[r.deviceCode] = r.secret;
    if (activate) await call(admin, deviceOps.setStatus, { deviceCode: r.deviceCode, version: 0, status: 2 });
    return r.deviceCode;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      deviceLink: { mode: 'embedded', port: 0, portIsDefault: false, host: '127.0.0.1', sweepIntervalMs: 0 },
    });
    admin = await t.signIn('admin');
    link = deviceLinkOf(t.app)!;
    expect(link.port).toBeGreaterThan(0);
    expect(link.port).not.toBe(1883);
    url = `mqtt://127.0.0.1:${link.port}`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t.close();
  });

  it('lets a device in with its own code and secret, and refuses wrong ones', async () => {
    const a = await newDevice('链路测试柜A');
    const c = await connect(a, creds[a]);
    expect(c.connected).toBe(true);
    await expect(connect(a, 'wrong-secret-000000000000')).rejects.toThrow(/Bad username or password/i);
    await expect(connect('D0000000000', creds[a], 'D0000000000')).rejects.toThrow(/Bad username or password/i);
    // the client id must be the device code
    await expect(connect(a, creds[a], 'someone-else')).rejects.toThrow(/Bad username or password/i);
    expect(link.stats.refusedConnections).toBe(3);
  });

  it('marks a device online on its heartbeat, keeps telemetry, and offline after 90 s of silence', async () => {
    const b = await newDevice('链路测试柜B');
    const c = await connect(b, creds[b]);
    expect(await detail(b)).toMatchObject({ online: false, lastSeenAt: 0 });
    const beat = stored(b, 'heartbeat');
    await c.publishAsync(upTopic(b, 'heartbeat'), JSON.stringify({ v: 1, firmware: 'v3.0.1' }), { qos: 1 });
    await beat;
    expect(await detail(b)).toMatchObject({ online: true, lastSeenAt: t.clock.now(), firmware: 'v3.0.1' });
    const tele = stored(b, 'telemetry');
    await c.publishAsync(upTopic(b, 'telemetry'), JSON.stringify({ v: 1, temperature: 4.26, door: 'closed' }), { qos: 1 });
    await tele;
    expect(await detail(b)).toMatchObject({ temperature: 4.3, doorState: 'closed', doorStateName: '关门' });

    t.clock.advance(89_000);
    await link.sweep();
    expect((await detail(b)).online).toBe(true);
    t.clock.advance(2_000);
    await link.sweep();
    expect((await detail(b)).online).toBe(false);
    const log = await t.db.db
      .selectFrom('device_link_log')
      .innerJoin('device', 'device.id', 'device_link_log.device_id')
      .select('event')
      .where('device.device_code', '=', b)
      .orderBy('device_link_log.id')
      .execute();
    expect(log.map((l) => l.event)).toEqual(['online', 'offline']);
  });

  it('ignores and counts malformed payloads, never storing half a record', async () => {
    const d = await newDevice('链路测试柜D');
    const c = await connect(d, creds[d]);
    const bad = link.stats.bad;
    const seen = new Promise<void>((resolve) => {
      let n = 0;
      const on = () => {
        if (++n === 3) {
          link.off('bad', on);
          resolve();
        }
      };
      link.on('bad', on);
    });
    await c.publishAsync(upTopic(d, 'heartbeat'), 'not json', { qos: 1 });
    await c.publishAsync(upTopic(d, 'telemetry'), JSON.stringify({ v: 1, temperature: 'hot' }), { qos: 1 });
    await c.publishAsync(`dev/${d}/up/unknown`, JSON.stringify({ v: 1 }), { qos: 1 });
    await seen;
    expect(link.stats.bad).toBe(bad + 3);
    expect(await detail(d)).toMatchObject({ online: false, temperature: null });
  });

  it('keeps a device to its own topics', async () => {
    const e = await newDevice('链路测试柜E');
    const f = await newDevice('链路测试柜F');
    const ce = await connect(e, creds[e]);
    // refused (SUBACK 128): mqtt.js answers it as an error
    await expect(ce.subscribeAsync(downTopic(f), { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await expect(ce.subscribeAsync('dev/#', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    const own = await ce.subscribeAsync(downTopic(e), { qos: 1 });
    expect(own[0].qos).toBe(1);
    const closed = new Promise<void>((resolve) => ce.once('close', () => resolve()));
    ce.publish(upTopic(f, 'heartbeat'), JSON.stringify({ v: 1 }), { qos: 0 });
    await closed;
    expect(link.stats.deniedTopics).toBe(3);
    expect((await detail(f)).online).toBe(false);
  });

  it('sends a command the device acknowledges; an unanswered one times out', async () => {
    const g = await newDevice('链路测试柜G');
    const c = await connect(g, creds[g]);
    let answer = true;
    c.on('message', (_topic, payload) => {
      const cmd = JSON.parse(payload.toString()) as { id: string; type: string };
      if (answer) c.publish(upTopic(g, 'ack'), JSON.stringify({ v: 1, id: cmd.id, ok: true, message: '已开门' }), { qos: 1 });
    });
    await c.subscribeAsync(downTopic(g), { qos: 1 });
    const beat = stored(g, 'heartbeat');
    await c.publishAsync(upTopic(g, 'heartbeat'), JSON.stringify({ v: 1 }), { qos: 1 });
    await beat;
    const acked = stored(g, 'ack');
    const sent = await call<DeviceCommand>(admin, deviceOps.sendCommand, { deviceCode: g, commandType: 'open-door' });
    expect(sent).toMatchObject({ statusName: '已发送', commandTypeName: '开门', operatorName: 'admin' });
    await acked;
    let list = await call<Paged<DeviceCommand>>(admin, deviceOps.commands, { deviceCode: g });
    expect(list.list[0]).toMatchObject({ commandNo: sent.commandNo, status: 2, statusName: '已确认', result: '已开门' });

    answer = false;
    const second = await call<DeviceCommand>(admin, deviceOps.sendCommand, { deviceCode: g, commandType: 'reboot' });
    t.clock.advance(31_000);
    await link.sweep();
    list = await call<Paged<DeviceCommand>>(admin, deviceOps.commands, { deviceCode: g });
    expect(list.list[0]).toMatchObject({ commandNo: second.commandNo, statusName: '超时' });
    expect(list.list[1]).toMatchObject({ statusName: '已确认' });
  });

  it('refuses a disabled device and drops its connection', async () => {
    const h = await newDevice('链路测试柜H');
    const c = await connect(h, creds[h]);
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    await call(admin, deviceOps.setStatus, { deviceCode: h, version: 1, status: 3 });
    await closed;
    await expect(connect(h, creds[h])).rejects.toThrow(/Not authorized/i);
  });
});
