// Device link: N cabinets heartbeating every 5 s for S seconds through the embedded broker (the real link: device
// authentication, ACL, payload checks, the device module storing each heartbeat in SQLite). Checks every heartbeat
// is stored, every cabinet is online at the end and p99 publish → stored ≤ 100 ms; then a burst of heartbeats
// measures throughput as a ratio to bare aedes (no auth, nothing stored) measured in the same run.
// The cabinets run in a child process so that the broker and the database have this one to themselves.
//   DEVICE_BENCH_CABINETS (2000), DEVICE_BENCH_SECONDS (60), DEVICE_BENCH_INTERVAL (5), DEVICE_BENCH_BURST (5 per cabinet)
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Aedes } from 'aedes';
import net from 'node:net';
import mqtt from 'mqtt';
import Fastify from 'fastify';

const N = Number(process.env.DEVICE_BENCH_CABINETS ?? 2000);
const SECONDS = Number(process.env.DEVICE_BENCH_SECONDS ?? 60);
const INTERVAL = Number(process.env.DEVICE_BENCH_INTERVAL ?? 5);
const BURST = Number(process.env.DEVICE_BENCH_BURST ?? 5);

interface Creds {
  deviceCode: string;
  secret: string;
}
type ToChild = { url: string; creds: Creds[] } | { burst: number } | { stop: true };
type FromChild = { connected: number } | { paced: number } | { burst: number };

// ---------------------------------------------------------------- the cabinets (child process)

if (process.env.DEVICE_BENCH_CHILD) {
  let clients: mqtt.MqttClient[] = [];
  const send = (m: FromChild) => process.send!(m);
  const beat = (c: mqtt.MqttClient, code: string) =>
    c.publish(`dev/${code}/up/heartbeat`, JSON.stringify({ v: 1, ts: Date.now() }), { qos: 0 });
  process.on('message', (m: ToChild) => {
    void (async () => {
      if ('url' in m) {
        for (let i = 0; i < m.creds.length; i += 100) {
          const batch = m.creds.slice(i, i + 100);
          clients.push(
            ...(await Promise.all(
              batch.map((c) =>
                mqtt.connectAsync(m.url, {
                  clientId: c.deviceCode,
                  username: c.deviceCode,
                  password: c.secret,
                  reconnectPeriod: 0,
                  keepalive: 120,
                }),
              ),
            )),
          );
        }
        send({ connected: clients.length });
        let sent = 0;
        const timers = clients.map((c, i) => {
          const code = m.creds[i].deviceCode;
          let t: NodeJS.Timeout | undefined;
          const first = setTimeout(
            () => {
              beat(c, code);
              sent++;
              t = setInterval(() => {
                beat(c, code);
                sent++;
              }, INTERVAL * 1000);
            },
            Math.floor((i * INTERVAL * 1000) / clients.length),
          );
          return () => (clearTimeout(first), t && clearInterval(t));
        });
        setTimeout(() => {
          timers.forEach((f) => f());
          send({ paced: sent });
        }, SECONDS * 1000);
      } else if ('burst' in m) {
        let sent = 0;
        clients.forEach((c, i) => {
          for (let k = 0; k < m.burst; k++) {
            c.publish(`dev/${c.options.clientId}/up/heartbeat`, JSON.stringify({ v: 1, ts: Date.now() }), { qos: 0 });
            sent++;
          }
          void i;
        });
        send({ burst: sent });
      } else {
        await Promise.all(clients.map((c) => c.endAsync(true)));
        clients = [];
        process.exit(0);
      }
    })();
  });
}

// ---------------------------------------------------------------- the server side (this process)

function p99(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? 0;
}

function cabinets(): ChildProcess {
  return fork(new URL(import.meta.url), { execArgv: ['--import', 'tsx'], env: { ...process.env, DEVICE_BENCH_CHILD: '1' } });
}
const next = <T extends FromChild>(child: ChildProcess, key: string) =>
  new Promise<T>((resolve) => {
    const on = (m: FromChild) => {
      if (key in m) {
        child.off('message', on);
        resolve(m as T);
      }
    };
    child.on('message', on);
  });

async function waitFor(cond: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await cond()) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

interface Run {
  pacedSent: number;
  pacedStored: number;
  p99: number;
  burstRate: number;
}

