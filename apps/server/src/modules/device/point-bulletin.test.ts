import { pointOps } from '@merchant/contracts/device/point';
import {
  bulletinOps,
  type BulletinCurrent,
  type BulletinDetail,
  type BulletinPoint,
  type BulletinRow,
} from '@merchant/contracts/device/point-bulletin';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { addDays, calendarDateOf, CODES, type ApiClient, type Paged } from '@merchant/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { withdrawPoint } from '../../test/point-withdraw.ts';

const place = {
  name: '公告测试大厦',
  scene: 1,
  provinceCode: '44',
  cityCode: '4403',
  districtCode: '440305',
  address: '科技园南区9号',
  lng: 113.95,
  lat: 22.54,
  contactName: '周公告',
  contactPhone: '0755-86009999',
};

describe.each(DIALECTS)('point bulletins (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let operator: ApiClient;
  let other: ApiClient;
  const points: number[] = [];
  const today = () => calendarDateOf(t.clock.now(), 'Asia/Shanghai');
  const counts = () => Promise.all([rowCount(t, 'point_bulletin'), rowCount(t, 'point_bulletin_point'), rowCount(t, 'record_history')]);
  const valid = () => ({
    title: '柜机停机维护通知',
    bulletinType: 'maintenance',
    content: '本点位智能柜将于今晚22:00-24:00暂停服务。',
    startDate: today(),
    endDate: addDays(today(), 7),
    scope: 'points',
    pointIds: [points[0]],
  });
  const current = (pointId: number) => call<BulletinCurrent[]>(admin, bulletinOps.current, { pointId });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    operator = await t.signIn('operator');
    other = await registerMerchant(t, '别家公告公司', 'bulletinboss', '13700000070');
    for (let i = 0; i < 3; i++)
      points.push((await call<{ pointId: number }>(admin, pointOps.create, { ...place, name: `公告测试大厦${i}` })).pointId);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo has 50+ bulletins in every display state', async () => {
    const page = await call<Paged<BulletinRow>>(admin, bulletinOps.list, { pageSize: 100 });
    expect(page.total).toBeGreaterThanOrEqual(50);
    expect(new Set(page.list.map((r) => r.displayName))).toEqual(new Set(['草稿', '已发布', '已撤回', '已过期']));
    const expired = await call<Paged<BulletinRow>>(admin, bulletinOps.list, { status: 4, pageSize: 100 });
    expect(expired.total).toBeGreaterThan(0);
    expect(expired.list.every((r) => r.status === 2 && r.endDate !== '' && r.endDate < today())).toBe(true);
    const published = await call<Paged<BulletinRow>>(admin, bulletinOps.list, { status: 2, pageSize: 100 });
    expect(published.list.every((r) => r.display === 2 && (r.endDate === '' || r.endDate >= today()))).toBe(true);
  });

  it('creates a draft, edits it with the version, publishes it onto its point, withdraws it', async () => {
    const made = await call<{ id: number; bulletinCode: string; version: number }>(admin, bulletinOps.create, valid());
    expect(made.bulletinCode).toMatch(/^GG\d{10}$/);
    expect((await current(points[0])).map((b) => b.id)).not.toContain(made.id);
    const before = await counts();
    expect(await op(admin, bulletinOps.update, { ...valid(), id: made.id, version: 5 })).toMatchObject({ code: CODES.conflict });
    expect(await counts()).toEqual(before);
    const edited = await call<{ version: number }>(admin, bulletinOps.update, {
      ...valid(),
      id: made.id,
      version: 0,
      title: '柜机停机维护通知（更新）',
      pointIds: [points[0], points[1]],
    });
    expect(edited.version).toBe(1);
    const published = await call<{ version: number; status: number }>(admin, bulletinOps.publish, { id: made.id, version: 1 });
    expect(published).toMatchObject({ status: 2, version: 2 });
    expect((await current(points[1])).map((b) => b.title)).toContain('柜机停机维护通知（更新）');
    expect((await current(points[2])).map((b) => b.id)).not.toContain(made.id);
    // only drafts are edited
    expect(await op(admin, bulletinOps.update, { ...valid(), id: made.id, version: 2 })).toMatchObject({
      code: CODES.conflict,
      msg: '公告当前为「已发布」，不能编辑（仅草稿的公告可以）',
    });
    const d = await call<BulletinDetail>(admin, bulletinOps.detail, { id: made.id });
    expect(d).toMatchObject({ displayName: '已发布', pointCount: 2, publisherName: 'admin' });
    expect(d.points.map((p) => p.id).sort()).toEqual([points[0], points[1]].sort());
    expect(await call(operator, bulletinOps.withdraw, { id: made.id, version: 2 })).toMatchObject({ status: 3 });
    expect((await current(points[0])).map((b) => b.id)).not.toContain(made.id);
    expect(await op(admin, bulletinOps.publish, { id: made.id, version: 3 })).toMatchObject({
      msg: '公告当前为「已撤回」，不能发布（仅草稿的公告可以）',
    });
    const h = await call<Paged<HistoryEntry>>(admin, bulletinOps.history, { id: made.id });
    expect(h.list.map((e) => e.actionLabel)).toEqual(['撤回公告', '发布公告', '编辑公告', '新增公告']);
    expect(h.list[2].changes.map((c) => c.field)).toEqual(['title', 'points']);
    expect(h.list[3].changes.find((c) => c.field === 'endDate')).toMatchObject({ before: '（空）', after: addDays(today(), 7) });
  });

  it('a bulletin for all points shows on every point; an ended one is 已过期 and cannot be published', async () => {
    const all = await call<{ id: number }>(admin, bulletinOps.create, { ...valid(), scope: 'all', pointIds: [], endDate: '' });
    await call(admin, bulletinOps.publish, { id: all.id, version: 0 });
    expect((await current(points[2])).map((b) => b.id)).toContain(all.id);
    const old = await call<{ id: number }>(admin, bulletinOps.create, {
      ...valid(),
      startDate: addDays(today(), -10),
      endDate: addDays(today(), -1),
    });
    expect(await op(admin, bulletinOps.publish, { id: old.id, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: `公告的结束日期${addDays(today(), -1)}已过，请修改日期后再发布`,
    });
    // a later bulletin (not started) is published but not shown yet
    const later = await call<{ id: number }>(admin, bulletinOps.create, { ...valid(), startDate: addDays(today(), 3), endDate: '' });
    await call(admin, bulletinOps.publish, { id: later.id, version: 0 });
    expect((await current(points[0])).map((b) => b.id)).not.toContain(later.id);
  });

  it('refuses bad input, withdrawn points and other merchants; nothing written', async () => {
    const before = await counts();
    const bad = async (patch: object, msg: string) => expect((await op(admin, bulletinOps.create, { ...valid(), ...patch })).msg).toBe(msg);
    await bad({ title: '' }, '请输入公告标题（字段：title）');
    await bad({ content: 'x'.repeat(501) }, '公告内容不能超过500个字（字段：content）');
    await bad({ bulletinType: 'spam' }, '公告类型不正确（字段：bulletinType）');
    await bad({ startDate: addDays(today(), 5), endDate: addDays(today(), 1) }, '结束日期不能早于开始日期（字段：endDate）');
    await bad({ endDate: '2026/1/1' }, '结束日期格式应为 YYYY-MM-DD 的日期（字段：endDate）');
    await bad({ pointIds: [] }, '指定点位须至少选择1个点位（字段：pointIds）');
    await bad({ pointIds: [999999] }, '点位不存在：999999（字段：pointIds）');
    expect(await counts()).toEqual(before);
    const gone = (await call<{ pointId: number }>(admin, pointOps.create, { ...place, name: '公告测试撤点大厦' })).pointId;
    await withdrawPoint(operator, admin, gone, today());
    expect((await call<BulletinPoint[]>(admin, bulletinOps.pointOptions)).some((p) => p.id === gone)).toBe(false);
    await bad({ pointIds: [gone] }, '点位「公告测试撤点大厦」已撤点，不能发布公告（字段：pointIds）');
    // another merchant sees none of ours and cannot use our points
    const mine = (await call<Paged<BulletinRow>>(admin, bulletinOps.list, { pageSize: 1 })).list[0];
    expect((await op(other, bulletinOps.detail, { id: mine.id })).code).toBe(CODES.notFound);
    expect((await op(other, bulletinOps.publish, { id: mine.id, version: mine.version })).code).toBe(CODES.notFound);
    expect((await op(other, bulletinOps.current, { pointId: points[0] })).code).toBe(CODES.notFound);
    expect((await op(other, bulletinOps.create, valid())).msg).toContain('点位不存在');
    expect((await call<Paged<BulletinRow>>(other, bulletinOps.list)).total).toBe(0);
  });

  it('refuses a stale version and a step its state does not allow, changing nothing', async () => {
    const made = await call<{ id: number; version: number }>(admin, bulletinOps.create, valid());
    const before = await counts();
    expect(await op(admin, bulletinOps.withdraw, { id: made.id, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: '公告当前为「草稿」，不能撤回（仅已发布的公告可以）',
    });
    expect(await op(admin, bulletinOps.publish, { id: made.id, version: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '该记录已被他人修改，请刷新后重试',
    });
    expect(await counts()).toEqual(before);
    await call(admin, bulletinOps.publish, { id: made.id, version: 0 });
    expect(await op(admin, bulletinOps.withdraw, { id: made.id, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: '该记录已被他人修改，请刷新后重试',
    });
    expect(await call<BulletinDetail>(admin, bulletinOps.detail, { id: made.id })).toMatchObject({ status: 2, version: 1 });
  });

  it('refuses roles without 点位公告, for every operation', async () => {
    const finance = await t.signIn('finance');
    const mine = (await call<Paged<BulletinRow>>(admin, bulletinOps.list, { pageSize: 1 })).list[0];
    const before = await counts();
    for (const o of Object.values(bulletinOps)) {
      const res = await op(finance, o, { ...valid(), id: mine.id, version: mine.version, pointId: points[0] });
      expect({ op: o.name, code: res.code }).toEqual({ op: o.name, code: CODES.forbidden });
    }
    expect(await counts()).toEqual(before);
  });

  it('filters by title, type, status, point and date range; exports the same rows', async () => {
    const f = { bulletinType: 'promotion', pointId: points[0], dateRange: [addDays(today(), -400), addDays(today(), 400)] };
    const page = await call<Paged<BulletinRow>>(admin, bulletinOps.list, { ...f, pageSize: 100 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((r) => r.bulletinType === 'promotion' && r.scope === 'all')).toBe(true);
    const byTitle = await call<Paged<BulletinRow>>(admin, bulletinOps.list, { title: '停机维护', pageSize: 100 });
    expect(byTitle.list.every((r) => r.title.includes('停机维护'))).toBe(true);
    const file = await exportList(admin, bulletinOps.list, f);
    if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === '公告编号');
    expect(rows.length - header - 1).toBe(page.total);
  });

  it('the display state is 已过期 exactly when published and the end date has passed (property)', async () => {
    const { bulletinDisplay } = await import('@merchant/contracts/device/point-bulletin');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.integer({ min: -30, max: 30 }), fc.boolean(), (status, end, open) => {
        const endDate = open ? '' : addDays('2026-11-23', end);
        const d = bulletinDisplay(status, endDate, '2026-11-23');
        expect(d === 4).toBe(status === 2 && !open && end < 0);
        if (d !== 4) expect(d).toBe(status);
      }),
    );
  });
});
