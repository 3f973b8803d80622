import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { discoverChecks, reconcileAll } from './platform/reconcile.ts';
import { systemClock } from './platform/clock.ts';
import { readBrokerAddress } from './platform/device-link/broker-address.ts';
import { DEVICE_CODE_RE } from '@merchant/contracts/device/device';
import { provisionCabinets, provisionDevices } from './modules/device/device.provision.ts';
import { DEVICE_MODELS } from './modules/device/device.seed.ts';
import { channelBuyingSetup, shoppingSetup } from './modules/order/order.provision.ts';
import { rng, VirtualCabinet } from './simulator/cabinet.ts';
import { ChannelBuyers } from './simulator/channel-buyers.ts';
import { Consumers, shopperWithAbnormalShare } from './simulator/consumers.ts';

/**
 * npm run simulate -- --cabinets N --minutes M --seed S [--url mqtt://…] [--heartbeat 30] [--drop 0.001]
 *                      [--shoppers 1] [--abnormal 0.1] [--orders 0] [--api http://127.0.0.1:PORT]
 * npm run simulate -- --device D2611000001 [--device D…] …   (only these cabinets, of any merchant)
 *
 * Starts N virtual cabinets of the demo merchant on the real device link (docs/devices.md): each connects
 * with its own credentials, heartbeats, reports a drifting temperature and its door, drops off the link now
 * and then and comes back, and obeys commands. Consumers shop at them (--shoppers visits per cabinet per minute, 0: none):
 * a door-open request through the open API as the merchant's consumer app, then goods taken from the cabinet's slots —
 * a share --abnormal of the visits one the server must flag (docs/orders.md). Channel buyers (--orders per minute over
 * 线上零售, 批发 and 本地生活) order through the open API's intake, and most pay. The same seed gives the same cabinets
 * and the same life.
 * Uses the server's settings (DATA_DIR / DATABASE_URL, MQTT_PORT / MQTT_URL) to find the database and the broker;
 * without --url, MQTT_URL or MQTT_PORT it connects where the server on the same DATA_DIR says its broker listens.
 */
