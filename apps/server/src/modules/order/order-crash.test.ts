import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { systemClock } from '../../platform/clock.ts';
import { discoverChecks, reconcileAll } from '../../platform/reconcile.ts';
import { demoMerchantId, runSeeds } from '../../platform/seeds.ts';
import { ordinaryShopper, rng, VirtualCabinet } from '../../simulator/cabinet.ts';
import { Consumers } from '../../simulator/consumers.ts';
import { TEST_PASSWORD } from '../../test/harness.ts';
import { freePort, startServerProcess } from '../../test/server-process.ts';
import { provisionDevices } from '../device/device.provision.ts';
import { shoppingSetup } from './order.provision.ts';

// A real server process is killed (SIGKILL) in the middle of a burst of simulated purchases and started again on the same
// database and ports. The cabinets come back to it and re-send every door-closed report it had not settled: afterwards
// every visit a cabinet reported has exactly one order (none when nothing was taken), and the ledgers reconcile.

const TICK_MS = 40;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('cabinet purchases across a kill -9 of the server (sqlite, real process)', () => {
  let dataDir: string;
  let db: Db;
  let child: ChildProcess | undefined;
  let cabinets: VirtualCabinet[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'merchant-order-kill-'));
    db = await createDb({ dataDir });
    await migrateToLatest(db.db);
    await runSeeds(db.db, { demoSeed: true, demoPassword: TEST_PASSWORD }, Date.now());
  });
  afterAll(async () => {
    await Promise.all(cabinets.map((c) => c.stop().catch(() => undefined)));
    child?.kill('SIGKILL');
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('every reported visit has exactly one order after the restart; the ledgers reconcile', async () => {
    const port = await freePort();
    const mqttPort = await freePort();
    child = await startServerProcess(dataDir, port, { MQTT_URL: '', MQTT_PORT: String(mqttPort), PAYMENT_SANDBOX_FAIL_RATE: '0' });
    const merchantId = (await demoMerchantId(db.db))!;
    // three cabinets with a planogram whose slots hold stock
    const stocked = await db.db
      .selectFrom('device_goods as dg')
      .innerJoin('device as d', 'd.device_code', 'dg.device_code')
      .innerJoin('stock_location as l', (j) => j.onRef('l.device_code', '=', 'dg.device_code').onRef('l.slot_no', '=', 'dg.slot_no'))
      .innerJoin('stock_balance as b', (j) => j.onRef('b.location_id', '=', 'l.id').onRef('b.sku_id', '=', 'dg.sku_id'))
      .select('dg.device_code')
      .where('dg.merchant_id', '=', merchantId)
      .where('d.status', '=', 2)
      .where('b.on_hand', '>', 2)
      .groupBy('dg.device_code')
      .orderBy('dg.device_code', 'desc')
      .limit(3)
      .execute();
    const codes = stocked.map((r) => r.device_code);
    expect(codes).toHaveLength(3);
    const creds = await provisionDevices(db.db, systemClock, codes);
    const setup = await shoppingSetup(db.db, codes, Date.now());
    const consumers = new Consumers(setup.appOf, rng(11), { apiUrl: `http://127.0.0.1:${port}`, perMinute: 24, abnormal: 0 });
    let shopping = true;
    cabinets = creds.map(
      (c, i) =>
        new VirtualCabinet({ ...c, storageStyle: 1 }, rng(100 + i), {
          url: `mqtt://127.0.0.1:${mqttPort}`,
          heartbeatSeconds: 5,
          telemetrySeconds: 60,
          dropChance: 0,
          shopper: ordinaryShopper,
          behaviours: [{ tick: (cab, second) => shopping && consumers.tick(cab, second) }],
        }),
    );
    for (const c of cabinets) c.planogram = setup.planogramOf.get(c.spec.deviceCode);
    await Promise.all(cabinets.map((c) => c.connect()));
    const tick = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await Promise.all(cabinets.map((c) => c.tick()));
        await sleep(TICK_MS);
      }
    };

    // a burst of purchases, then the server dies in the middle of it
    await tick(10); // heartbeats: online
    let ticks = 0;
    while (cabinets.reduce((n, c) => n + c.visits.length, 0) < 6 && ticks < 600) {
      await tick(1);
      ticks++;
    }
    await tick(3);
    child.kill('SIGKILL');
    await new Promise((r) => (child!.exitCode !== null || child!.signalCode ? r(undefined) : child!.once('exit', r)));
    shopping = false;
    await tick(15); // doors shut while the server is gone: the reports go nowhere
    const reported = cabinets.reduce((n, c) => n + c.visits.length, 0);
    expect(reported).toBeGreaterThanOrEqual(6);

    // the server again, on the same database and ports: the cabinets reconnect and re-send what was not settled
    child = await startServerProcess(dataDir, port, { MQTT_URL: '', MQTT_PORT: String(mqttPort), PAYMENT_SANDBOX_FAIL_RATE: '0' });
    for (let n = 0; n < 1500 && cabinets.some((c) => c.unsettled.size > 0); n++) await tick(1);
    expect(cabinets.map((c) => c.unsettled.size)).toEqual([0, 0, 0]);

    for (const c of cabinets) {
      for (const v of c.visits) {
        const s = await db.db.selectFrom('door_session').selectAll().where('apply_code', '=', v.applyCode).executeTakeFirstOrThrow();
        const orders = await db.db
          .selectFrom('sale_order')
          .select(['order_no_sub', 'status'])
          .where('apply_code', '=', v.applyCode)
          .execute();
        expect(Number(s.status), `${v.applyCode}`).toBe(2);
        expect(orders, `${v.applyCode}`).toHaveLength(v.items.length ? 1 : 0);
      }
    }
    const findings = await reconcileAll(db.db, await discoverChecks());
    expect(findings.filter((f) => f.problems.length)).toEqual([]);
  });
});
