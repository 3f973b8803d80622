import { CompiledQuery, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { sql } from 'kysely';
import * as repo from './cabinet-order.repo.ts';
import * as channelRepo from './channel-order.repo.ts';
import { busyQuery } from './door-session.service.ts';
import { exportQuery as exceptionQuery } from './exception-order.service.ts';
import { payCtx } from '../../test/payment-kit.ts';

// The order lists and the sweeps read through their indexes (0043), so they cost the same at 10 million orders: each
// filter of 销售订单 and 异常订单 has its index and sorts without a temporary b-tree; the sweeps read only the few open
// sessions and uncharged orders (partial indexes). SQLite's planner (the embedded default).

describe('order queries use their indexes (sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  const plan = async (q: Compilable) => {
    const c = q.compile();
    const r = await t.db.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]));
    return r.rows.map((x) => x.detail).join(' | ');
  };
  const listed = (f: repo.OrderFilter) => repo.listQuery(t.db.db, 1, f).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(21);

  it('every 销售订单 filter has its index, sorted by time without a temporary b-tree', async () => {
    for (const [f, index] of [
      [{}, /sale_order_list_idx \(merchant_id=\? AND channel=\?\)/],
      [{ deviceCode: 'D2611000001' }, /sale_order_device_idx \(merchant_id=\? AND channel=\? AND device_code=\?\)/],
      [{ status: 5 }, /sale_order_status_idx \(merchant_id=\? AND channel=\? AND status=\?\)/],
      [
        { deviceCode: 'D2611000001', status: 3 },
        /sale_order_device_status_idx \(merchant_id=\? AND channel=\? AND device_code=\? AND status=\?\)/,
      ],
      [{ payStatus: 2 }, /sale_order_pay_status_idx \(merchant_id=\? AND channel=\? AND pay_status=\?\)/],
      [{ userId: 'wx-oA1x' }, /sale_order_user_idx \(merchant_id=\? AND channel=\? AND user_id=\?\)/],
      [{ orderNoSub: 'XS26112400000000' }, /sale_order_no_uq \(merchant_id=\? AND order_no_sub=\?\)/],
      [{ applyCode: 'KM26112400000000' }, /sale_order_apply_uq \(merchant_id=\? AND apply_code=\?\)/],
    ] as const) {
      const p = await plan(listed(f));
      expect(p, JSON.stringify(f)).toMatch(index);
      if (!('orderNoSub' in f) && !('applyCode' in f)) expect(p, JSON.stringify(f)).not.toContain('TEMP B-TREE');
    }
  });

  it('异常订单 reads the partial index of abnormal orders; the sweeps read only open sessions and uncharged orders', async () => {
    const ctx = payCtx(t, 1);
    expect(await plan(exceptionQuery(ctx, {}).limit(21))).toMatch(/sale_order_excep_idx/);
    expect(await plan(exceptionQuery(ctx, { excepType: 'door-open' }).limit(21))).toMatch(/sale_order_excep_type_idx/);
    // the same conditions as door-session.service's sweep and cabinet-order.service's chargeStranded
    const sessions = t.db.db
      .selectFrom('door_session as s')
      .innerJoin('device as d', 'd.device_code', 's.device_code')
      .selectAll('s')
      .where(sql<boolean>`s.status in (0, 1)`)
      .limit(200);
    expect(await plan(sessions)).toMatch(/door_session_sweep_idx|door_session_open_uq/);
    // a door-open request: is someone at the cabinet?
    expect(await plan(busyQuery(t.db.db, 'D2611000001'))).toMatch(/door_session_open_uq \(device_code=\?\)/);
    const uncharged = t.db.db
      .selectFrom('sale_order')
      .select(['merchant_id', 'order_no_sub'])
      .where(sql<boolean>`status = 0 and pay_no = ''`)
      .where('channel', '=', 'container')
      .where('created_at', '<', 1)
      .limit(200);
    expect(await plan(uncharged)).toMatch(/sale_order_uncharged_idx/);
  });

  it('渠道订单: every filter of a channel list has its index; the payment time-out sweep reads only unpaid orders', async () => {
    const listed = (f: channelRepo.ChannelOrderFilter) =>
      channelRepo.listQuery(t.db.db, 1, 'online', f).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(21);
    for (const [f, index] of [
      [{}, /sale_order_list_idx \(merchant_id=\? AND channel=\?\)/],
      [{ status: 1 }, /sale_order_status_idx \(merchant_id=\? AND channel=\? AND status=\?\)/],
      [{ payStatus: 2 }, /sale_order_pay_status_idx \(merchant_id=\? AND channel=\? AND pay_status=\?\)/],
      [{ userId: 'tb-user' }, /sale_order_user_idx \(merchant_id=\? AND channel=\? AND user_id=\?\)/],
      [{ channelOrderNo: 'TB123' }, /sale_order_channel_no_uq \(merchant_id=\? AND channel=\? AND channel_order_no=\?\)/],
    ] as const) {
      const p = await plan(listed(f));
      expect(p, JSON.stringify(f)).toMatch(index);
      if (!('channelOrderNo' in f)) expect(p, JSON.stringify(f)).not.toContain('TEMP B-TREE');
    }
    expect(await plan(channelRepo.byChannelNoQuery(t.db.db, 1, 'online', 'TB123'))).toMatch(/sale_order_channel_no_uq/);
    expect(await plan(channelRepo.overdueUnpaidQuery(t.db.db, 1, 200))).toMatch(
      /sale_order_pay_deadline_idx \(pay_deadline>\? AND pay_deadline<\?\)/,
    );
  });
});