const USAGE =
  'npm run simulate -- (--cabinets N | --device D2611000001 [--device D…]) --minutes M --seed S [--url mqtt://127.0.0.1:1883] [--heartbeat 30] [--telemetry 60] [--drop 0.001] [--shoppers 1] [--abnormal 0.1] [--orders 0] [--api http://127.0.0.1:3000] [--quiet]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      cabinets: { type: 'string', default: '5' },
      device: { type: 'string', multiple: true },
      minutes: { type: 'string', default: '10' },
      seed: { type: 'string', default: '1' },
      url: { type: 'string' },
      heartbeat: { type: 'string', default: '30' },
      telemetry: { type: 'string', default: '60' },
      drop: { type: 'string', default: '0.0005' },
      shoppers: { type: 'string', default: '1' },
      abnormal: { type: 'string', default: '0.1' },
      orders: { type: 'string', default: '0' },
      api: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return console.log(USAGE);
  const n = Number(values.cabinets);
  const minutes = Number(values.minutes);
  const seed = Number(values.seed);
  const heartbeat = Number(values.heartbeat);
  if (!Number.isInteger(n) || n < 1 || n > 5000) throw new Error(`--cabinets 必须是 1–5000 的整数\n${USAGE}`);
  if (!(minutes > 0)) throw new Error(`--minutes 必须大于 0\n${USAGE}`);
  if (!Number.isInteger(seed)) throw new Error(`--seed 必须是整数\n${USAGE}`);
  if (!Number.isInteger(heartbeat) || heartbeat < 1) throw new Error(`--heartbeat 必须是正整数（秒）\n${USAGE}`);
  const telemetry = Number(values.telemetry);
  if (!Number.isInteger(telemetry) || telemetry < 1) throw new Error(`--telemetry 必须是正整数（秒）\n${USAGE}`);
  const drop = Number(values.drop);
  if (!(drop >= 0 && drop <= 1)) throw new Error(`--drop 必须在 0–1 之间\n${USAGE}`);
  const shoppers = Number(values.shoppers);
  if (!(shoppers >= 0 && shoppers <= 60)) throw new Error(`--shoppers 必须在 0–60 之间（每台柜子每分钟的顾客数）\n${USAGE}`);
  const abnormal = Number(values.abnormal);
  if (!(abnormal >= 0 && abnormal <= 1)) throw new Error(`--abnormal 必须在 0–1 之间（异常购物的比例）\n${USAGE}`);
  const orders = Number(values.orders);
  if (!(orders >= 0 && orders <= 600)) throw new Error(`--orders 必须在 0–600 之间（每分钟的渠道订单数）\n${USAGE}`);
  const devices = [
    ...new Set(
      (values.device ?? [])
        .flatMap((d) => d.split(','))
        .map((d) => d.trim())
        .filter(Boolean),
    ),
  ];
  const badCode = devices.find((d) => !DEVICE_CODE_RE.test(d));
  if (badCode) throw new Error(`--device 设备编号不正确：${badCode}（D 加 10 位数字）\n${USAGE}`);

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new Error(err.message);
    throw err;
  }
  const announced = config.deviceLink.portIsDefault || config.deviceLink.port === 0 ? readBrokerAddress(config.dataDir) : undefined;
  const url =
    values.url ??
    config.deviceLink.url ??
    announced ??
    (config.deviceLink.portIsDefault ? undefined : `mqtt://127.0.0.1:${config.deviceLink.port}`);
  if (!url) {
    // Never guess 1883: another broker there (a Mosquitto) would take the cabinets and the server would never see them.
    throw new Error(
      `找不到运行中的服务器的设备连接地址（${config.dataDir}/mqtt-address）：请先在同一 DATA_DIR 上 npm start，或用 --url / MQTT_URL / MQTT_PORT 指定\n${USAGE}`,
    );
  }
  const db = await createDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await migrateToLatest(db.db);
  let creds;
  try {
    creds = devices.length ? await provisionDevices(db.db, systemClock, devices) : await provisionCabinets(db.db, systemClock, n);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  const models = await db.db.selectFrom('device_model').select(['code', 'storage_style']).execute();
  const shopping = await shoppingSetup(
    db.db,
    creds.map((c) => c.deviceCode),
    systemClock.now(),
  );
  const merchantOfCabinets = creds.length
    ? await db.db.selectFrom('device').select('merchant_id').where('device_code', '=', creds[0].deviceCode).executeTakeFirst()
    : undefined;
  const buying =
    orders > 0 && merchantOfCabinets ? await channelBuyingSetup(db.db, Number(merchantOfCabinets.merchant_id), systemClock.now()) : [];
  await db.destroy();
  const apiUrl = values.api ?? `http://127.0.0.1:${config.port}`;
  const style = new Map<string, number>([
    ...DEVICE_MODELS.map((m) => [m.code, m.storage_style] as const),
    ...models.map((m) => [m.code, m.storage_style] as const),
  ]);

  const log = values.quiet ? undefined : (line: string) => console.log(`[模拟器] ${line}`);
  const consumers = new Consumers(shopping.appOf, rng(seed * 7_919 + 17), { apiUrl, perMinute: shoppers, abnormal, log });
  const buyers = new ChannelBuyers(buying, rng(seed * 31 + 5), { apiUrl, perMinute: orders, log });
  const shopper = shopperWithAbnormalShare(abnormal);
  const cabinets = creds.map(
    (c, i) =>
      new VirtualCabinet({ ...c, storageStyle: style.get(c.modelCode) ?? 1 }, rng(seed * 100_003 + i), {
        url,
        heartbeatSeconds: heartbeat,
        telemetrySeconds: telemetry,
        dropChance: drop,
        shopper,
        behaviours: [{ tick: (cab, second) => consumers.tick(cab, second) }],
        log,
      }),
  );
  for (const c of cabinets) c.planogram = shopping.planogramOf.get(c.spec.deviceCode);
  console.log(`设备模拟器：${cabinets.length} 台柜子连接 ${url}（种子 ${seed}，运行 ${minutes} 分钟，心跳每 ${heartbeat} 秒）`);
  if (shoppers > 0) console.log(`顾客：每台柜子每分钟约 ${shoppers} 位，经开放接口 ${apiUrl} 扫码开门，异常购物比例 ${abnormal}`);
  if (orders > 0) {
    console.log(
      `渠道买家：每分钟约 ${orders} 单，经开放接口下单（${buying.map((b) => `${b.app.name}`).join('、') || '无可售商品的渠道，不下单'}）`,
    );
  }
  let second = 0;
  const buyerTimer = setInterval(() => buyers.tick(second++), 1000);
  const failed: string[] = [];
  await Promise.all(
    cabinets.map((c) =>
      c.connect().catch((err: unknown) => {
        failed.push(`${c.spec.deviceCode}: ${err instanceof Error ? err.message : String(err)}`);
      }),
    ),
  );
  if (failed.length) {
    console.error(`连接失败 ${failed.length} 台（服务器是否在运行？MQTT 地址是否正确？）：\n  ${failed.slice(0, 5).join('\n  ')}`);
    if (failed.length === cabinets.length) process.exit(1);
  }
  console.log(
    `已连接 ${cabinets.length - failed.length} 台：${cabinets
      .map((c) => c.spec.deviceCode)
      .slice(0, 10)
      .join(' ')}${cabinets.length > 10 ? ' …' : ''}`,
  );

  // each cabinet ticks once a second, staggered over the second so that n cabinets do not publish at once
  const timers = cabinets.map((c, i) => {
    let t: NodeJS.Timeout | undefined;
    const start = setTimeout(
      () => {
        void c.tick();
        t = setInterval(() => void c.tick(), 1000);
      },
      Math.floor((i * 1000) / cabinets.length),
    );
    return () => {
      clearTimeout(start);
      if (t) clearInterval(t);
    };
  });
  const stop = async () => {
    timers.forEach((f) => f());
    clearInterval(buyerTimer);
    await Promise.all([...cabinets.map((c) => c.stop()), buyers.settle()]);
    const sum = cabinets.reduce(
      (a, c) => ({
        heartbeats: a.heartbeats + c.counts.heartbeats,
        telemetry: a.telemetry + c.counts.telemetry,
        acks: a.acks + c.counts.acks,
        outages: a.outages + c.counts.outages,
      }),
      { heartbeats: 0, telemetry: 0, acks: 0, outages: 0 },
    );
    console.log(`模拟结束：心跳 ${sum.heartbeats}，遥测 ${sum.telemetry}，指令确认 ${sum.acks}，模拟断线 ${sum.outages}`);
    if (shoppers > 0) {
      const closed = cabinets.reduce((n, c) => n + c.visits.length, 0);
      console.log(`${consumers.summary()}；关门上报 ${closed} 次`);
    }
    if (orders > 0) console.log(buyers.summary());
    process.exit(await reconcileAfterRun(config));
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  setTimeout(() => void stop(), minutes * 60_000);
}

/**
 * The run ends with `npm run reconcile` on the server's database (DESIGN §5a): every ledger the run moved — stock,
 * orders, money — still holds. Returns the exit code: 1 when anything is off.
 */
async function reconcileAfterRun(config: ReturnType<typeof loadConfig>): Promise<number> {
  // the server answers a closed door's report asynchronously: let its last orders and payments commit
  await new Promise((r) => setTimeout(r, 2000));
  const db = await createDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const checks = await discoverChecks();
    const bad = (await reconcileAll(db.db, checks)).filter((f) => f.problems.length > 0);
    for (const f of bad) console.error(`对账不一致：商户 ${f.merchantId} · ${f.check}\n    ${f.problems.slice(0, 5).join('\n    ')}`);
    console.log(bad.length ? `对账：${bad.length} 处不一致` : `对账：${checks.length} 项检查全部一致 (reconcile holds)`);
    return bad.length ? 1 : 0;
  } catch (err) {
    console.error('对账失败 (reconcile failed):', err instanceof Error ? err.message : err);
    return 1;
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error('模拟器启动失败 (simulator failed):', err instanceof Error ? err.message : err);
  process.exit(1);
});