/** Drives the cabinets against `url`; `stored()` counts what the server side has stored, `lat` its latencies. */
async function drive(url: string, creds: Creds[], stored: () => number, lat: number[]): Promise<Run> {
  const child = cabinets();
  child.send({ url, creds } satisfies ToChild);
  const { connected } = await next<{ connected: number }>(child, 'connected');
  if (connected !== creds.length) throw new Error(`only ${connected} of ${creds.length} cabinets connected`);
  const base = stored();
  const { paced } = await next<{ paced: number }>(child, 'paced');
  await waitFor(() => stored() - base >= paced, 10_000);
  const pacedStored = stored() - base;
  const latencies = [...lat];
  lat.length = 0;
  const before = stored();
  const t0 = performance.now();
  child.send({ burst: BURST } satisfies ToChild);
  const { burst } = await next<{ burst: number }>(child, 'burst');
  await waitFor(() => stored() - before >= burst, 60_000);
  const burstRate = (stored() - before) / ((performance.now() - t0) / 1000);
  child.send({ stop: true } satisfies ToChild);
  await new Promise((r) => child.once('exit', r));
  return { pacedSent: paced, pacedStored, p99: p99(latencies), burstRate };
}

async function main() {
  console.log(`${N} cabinets, a heartbeat every ${INTERVAL} s for ${SECONDS} s, then a burst of ${BURST} each`);

  // ---- bare aedes: no authentication, nothing stored
  const bare = new Aedes();
  await bare.listen();
  let bareCount = 0;
  const bareLat: number[] = [];
  await new Promise<void>((r) =>
    bare.subscribe(
      'dev/+/up/+',
      (packet, cb) => {
        bareCount++;
        bareLat.push(Date.now() - (JSON.parse(packet.payload.toString()) as { ts: number }).ts);
        cb();
      },
      () => r(),
    ),
  );
  const bareServer = net.createServer((s) => bare.handle(s));
  await new Promise<void>((r) => bareServer.listen(0, '127.0.0.1', () => r()));
  const barePort = (bareServer.address() as net.AddressInfo).port;
  const bareCreds = Array.from({ length: N }, (_, i) => ({ deviceCode: `B${String(i).padStart(10, '0')}`, secret: 'x' }));
  const b = await drive(`mqtt://127.0.0.1:${barePort}`, bareCreds, () => bareCount, bareLat);
  await new Promise<void>((r) => bare.close(() => r()));
  bareServer.close();
  console.log(`bare aedes:  ${b.pacedStored}/${b.pacedSent} received, p99 ${b.p99} ms, burst ${b.burstRate.toFixed(0)} msg/s`);

  // ---- the real link: SQLite, device authentication, the device module storing heartbeats
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-bench-'));
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createDb } = await import('../apps/server/src/db/database.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const { runSeeds } = await import('../apps/server/src/platform/seeds.ts');
  const { systemClock } = await import('../apps/server/src/platform/clock.ts');
  const { DeviceLink } = await import('../apps/server/src/platform/device-link/device-link.ts');
  const { deviceLinkHandler } = await import('../apps/server/src/modules/device/device.link.ts');
  const { provisionCabinets } = await import('../apps/server/src/modules/device/device.provision.ts');
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const db = await createDb({ dataDir, databaseUrl: undefined });
  await migrateToLatest(db.db);
  await runSeeds(db.db, { demoSeed: true, demoPassword: 'Bench12345x' }, Date.now());
  const creds = await provisionCabinets(db.db, systemClock, N);
  const inner = deviceLinkHandler(db.db);
  let stored = 0;
  const lat: number[] = [];
  const link = new DeviceLink(
    { ...config.deviceLink, mode: 'embedded', port: 0, host: '127.0.0.1', sweepIntervalMs: 0 },
    systemClock,
    Fastify({ logger: false }).log,
    {
      ...inner,
      async receive(code, kind, payload, now) {
        await inner.receive(code, kind, payload, now);
        stored++;
        lat.push(Date.now() - (payload as { ts: number }).ts);
      },
    },
  );
  await link.start();
  const r = await drive(`mqtt://127.0.0.1:${link.port}`, creds, () => stored, lat);
  await link.sweep();
  const online = await db.db
    .selectFrom('device')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('online', '=', 1)
    .where(
      'device_code',
      'in',
      creds.map((c) => c.deviceCode),
    )
    .executeTakeFirstOrThrow();
  await link.stop();
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `device link: ${r.pacedStored}/${r.pacedSent} stored, p99 ${r.p99} ms, burst ${r.burstRate.toFixed(0)} msg/s, ${Number(online.n)}/${N} online, bad ${link.stats.bad}, failed ${link.stats.failed}`,
  );
  console.log(`throughput ratio (device link / bare aedes): ${(r.burstRate / b.burstRate).toFixed(2)}`);
  const problems = [
    r.pacedStored < r.pacedSent && `${r.pacedSent - r.pacedStored} heartbeats not stored`,
    Number(online.n) !== N && `${N - Number(online.n)} cabinets not online`,
    r.p99 > 100 && `p99 ${r.p99} ms > 100 ms`,
  ].filter(Boolean);
  if (problems.length) {
    console.log(`FAILED: ${problems.join('; ')}`);
    process.exitCode = 1;
  }
}

if (!process.env.DEVICE_BENCH_CHILD) await main();
