import { voiceOps, type VoicePush, type VoiceRow } from '@merchant/contracts/voice/voice-prompt';
import { deviceOps, type DeviceCommand } from '@merchant/contracts/device/device';
import { downTopic, upTopic, voiceSyncData } from '@merchant/contracts/device/device-protocol';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { calendarDateOf, CODES, type ApiClient, type Paged } from '@merchant/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceLink } from '../../platform/device-link/device-link.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';
import { deviceLinkOf } from '../device/device.routes.ts';
import { rng, VirtualCabinet } from '../../simulator/cabinet.ts';

const DAY = 86_400_000;

describe.each(DIALECTS)('voice prompts (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let link: DeviceLink;
  const clients: MqttClient[] = [];
  const day = (n: number) => calendarDateOf(t.clock.now() + n * DAY, 'Asia/Shanghai');
  const valid = () => ({
    name: '大堂取货提醒',
    voiceType: 'pickup',
    content: '您好，商品已出货，请及时取走。',
    timeFrom: '08:00',
    timeTo: '22:00',
    dateFrom: day(0),
    dateTo: day(30),
    scope: 'all',
    modelCode: null,
    deviceCodes: [],
  });
  const counts = () => Promise.all([rowCount(t, 'voice_prompt'), rowCount(t, 'record_history'), rowCount(t, 'voice_push')]);
  const detail = (promptCode: string) => call<VoiceRow>(admin, voiceOps.detail, { promptCode });

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      deviceLink: { mode: 'embedded', port: 0, portIsDefault: false, host: '127.0.0.1', sweepIntervalMs: 0 },
    });
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家语音公司', 'voiceboss', '13700000088');
    link = deviceLinkOf(t.app)!;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t.close();
  });

  it('the demo has 50+ prompts of every type', async () => {
    const page = await call<Paged<VoiceRow>>(admin, voiceOps.list, { pageSize: 100 });
    expect(page.total).toBeGreaterThanOrEqual(50);
    expect(new Set(page.list.map((r) => r.voiceTypeName))).toEqual(new Set(['取货提醒', '关门提醒', '促销', '自定义']));
    expect(new Set(page.list.map((r) => r.statusName))).toEqual(new Set(['启用', '停用']));
  });

  it('refuses bad input with the field named, writing nothing', async () => {
    const before = await counts();
    for (const [patch, msg] of [
      [{ content: '' }, '请输入播报内容（字段：content）'],
      [{ content: '请'.repeat(101) }, '播报内容不能超过100个字（字段：content）'],
      [{ voiceType: 'loud' }, '语音类型不正确（字段：voiceType）'],
      [{ timeFrom: '25:00' }, '播放开始时间格式应为 HH:mm（字段：timeFrom）'],
      [{ timeTo: '07:00' }, '播放结束时间须晚于开始时间（字段：timeTo）'],
      [{ dateTo: day(-1) }, '结束日期不能早于生效日期（字段：dateTo）'],
      [{ scope: 'model' }, '按柜型推送须选择柜型（字段：modelCode）'],
      [{ scope: 'model', modelCode: 'NOPE' }, '柜型不存在（字段：modelCode）'],
      [{ scope: 'devices' }, '指定设备须至少选择1台设备（字段：deviceCodes）'],
      [{ scope: 'devices', deviceCodes: ['D0000000000'] }, '设备不存在：D0000000000（字段：deviceCodes）'],
    ] as const) {
      expect(await op(admin, voiceOps.create, { ...valid(), ...patch })).toMatchObject({ code: CODES.badInput, msg });
    }
    expect(await counts()).toEqual(before);
  });

  it('creates, edits with the version, moves 启用 ↔ 停用 only, with history', async () => {
    const made = await call<{ promptCode: string }>(admin, voiceOps.create, valid());
    expect(made.promptCode).toMatch(/^YY\d{10}$/);
    const code = made.promptCode;
    expect(await detail(code)).toMatchObject({ statusName: '启用', scopeName: '全部设备', version: 0 });
    await call(admin, voiceOps.update, {
      ...valid(),
      promptCode: code,
      version: 0,
      scope: 'model',
      modelCode: 'XS-D2-C',
      content: '双门冷藏柜取货提醒',
    });
    expect(await detail(code)).toMatchObject({ modelName: '双门冷藏柜', content: '双门冷藏柜取货提醒', version: 1 });
    const before = await counts();
    expect(await op(admin, voiceOps.update, { ...valid(), promptCode: code, version: 0 })).toMatchObject({ code: CODES.conflict });
    expect(await op(admin, voiceOps.setStatus, { promptCode: code, version: 0, status: 2 })).toMatchObject({
      code: CODES.conflict,
      msg: '该记录已被他人修改，请刷新后重试',
    });
    expect(await op(admin, voiceOps.setStatus, { promptCode: code, version: 1, status: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '语音提醒为「启用」，不能改为「启用」',
    });
    expect(await counts()).toEqual(before);
    await call(admin, voiceOps.setStatus, { promptCode: code, version: 1, status: 2 });
    expect((await detail(code)).statusName).toBe('停用');
    const h = await call<Paged<HistoryEntry>>(admin, voiceOps.history, { promptCode: code });
    expect(h.list.map((e) => e.actionLabel)).toEqual(['停用语音提醒', '修改语音提醒', '新增语音提醒']);
    expect(h.list[1].changes.map((c) => c.label)).toEqual(expect.arrayContaining(['播报内容', '适用设备', '柜型']));
  });

  it('pushes 同步语音 to the cabinets it applies to: 已确认 when acked, 超时 when not', async () => {
    const cabinet = async (name: string, answer: boolean) => {
      const r = await call<{ deviceCode: string; secret: string }>(admin, deviceOps.create, { name, modelCode: 'XS-S1-F' });
      await call(admin, deviceOps.setStatus, { deviceCode: r.deviceCode, version: 0, status: 2 });
      const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${link.port}`, {
        clientId: r.deviceCode,
        username: r.deviceCode,
        password: r.secret,
        reconnectPeriod: 0,
      });
      clients.push(c);
      await c.subscribeAsync(downTopic(r.deviceCode), { qos: 1 });
      const got: unknown[] = [];
      c.on('message', (_t, payload) => {
        const cmd = JSON.parse(payload.toString()) as { id: string; type: string; data: unknown };
        got.push(cmd);
        if (answer)
          c.publish(upTopic(r.deviceCode, 'ack'), JSON.stringify({ v: 1, id: cmd.id, ok: true, message: '已同步语音' }), { qos: 1 });
      });
      return { code: r.deviceCode, got };
    };
    const a = await cabinet('冷冻柜甲', true);
    const b = await cabinet('冷冻柜乙', false);
    const made = await call<{ promptCode: string }>(admin, voiceOps.create, {
      ...valid(),
      name: '冷冻柜关门提醒',
      voiceType: 'door',
      content: '请关好柜门',
      scope: 'devices',
      deviceCodes: [a.code, b.code],
    });
    const acked = new Promise<void>((resolve) => {
      const on = (c: string, k: string) => {
        if (c === a.code && k === 'ack') {
          link.off('processed', on);
          resolve();
        }
      };
      link.on('processed', on);
    });
    expect(await call(admin, voiceOps.push, { promptCode: made.promptCode })).toEqual({ promptCode: made.promptCode, pushed: 2 });
    await acked;
    // the payload: version 1, the prompts in force for that cabinet
    const cmd = a.got[0] as { type: string; data: unknown };
    expect(cmd.type).toBe('voice-sync');
    const data = voiceSyncData.parse(cmd.data);
    expect(data.prompts.find((p) => p.code === made.promptCode)).toMatchObject({ text: '请关好柜门', type: 'door', timeFrom: '08:00' });
    t.clock.advance(31_000);
    await link.sweep();
    const pushes = await call<KeysetPage<VoicePush>>(admin, voiceOps.pushes, { promptCode: made.promptCode });
    expect(pushes.total).toBe(2);
    const by = new Map(pushes.list.map((p) => [p.deviceCode, p]));
    expect(by.get(a.code)).toMatchObject({ statusName: '已确认', result: '已同步语音', deviceName: '冷冻柜甲' });
    expect(by.get(b.code)).toMatchObject({ statusName: '超时' });
    // keyset-paged, newest first: one a page, the cursor of page 1 leads to the other cabinet and back
    const p1 = await call<KeysetPage<VoicePush>>(admin, voiceOps.pushes, { promptCode: made.promptCode, pageSize: 1 });
    const p2 = await call<KeysetPage<VoicePush>>(admin, voiceOps.pushes, {
      promptCode: made.promptCode,
      pageSize: 1,
      cursor: p1.nextCursor,
    });
    expect([p1.list[0].id, p2.list[0].id]).toEqual(pushes.list.map((p) => p.id));
    expect(p2.nextCursor).toBeNull();
    expect((await op(admin, voiceOps.pushes, { promptCode: made.promptCode, cursor: 'not-ours' })).code).toBe(CODES.badInput);
    expect((await detail(made.promptCode)).lastPushCount).toBe(2);
    const commands = await call<Paged<DeviceCommand>>(admin, deviceOps.commands, { deviceCode: a.code });
    expect(commands.list[0]).toMatchObject({ commandTypeName: '同步语音', statusName: '已确认' });
    // nothing to push to: refused, nothing written
    const none = await call<{ promptCode: string }>(admin, voiceOps.create, {
      ...valid(),
      scope: 'model',
      modelCode: 'XS-S1-N',
      dateFrom: day(0),
    });
    await t.db.db.updateTable('device').set({ status: 3 }).where('model_code', '=', 'XS-S1-N').execute();
    const before = await counts();
    expect(await op(admin, voiceOps.push, { promptCode: none.promptCode })).toMatchObject({
      code: CODES.conflict,
      msg: '没有适用的已激活设备，无法推送',
    });
    expect(await counts()).toEqual(before);
  });

  it('the simulator’s cabinet obeys 同步语音: keeps the prompts and acknowledges', async () => {
    const r = await call<{ deviceCode: string; secret: string }>(admin, deviceOps.create, { name: '模拟语音柜', modelCode: 'XS-D2-N' });
    await call(admin, deviceOps.setStatus, { deviceCode: r.deviceCode, version: 0, status: 2 });
    const sim = new VirtualCabinet({ deviceCode: r.deviceCode, secret: r.secret, name: '模拟语音柜', storageStyle: 1 }, rng(7), {
      url: `mqtt://127.0.0.1:${link.port}`,
      heartbeatSeconds: 30,
      telemetrySeconds: 60,
      dropChance: 0,
    });
    await sim.connect();
    try {
      const made = await call<{ promptCode: string }>(admin, voiceOps.create, {
        ...valid(),
        name: '模拟柜促销',
        voiceType: 'promotion',
        content: '周末饮料第二件半价',
        scope: 'devices',
        deviceCodes: [r.deviceCode],
      });
      const acked = new Promise<void>((resolve) => {
        const on = (c: string, k: string) => {
          if (c === r.deviceCode && k === 'ack') {
            link.off('processed', on);
            resolve();
          }
        };
        link.on('processed', on);
      });
      await call(admin, voiceOps.push, { promptCode: made.promptCode });
      await acked;
      expect(sim.voicePrompts.map((p) => p.text)).toContain('周末饮料第二件半价');
      const pushes = await call<KeysetPage<VoicePush>>(admin, voiceOps.pushes, { promptCode: made.promptCode });
      expect(pushes.list[0]).toMatchObject({ statusName: '已确认' });
      expect(pushes.list[0].result).toMatch(/^已同步语音\d+条$/);
    } finally {
      await sim.stop();
    }
  });

  it('is the merchant’s own: other merchants and roles without the page are refused', async () => {
    const mine = (await call<Paged<VoiceRow>>(admin, voiceOps.list, { pageSize: 1 })).list[0];
    for (const [o, body] of [
      [voiceOps.detail, { promptCode: mine.promptCode }],
      [voiceOps.update, { ...valid(), promptCode: mine.promptCode, version: mine.version }],
      [voiceOps.setStatus, { promptCode: mine.promptCode, version: mine.version, status: 2 }],
      [voiceOps.push, { promptCode: mine.promptCode }],
      [voiceOps.history, { promptCode: mine.promptCode }],
    ] as const) {
      expect((await op(other, o, body)).code).toBe(CODES.notFound);
    }
    expect((await call<Paged<VoiceRow>>(other, voiceOps.list)).total).toBe(0);
    const finance = await t.signIn('finance');
    expect((await op(finance, voiceOps.list)).code).toBe(CODES.forbidden);
    expect((await op(finance, voiceOps.create, valid())).code).toBe(CODES.forbidden);
  });

  it('property: any valid prompt round-trips; the time window and dates are kept as given', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 22 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom('pickup', 'door', 'promotion', 'custom'),
        fc.string({ minLength: 2, maxLength: 20 }).filter((s) => s.trim().length >= 2),
        async (hour, len, voiceType, words) => {
          const timeFrom = `${String(hour).padStart(2, '0')}:00`;
          const timeTo = `${String(hour + 1).padStart(2, '0')}:30`;
          const r = await op(admin, voiceOps.create, { ...valid(), voiceType, content: words, timeFrom, timeTo, dateTo: day(len) });
          expect(r.code).toBe(CODES.ok);
          const d = await detail((r.data as { promptCode: string }).promptCode);
          expect(d).toMatchObject({ timeFrom, timeTo, dateTo: day(len), voiceType, content: words.trim() });
        },
      ),
      { numRuns: 8 },
    );
  });
});
