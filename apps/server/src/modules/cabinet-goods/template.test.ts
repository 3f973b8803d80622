import {
  templateOps,
  type TemplateApplyRow,
  type TemplateDetail,
  type TemplateRow,
  type TemplateSkuOption,
} from '@merchant/contracts/cabinet-goods/template';
import { deviceGoodsOps, type DeviceGoodsRow } from '@merchant/contracts/cabinet-goods/device-goods';
import { deviceOps } from '@merchant/contracts/device/device';
import { skuOps, type SkuRow } from '@merchant/contracts/goods/sku';
import { planogramSyncData } from '@merchant/contracts/device/device-protocol';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceLink } from '../../platform/device-link/device-link.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';
import { race, tally } from '../../test/race.ts';
import { deviceLinkOf } from '../device/device.routes.ts';
import { rng, VirtualCabinet } from '../../simulator/cabinet.ts';

describe.each(DIALECTS)('goods templates (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let operator: ApiClient;
  let other: ApiClient;
  let link: DeviceLink;
  /** On-shelf SKUs of the demo merchant by storage style. */
  const skus: Record<number, { id: number; name: string }[]> = { 1: [], 2: [], 3: [] };
  const counts = () =>
    Promise.all(
      ['goods_template', 'goods_template_slot', 'device_goods', 'device_planogram', 'planogram_apply', 'record_history'].map((n) =>
        rowCount(t, n as 'goods_template'),
      ),
    );
  /** A 单门常温柜 (XS-S1-N, 5 layers × 6 columns) template. */
  const valid = () => ({
    name: '写字楼常温零食模板',
    modelCode: 'XS-S1-N',
    remark: '办公楼大堂',
    slots: [
      { slotNo: '1-1', skuId: skus[1][0].id, capacity: 12, parLevel: 8 },
      { slotNo: '1-2', skuId: skus[1][1].id, capacity: 10, parLevel: 6 },
      { slotNo: '2-1', skuId: skus[1][0].id, capacity: 12, parLevel: 12 },
    ],
  });
  const detail = (templateCode: string) => call<TemplateDetail>(admin, templateOps.detail, { templateCode });
  const activeOf = async (modelCode: string) =>
    await t.db.db.selectFrom('device').select(['device_code', 'status']).where('model_code', '=', modelCode).orderBy('id').execute();

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      deviceLink: { mode: 'embedded', port: 0, portIsDefault: false, host: '127.0.0.1', sweepIntervalMs: 0 },
    });
    admin = await t.signIn('admin');
    operator = await t.signIn('operator');
    other = await registerMerchant(t, '别家模板公司', 'templateboss', '13700000091');
    link = deviceLinkOf(t.app)!;
    const rows = await t.db.db
      .selectFrom('goods_sku')
      .select(['id', 'name', 'storage_style'])
      .where('merchant_id', '=', 1)
      .where('status', '=', 1)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    for (const r of rows) skus[r.storage_style]?.push({ id: r.id, name: r.name });
    // the demo sells no frozen goods yet: make the last 常温 SKU (in no template) a frozen one
    const frozen = skus[1].pop()!;
    await t.db.db.updateTable('goods_sku').set({ storage_style: 3 }).where('id', '=', frozen.id).execute();
    skus[3].push(frozen);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo has templates applied to cabinets, with device goods', async () => {
    const page = await call<Paged<TemplateRow>>(admin, templateOps.list, { pageSize: 50 });
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.list.some((r) => r.deviceCount > 0)).toBe(true);
    const goods = await call<Paged<DeviceGoodsRow>>(admin, deviceGoodsOps.list, { pageSize: 10 });
    expect(goods.total).toBeGreaterThanOrEqual(50);
  });

  it('a SKU on a cabinet keeps its storage style: the SKU edit says why (nothing written); its other fields stay editable', async () => {
    const placed = (await call<Paged<DeviceGoodsRow>>(admin, deviceGoodsOps.list, { pageSize: 1 })).list[0];
    const s = await call<SkuRow>(admin, skuOps.detail, { skuId: placed.skuId });
    const input = { skuId: s.skuId, version: s.version, specValues: s.specValues, barcode: s.barcode, basePrice: s.basePrice };
    expect(await op(admin, skuOps.update, { ...input, storageStyle: s.storageStyle === 3 ? 1 : 3 })).toMatchObject({
      code: CODES.conflict,
      msg: '该SKU已放入商品模板或智能柜货道，储存方式不能修改（字段：storageStyle）',
    });
    expect(await call<SkuRow>(admin, skuOps.detail, { skuId: placed.skuId })).toMatchObject({
      version: s.version,
      storageStyle: s.storageStyle,
    });
    const edited = await call<SkuRow>(admin, skuOps.update, { ...input, storageStyle: s.storageStyle, basePrice: s.basePrice + 1 });
    expect(edited.version).toBe(s.version + 1);
  });

  it('refuses bad input with the field or slot named, writing nothing', async () => {
    const before = await counts();
    const cold = skus[2][0];
    const frozen = skus[3][0];
    for (const [patch, msg] of [
      [{ name: '' }, '请输入模板名称（字段：name）'],
      [{ modelCode: '' }, '请选择柜型（字段：modelCode）'],
      [{ modelCode: 'NOPE' }, '柜型不存在（字段：modelCode）'],
      [{ slots: [] }, '请至少配置1个货道（字段：slots）'],
      [
        { slots: [{ slotNo: '1_1', skuId: skus[1][0].id, capacity: 5, parLevel: 5 }] },
        '货道号格式应为「层-列」，如 1-1（字段：slots.0.slotNo）',
      ],
      [
        { slots: [{ slotNo: '1-1', skuId: skus[1][0].id, capacity: 5, parLevel: 6 }] },
        '货道1-1的标准库存不能超过容量5（字段：slots.0.parLevel）',
      ],
      [{ slots: [{ slotNo: '1-1', skuId: skus[1][0].id, capacity: 0, parLevel: 1 }] }, '容量不能小于1（字段：slots.0.capacity）'],
      [
        {
          slots: [
            { slotNo: '1-1', skuId: skus[1][0].id, capacity: 5, parLevel: 5 },
            { slotNo: '1-1', skuId: skus[1][1].id, capacity: 5, parLevel: 5 },
          ],
        },
        '货道1-1重复（字段：slots.1.slotNo）',
      ],
      [
        { slots: [{ slotNo: '6-1', skuId: skus[1][0].id, capacity: 5, parLevel: 5 }] },
        '货道6-1超出柜型「单门常温柜」的5层×6列（字段：slots）',
      ],
      [{ slots: [{ slotNo: '1-1', skuId: 99999999, capacity: 5, parLevel: 5 }] }, '货道1-1的商品SKU不存在（字段：slots）'],
      [
        { slots: [{ slotNo: '1-3', skuId: cold.id, capacity: 5, parLevel: 5 }] },
        `货道1-3的商品「${cold.name}」为冷藏商品，不能放入常温柜（常温柜只能放常温商品）（字段：slots）`,
      ],
      [
        { modelCode: 'XS-S1-C', slots: [{ slotNo: '2-2', skuId: frozen.id, capacity: 5, parLevel: 5 }] },
        `货道2-2的商品「${frozen.name}」为冷冻商品，不能放入冷藏柜（冷藏柜只能放冷藏、常温商品）（字段：slots）`,
      ],
    ] as const) {
      expect(await op(admin, templateOps.add, { ...valid(), ...patch })).toMatchObject({ code: CODES.badInput, msg });
    }
    expect(await counts()).toEqual(before);
  });

  it('a 冷藏 template takes chilled and ambient goods', async () => {
    const made = await call<{ templateCode: string }>(admin, templateOps.add, {
      ...valid(),
      name: '冷藏饮品模板',
      modelCode: 'XS-S1-C',
      slots: [
        { slotNo: '1-1', skuId: skus[2][0].id, capacity: 8, parLevel: 4 },
        { slotNo: '1-2', skuId: skus[1][0].id, capacity: 8, parLevel: 4 },
      ],
    });
    expect((await detail(made.templateCode)).zoneName).toBe('冷藏');
    const options = await call<TemplateSkuOption[]>(admin, templateOps.skuOptions, { modelCode: 'XS-S1-F' });
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o) => o.storageStyle === 3)).toBe(true);
  });

  it('adds, edits with the version, 启用 ↔ 停用, deletes only when never applied, with history', async () => {
    const made = await call<{ templateCode: string; version: number; status: number }>(admin, templateOps.add, valid());
    expect(made).toMatchObject({ status: 1, version: 0 });
    expect(made.templateCode).toMatch(/^MB\d{10}$/);
    const code = made.templateCode;
    const d = await detail(code);
    expect(d).toMatchObject({ modelName: '单门常温柜', slotCount: 3, skuCount: 2, slotRows: 5, slotCols: 6, statusName: '启用' });
    expect(d.slots.map((s) => s.slotNo)).toEqual(['1-1', '1-2', '2-1']);
    const before = await counts();
    expect(await op(admin, templateOps.edit, { ...valid(), templateCode: code, version: 3 })).toMatchObject({
      code: CODES.conflict,
      msg: '该记录已被他人修改，请刷新后重试',
    });
    expect(await counts()).toEqual(before);
    await call(operator, templateOps.edit, {
      ...valid(),
      templateCode: code,
      version: 0,
      name: '写字楼常温零食模板（夏季）',
      slots: valid().slots.slice(0, 2),
    });
    expect(await detail(code)).toMatchObject({ name: '写字楼常温零食模板（夏季）', slotCount: 2, version: 1 });
    expect(await op(admin, templateOps.enable, { templateCode: code, version: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '模板当前为「启用」，不能启用（仅停用的模板可以）',
    });
    expect(await call(admin, templateOps.disable, { templateCode: code, version: 1 })).toMatchObject({ status: 2, version: 2 });
    const devices = await activeOf('XS-S1-N');
    expect(await op(admin, templateOps.apply, { templateCode: code, version: 2, deviceCodes: [devices[0].device_code] })).toMatchObject({
      code: CODES.conflict,
      msg: '模板当前为「停用」，不能应用到设备（仅启用的模板可以）',
    });
    expect(await call(admin, templateOps.enable, { templateCode: code, version: 2 })).toMatchObject({ status: 1, version: 3 });
    const h = await call<Paged<HistoryEntry>>(admin, templateOps.history, { templateCode: code });
    expect(h.list.map((e) => e.actionLabel)).toEqual(['启用模板', '停用模板', '编辑模板', '新增模板']);
    expect(h.list[2].changes.map((c) => c.field)).toEqual(['name', 'slots']);
    // a template never applied may be deleted
    expect(await call(admin, templateOps.delete, { templateCode: code, version: 3 })).toEqual({ templateCode: code });
    expect((await op(admin, templateOps.detail, { templateCode: code })).code).toBe(CODES.notFound);
  });

  it('applies to cabinets of its model: sets device goods in one go, refuses other models, inactive and unknown devices', async () => {
    const made = await call<{ templateCode: string }>(admin, templateOps.add, valid());
    const code = made.templateCode;
    const devices = await activeOf('XS-S1-N');
    const active = devices.filter((d) => d.status === 2).map((d) => d.device_code);
    const inactive = devices.find((d) => d.status !== 2)!.device_code;
    const wrong = (await activeOf('XS-S1-C'))[0].device_code;
    const before = await counts();
    for (const [codes, msg] of [
      [[active[0], wrong], `设备${wrong}（`],
      [[active[0], inactive], `设备${inactive}（`],
    ] as const) {
      const r = await op(admin, templateOps.apply, { templateCode: code, version: 0, deviceCodes: codes });
      expect(r.code).toBe(CODES.conflict);
      expect(r.msg).toContain(msg);
    }
    expect(await op(admin, templateOps.apply, { templateCode: code, version: 0, deviceCodes: ['D0000000000'] })).toMatchObject({
      code: CODES.badInput,
      msg: '设备不存在：D0000000000（字段：deviceCodes）',
    });
    expect(await op(admin, templateOps.apply, { templateCode: code, version: 0, deviceCodes: [] })).toMatchObject({
      code: CODES.badInput,
      msg: '请至少选择1台设备（字段：deviceCodes）',
    });
    expect(await op(admin, templateOps.apply, { templateCode: code, version: 9, deviceCodes: [active[0]] })).toMatchObject({
      code: CODES.conflict,
      msg: '该记录已被他人修改，请刷新后重试',
    });
    expect(await counts()).toEqual(before);

    const r = await call<{ applyCode: string; applied: number }>(admin, templateOps.apply, {
      templateCode: code,
      version: 0,
      deviceCodes: active.slice(0, 2),
    });
    expect(r.applied).toBe(2);
    expect(r.applyCode).toMatch(/^PH\d{10}$/);
    const goods = await call<Paged<DeviceGoodsRow>>(admin, deviceGoodsOps.list, { deviceCode: active[0], pageSize: 50 });
    expect(goods.list.map((g) => [g.slotNo, g.capacity, g.parLevel, g.templateCode])).toEqual([
      ['1-1', 12, 8, code],
      ['1-2', 10, 6, code],
      ['2-1', 12, 12, code],
    ]);
    expect(goods.list[0].price).toBeGreaterThan(0);
    expect((await detail(code)).deviceCount).toBe(2);
    // options show which template each cabinet carries
    const options = await call<{ deviceCode: string; templateCode: string }[]>(admin, templateOps.deviceOptions, { modelCode: 'XS-S1-N' });
    expect(options.find((o) => o.deviceCode === active[0])?.templateCode).toBe(code);
    expect(options.every((o) => active.includes(o.deviceCode))).toBe(true);
    // the apply records: one per cabinet, the command 已发送 (no cabinet is connected here)
    const applies = await call<KeysetPage<TemplateApplyRow>>(admin, templateOps.applies, { templateCode: code });
    expect(applies.list).toHaveLength(2);
    expect(applies.list.every((a) => a.applyCode === r.applyCode && a.commandNo !== '' && a.statusName === '已发送')).toBe(true);
    // applied: its model is fixed and it cannot be deleted
    const v = (await detail(code)).version;
    expect(await op(admin, templateOps.delete, { templateCode: code, version: v })).toMatchObject({
      code: CODES.conflict,
      msg: '模板已应用到设备，不能删除（可停用）',
    });
    expect(
      await op(admin, templateOps.edit, {
        ...valid(),
        templateCode: code,
        version: v,
        modelCode: 'XS-D2-N',
        slots: [{ slotNo: '1-1', skuId: skus[1][0].id, capacity: 5, parLevel: 5 }],
      }),
    ).toMatchObject({ code: CODES.conflict, msg: '模板已应用到设备，不能更换柜型（可新建一个模板）' });
    // a SKU on a cabinet keeps its storage style
    const h = await call<Paged<HistoryEntry>>(admin, templateOps.history, { templateCode: code });
    expect(h.list[0]).toMatchObject({ actionLabel: '应用到设备' });
    expect(h.list[0].remark).toContain(r.applyCode);
  });

  it('race: applies of two templates to one cabinet at once leave it one whole template, never a mix', async () => {
    const cabinet = (await activeOf('XS-S1-N')).filter((d) => d.status === 2)[0].device_code;
    const a = await call<{ templateCode: string }>(admin, templateOps.add, { ...valid(), name: '竞争模板甲' });
    const b = await call<{ templateCode: string }>(admin, templateOps.add, {
      ...valid(),
      name: '竞争模板乙',
      slots: [{ slotNo: '3-3', skuId: skus[1][2].id, capacity: 6, parLevel: 3 }],
    });
    const answers = await race(6, (i) =>
      op(admin, templateOps.apply, { templateCode: i % 2 ? a.templateCode : b.templateCode, version: 0, deviceCodes: [cabinet] }),
    );
    expect(
      answers.every((r) => r.code === '200'),
      JSON.stringify(tally(answers)),
    ).toBe(true);
    const goods = await call<Paged<DeviceGoodsRow>>(admin, deviceGoodsOps.list, { deviceCode: cabinet, pageSize: 50 });
    const codes = new Set(goods.list.map((g) => g.templateCode));
    expect(codes.size).toBe(1);
    expect(goods.list.map((g) => g.slotNo)).toEqual(codes.has(a.templateCode) ? ['1-1', '1-2', '2-1'] : ['3-3']);
    const headers = await t.db.db.selectFrom('device_planogram').select('template_code').where('device_code', '=', cabinet).execute();
    expect(headers.map((h) => h.template_code)).toEqual([...codes]);
  });

  it('the simulator’s cabinet obeys 同步货道: keeps the slots and acknowledges (已确认)', async () => {
    const d = await call<{ deviceCode: string; secret: string }>(admin, deviceOps.create, { name: '模拟货道柜', modelCode: 'XS-S1-N' });
    await call(admin, deviceOps.setStatus, { deviceCode: d.deviceCode, version: 0, status: 2 });
    const sim = new VirtualCabinet({ deviceCode: d.deviceCode, secret: d.secret, name: '模拟货道柜', storageStyle: 1 }, rng(11), {
      url: `mqtt://127.0.0.1:${link.port}`,
      heartbeatSeconds: 30,
      telemetrySeconds: 60,
      dropChance: 0,
    });
    await sim.connect();
    try {
      const made = await call<{ templateCode: string }>(admin, templateOps.add, { ...valid(), name: '模拟柜模板' });
      const acked = new Promise<void>((resolve) => {
        const on = (c: string, k: string) => {
          if (c === d.deviceCode && k === 'ack') {
            link.off('processed', on);
            resolve();
          }
        };
        link.on('processed', on);
      });
      await call(admin, templateOps.apply, { templateCode: made.templateCode, version: 0, deviceCodes: [d.deviceCode] });
      await acked;
      expect(sim.planogram?.templateCode).toBe(made.templateCode);
      expect(sim.planogram?.slots.map((s) => s.slotNo)).toEqual(['1-1', '1-2', '2-1']);
      expect(planogramSyncData.safeParse(sim.planogram).success).toBe(true);
      const applies = await call<KeysetPage<TemplateApplyRow>>(admin, templateOps.applies, { templateCode: made.templateCode });
      expect(applies.list[0]).toMatchObject({ deviceCode: d.deviceCode, statusName: '已确认', result: '已同步货道3个' });
    } finally {
      await sim.stop();
    }
  });

  it('is the merchant’s own: other merchants get not found, roles without the page are refused', async () => {
    const mine = (await call<Paged<TemplateRow>>(admin, templateOps.list, { pageSize: 1 })).list[0];
    const key = { templateCode: mine.templateCode };
    const before = await counts();
    for (const [o, body] of [
      [templateOps.detail, key],
      [templateOps.edit, { ...valid(), ...key, version: mine.version }],
      [templateOps.enable, { ...key, version: mine.version }],
      [templateOps.disable, { ...key, version: mine.version }],
      [templateOps.delete, { ...key, version: mine.version }],
      [templateOps.apply, { ...key, version: mine.version, deviceCodes: ['D2611000001'] }],
      [templateOps.applies, key],
      [templateOps.history, key],
    ] as const) {
      expect((await op(other, o, body)).code).toBe(CODES.notFound);
    }
    expect(await counts()).toEqual(before);
    // nor may a template be applied to another merchant's cabinet (an active one of the template's model)
    const theirs = await call<{ deviceCode: string }>(other, deviceOps.create, {
      name: '别家一号柜',
      modelCode: mine.modelCode,
      firmware: 'v2.1.0',
      remark: '',
    });
    await t.db.db.updateTable('device').set({ status: 2 }).where('device_code', '=', theirs.deviceCode).execute();
    const devicesBefore = await counts();
    expect(await op(admin, templateOps.apply, { ...key, version: mine.version, deviceCodes: [theirs.deviceCode] })).toMatchObject({
      code: CODES.badInput,
      msg: `设备不存在：${theirs.deviceCode}（字段：deviceCodes）`,
    });
    expect(await counts()).toEqual(devicesBefore);
    expect((await call<Paged<TemplateRow>>(other, templateOps.list)).total).toBe(0);
    expect((await call<Paged<unknown>>(other, templateOps.goods)).total).toBe(0);
    // another merchant's SKUs are not found either
    expect(await op(other, templateOps.add, valid())).toMatchObject({ code: CODES.badInput, msg: '货道1-1的商品SKU不存在（字段：slots）' });
    const finance = await t.signIn('finance');
    for (const o of [templateOps.list, templateOps.add, templateOps.goods])
      expect((await op(finance, o, valid())).code).toBe(CODES.forbidden);
  });

  it('masterplate-goods-list lists every slot of the templates, filterable by SKU name', async () => {
    const page = await call<Paged<{ skuName: string; templateCode: string }>>(admin, templateOps.goods, {
      skuName: skus[1][0].name.slice(0, 4),
      pageSize: 100,
    });
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((r) => r.skuName.includes(skus[1][0].name.slice(0, 4)))).toBe(true);
  });

  it('property: any slot layout within the model round-trips in slot order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 6 })), {
          minLength: 1,
          maxLength: 8,
          selector: ([l, c]) => `${l}-${c}`,
        }),
        fc.integer({ min: 1, max: 99 }),
        async (cells, capacity) => {
          const slots = cells.map(([l, c], i) => ({
            slotNo: `${l}-${c}`,
            skuId: skus[1][i % skus[1].length].id,
            capacity,
            parLevel: Math.max(1, capacity - i),
          }));
          const made = await call<{ templateCode: string }>(admin, templateOps.add, { ...valid(), slots });
          const d = await detail(made.templateCode);
          const sorted = [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([l, c]) => `${l}-${c}`);
          expect(d.slots.map((s) => s.slotNo)).toEqual(sorted);
          expect(d.slots.every((s) => s.parLevel <= s.capacity)).toBe(true);
          await call(admin, templateOps.delete, { templateCode: made.templateCode, version: 0 });
        },
      ),
      { numRuns: 8 },
    );
  });
});
