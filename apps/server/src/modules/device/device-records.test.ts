import { deviceOps, type DeviceRow } from '@merchant/contracts/device/device';
import { deviceFaultOps, type DeviceFaultRow } from '@merchant/contracts/device/device-fault';
import { deviceLinkLogOps, type DeviceLinkLogRow } from '@merchant/contracts/device/device-link-log';
import { upTopic } from '@merchant/contracts/device/device-protocol';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceLink } from '../../platform/device-link/device-link.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';
import { loadConfig } from '../../config.ts';
import { deviceLinkOf } from './device.routes.ts';
import { deviceLinkHandler } from './device.link.ts';
import fc from 'fast-check';
import { sql } from 'kysely';

/**
 * A device's 上下线记录 and 故障记录 (device-detail), the device list's filters for temperature, door and firmware, and the
 * offline threshold DEVICE_OFFLINE_SECONDS: over the real embedded broker.
 */
describe.each(DIALECTS)('device link log, faults and list filters (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let link: DeviceLink;
  let url: string;
  const clients: MqttClient[] = [];
  let code: string;
  let cabinet: MqttClient;

  /** Resolves when the link has stored `n` more messages of the device. */
  const stored = (deviceCode: string, kind: string, n = 1) =>
    new Promise<void>((resolve) => {
      let left = n;
      const on = (c: string, k: string) => {
        if (c === deviceCode && k === kind && --left === 0) {
          link.off('processed', on);
          resolve();
        }
      };
      link.on('processed', on);
    });
  const publish = async (kind: 'heartbeat' | 'telemetry' | 'event', body: object) => {
    const done = stored(code, kind);
    await cabinet.publishAsync(upTopic(code, kind), JSON.stringify({ v: 1, ...body }), { qos: 1 });
    await done;
  };
  const linkLog = (input: object = {}) => call<KeysetPage<DeviceLinkLogRow>>(admin, deviceLinkLogOps.list, { deviceCode: code, ...input });
  const faults = (input: object = {}) => call<KeysetPage<DeviceFaultRow>>(admin, deviceFaultOps.list, { deviceCode: code, ...input });

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      // a silent device is offline after 10 s here (DEVICE_OFFLINE_SECONDS=10), not the protocol's 90 s
      deviceLink: { mode: 'embedded', port: 0, portIsDefault: false, host: '127.0.0.1', sweepIntervalMs: 0, offlineAfterMs: 10_000 },
    });
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家记录公司', 'recordboss', '13700000067');
    link = deviceLinkOf(t.app)!;
    url = `mqtt://127.0.0.1:${link.port}`;
    const r = await call<{ deviceCode: string; secret: string }>(admin, deviceOps.create, { name: '记录测试柜', modelCode: 'XS-S1-F' });
    code = r.deviceCode;
    await call(admin, deviceOps.setStatus, { deviceCode: code, version: 0, status: 2 });
    cabinet = await mqtt.connectAsync(url, {
      clientId: code,
      username: code,
      password: r.secret,
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    clients.push(cabinet);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t.close();
  });

  it('logs every online and offline change, newest first, keyset-paged (offline after DEVICE_OFFLINE_SECONDS)', async () => {
    expect(await linkLog()).toMatchObject({ list: [], nextCursor: null, prevCursor: null, total: 0 });
    for (let i = 0; i < 3; i++) {
      await publish('heartbeat', {});
      t.clock.advance(9_000);
      await link.sweep();
      expect((await call<DeviceRow>(admin, deviceOps.detail, { deviceCode: code })).online).toBe(true);
      t.clock.advance(2_000);
      await link.sweep();
      expect((await call<DeviceRow>(admin, deviceOps.detail, { deviceCode: code })).online).toBe(false);
    }
    const first = await linkLog({ pageSize: 4 });
    expect(first.total).toBe(6);
    expect(first.list.map((r) => r.eventName)).toEqual(['离线', '上线', '离线', '上线']);
    expect(first.list[0].createdAt).toBeGreaterThanOrEqual(first.list[1].createdAt);
    const second = await linkLog({ pageSize: 4, cursor: first.nextCursor });
    expect(second.list.map((r) => r.event)).toEqual(['offline', 'online']);
    expect(second.nextCursor).toBeNull();
    expect((await linkLog({ pageSize: 4, cursor: second.prevCursor })).list.map((r) => r.id)).toEqual(first.list.map((r) => r.id));
    expect((await linkLog({ event: 'online' })).list.map((r) => r.event)).toEqual(['online', 'online', 'online']);
    // 上线/离线 and a time range together, keyset-paged within the filter
    const all = [...first.list, ...second.list];
    const span: [number, number] = [all[4].createdAt, all[1].createdAt];
    const offline = await linkLog({ event: 'offline', createdAt: span, pageSize: 1 });
    expect(offline.total).toBe(2);
    expect(offline.list.map((r) => r.id)).toEqual([all[2].id]);
    const offline2 = await linkLog({ event: 'offline', createdAt: span, pageSize: 1, cursor: offline.nextCursor });
    expect(offline2.list.map((r) => r.id)).toEqual([all[4].id]);
    expect(offline2.nextCursor).toBeNull();
    expect((await linkLog({ createdAt: span })).list.map((r) => r.id)).toEqual(all.slice(1, 5).map((r) => r.id));
    // a cursor is bound to its device
    const elsewhere = await call<{ deviceCode: string }>(admin, deviceOps.create, { name: '记录测试柜二', modelCode: 'XS-S1-F' });
    expect((await op(admin, deviceLinkLogOps.list, { deviceCode: elsewhere.deviceCode, cursor: first.nextCursor })).code).toBe(
      CODES.badInput,
    );
  });

  it('stores the faults a cabinet reports; a fault without its code is counted bad and stores nothing', async () => {
    await publish('event', { type: 'fault', data: { code: 'E-TEMP-SENSOR', message: '温度传感器读数异常' } });
    t.clock.advance(1000);
    await publish('event', { type: 'fault', data: { code: 'e-door-lock' } });
    await publish('event', { type: 'door-closed' });
    const page = await faults();
    expect(page.list.map((f) => [f.faultCode, f.message])).toEqual([
      ['E-DOOR-LOCK', ''],
      ['E-TEMP-SENSOR', '温度传感器读数异常'],
    ]);
    // 故障代码 matches the whole code, whatever the case typed; a part of it matches nothing
    expect((await faults({ faultCode: ' e-temp-sensor ' })).list.map((f) => f.faultCode)).toEqual(['E-TEMP-SENSOR']);
    expect((await faults({ faultCode: 'TEMP' })).list).toEqual([]);
    // and a time range (both ends included), with the code or alone
    const at = page.list.map((f) => f.createdAt);
    expect((await faults({ createdAt: [at[1], at[1]] })).list.map((f) => f.faultCode)).toEqual(['E-TEMP-SENSOR']);
    expect((await faults({ faultCode: 'E-DOOR-LOCK', createdAt: [at[1], at[1]] })).list).toEqual([]);
    expect((await faults({ faultCode: 'E-DOOR-LOCK', createdAt: [at[1], at[0]] })).total).toBe(1);

    const bad = link.stats.bad;
    const before = await rowCount(t, 'device_fault');
    const seen = new Promise<void>((resolve) => {
      let n = 0;
      const on = () => {
        if (++n === 2) {
          link.off('bad', on);
          resolve();
        }
      };
      link.on('bad', on);
    });
    await cabinet.publishAsync(upTopic(code, 'event'), JSON.stringify({ v: 1, type: 'fault', data: { message: '没有代码' } }), { qos: 1 });
    await cabinet.publishAsync(upTopic(code, 'event'), JSON.stringify({ v: 1, type: 'fault', data: { code: 'X'.repeat(40) } }), { qos: 1 });
    await seen;
    expect(link.stats.bad).toBe(bad + 2);
    expect(await rowCount(t, 'device_fault')).toBe(before);
  });

  it('refuses bad input, roles without the device list, and another merchant’s device', async () => {
    expect((await op(admin, deviceLinkLogOps.list, { deviceCode: code, event: 'rebooted' })).message).toContain('上下线事件');
    expect((await op(admin, deviceFaultOps.list, { deviceCode: 'X1' })).message).toContain('设备编号');
    expect((await op(admin, deviceFaultOps.list, { deviceCode: code, faultCode: 'X'.repeat(33) })).message).toContain('故障代码');
    expect((await op(admin, deviceLinkLogOps.list, { deviceCode: code, createdAt: [2, 1] })).message).toContain('结束时间');
    expect((await op(admin, deviceFaultOps.list, { deviceCode: code, cursor: 'forged' })).code).toBe(CODES.badInput);
    const finance = await t.signIn('finance');
    for (const o of [deviceLinkLogOps.list, deviceFaultOps.list]) {
      expect((await op(finance, o, { deviceCode: code })).code).toBe(CODES.forbidden);
      expect((await op(other, o, { deviceCode: code })).code).toBe(CODES.notFound);
    }
  });

  it.runIf(dialect === 'sqlite')('reads each filter of the two tabs and their sort along one index (no sort step)', async () => {
    const plan = async (table: 'device_link_log' | 'device_fault', filter: string) => {
      const rows = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM ${sql.table(table)} WHERE device_id = 1
        AND merchant_id = 1 ${sql.raw(filter)} ORDER BY created_at DESC, id DESC LIMIT 11`.execute(t.db.db);
      return rows.rows.map((r) => r.detail).join(' | ');
    };
    const range = 'AND created_at >= 0 AND created_at <= 9';
    // with the kind (or code) and a range, either index bounds the scan and gives the order; the planner picks
    for (const [table, filter, index] of [
      ['device_link_log', '', /device_link_log_time_idx \(device_id=\?\)/],
      ['device_link_log', range, /device_link_log_time_idx \(device_id=\? AND created_at>\? AND created_at<\?\)/],
      ['device_link_log', "AND event = 'online'", /device_link_log_event_idx \(device_id=\? AND event=\?\)/],
      [
        'device_link_log',
        `AND event = 'online' ${range}`,
        /device_link_log_(event|time)_idx \(device_id=\? (AND event=\? )?AND created_at>\?/,
      ],
      ['device_fault', '', /device_fault_time_idx \(device_id=\?\)/],
      ['device_fault', range, /device_fault_time_idx \(device_id=\? AND created_at>\? AND created_at<\?\)/],
      ['device_fault', "AND fault_code = 'E1'", /device_fault_code_idx \(device_id=\? AND fault_code=\?\)/],
      [
        'device_fault',
        `AND fault_code = 'E1' ${range}`,
        /device_fault_(code|time)_idx \(device_id=\? (AND fault_code=\? )?AND created_at>\?/,
      ],
    ] as const) {
      const p = await plan(table, filter);
      expect(p, `${table} ${filter}`).toMatch(index);
      expect(p, `${table} ${filter}`).not.toContain('TEMP B-TREE');
    }
  });

  it('filters the device list by temperature band, door state and firmware', async () => {
    await publish('heartbeat', { firmware: 'fz-9.1.7' });
    await publish('telemetry', { temperature: -18.2, door: 'open' });
    const list = (f: object) => call<Paged<DeviceRow>>(admin, deviceOps.list, { pageSize: 100, ...f });
    const codes = async (f: object) => (await list(f)).list.map((d) => d.deviceCode);
    expect(await codes({ temperature: 'freezing' })).toContain(code);
    expect(await codes({ temperature: 'chilled' })).not.toContain(code);
    expect(await codes({ temperature: 'none' })).not.toContain(code);
    expect((await list({ temperature: 'none' })).list.every((d) => d.temperature === null)).toBe(true);
    expect(
      (await list({ temperature: 'chilled' })).list.every((d) => d.temperature !== null && d.temperature >= 0 && d.temperature <= 10),
    ).toBe(true);
    expect(await codes({ doorState: 'open' })).toContain(code);
    expect(await codes({ doorState: 'closed' })).not.toContain(code);
    expect((await list({ doorState: 'none' })).list.every((d) => d.doorState === '')).toBe(true);
    expect(await codes({ firmware: 'fz-9.1' })).toEqual([code]);
    expect((await op(admin, deviceOps.list, { temperature: 'warm' })).message).toContain('温度范围');
    expect((await op(admin, deviceOps.list, { doorState: 'ajar' })).message).toContain('门状态');
  });

  it('property: whatever the messages, races and sweeps, 上下线记录 alternates 上线/离线 and ends at the device’s state', async () => {
    const handler = deviceLinkHandler(t.db.db, { offlineAfterMs: 10_000 });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            // k messages of the cabinet processed at once (e.g. by two server instances)
            fc.record({ beat: fc.integer({ min: 1, max: 4 }) }),
            fc.record({ wait: fc.integer({ min: 1_000, max: 25_000 }) }),
            fc.constant({ sweep: true as const }),
          ),
          { minLength: 1, maxLength: 14 },
        ),
        async (steps) => {
          const created = await call<{ deviceCode: string }>(admin, deviceOps.create, { name: `性质测试柜${++n}`, modelCode: 'XS-S1-N' });
          let now = t.clock.now();
          for (const s of steps) {
            if ('beat' in s) {
              const at = now;
              await Promise.all(Array.from({ length: s.beat }, () => handler.receive(created.deviceCode, 'heartbeat', { v: 1 }, at)));
            } else if ('wait' in s) now += s.wait;
            else await handler.sweep(now);
          }
          const d = await call<DeviceRow>(admin, deviceOps.detail, { deviceCode: created.deviceCode });
          const page = await call<KeysetPage<DeviceLinkLogRow>>(admin, deviceLinkLogOps.list, {
            deviceCode: created.deviceCode,
            pageSize: 100,
            sortOrder: 'ascend',
          });
          const events = page.list.map((r) => r.event);
          events.forEach((e, k) => expect(e).toBe(k % 2 === 0 ? 'online' : 'offline'));
          expect(d.online).toBe(events.length > 0 && events[events.length - 1] === 'online');
        },
      ),
      { numRuns: 25 },
    );
  });

  it('reads DEVICE_OFFLINE_SECONDS (the protocol’s 90 s by default), refusing values out of range', () => {
    expect(loadConfig({}).deviceLink.offlineAfterMs).toBe(90_000);
    expect(loadConfig({ DEVICE_OFFLINE_SECONDS: '10' }).deviceLink.offlineAfterMs).toBe(10_000);
    expect(() => loadConfig({ DEVICE_OFFLINE_SECONDS: '1' })).toThrow(/DEVICE_OFFLINE_SECONDS/);
    expect(() => loadConfig({ DEVICE_OFFLINE_SECONDS: 'soon' })).toThrow(/DEVICE_OFFLINE_SECONDS/);
  });
});
