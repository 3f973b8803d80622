// Child process of gateway.bench.ts: the real app on a temp SQLite file, plus two bench-only routes
// measured side by side: a bare Fastify route, and the same gateway dispatch without the channel.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { runSeeds } from '../apps/server/src/platform/seeds.ts';
import { dispatch } from '../apps/server/src/platform/gateway/gateway.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'silent', API_DOCS: 'false' }) };
const db = await createDb({ dataDir: dir });
await migrateToLatest(db.db);
await runSeeds(db.db, { demoSeed: true, demoPassword: process.env.BENCH_PASSWORD! }, Date.now());
const { app, deps } = await buildApp({ config, db, logger: false });
app.post('/bench/plain-request', async (req, reply) => {
  const body = req.body as { name: string; body: unknown };
  return dispatch(deps, req, reply, body, { publicOnly: false });
});
await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify({ logger: false });
bare.post('/bare', async () => ({ code: '200', msg: '成功', data: { list: [], total: 0 } }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const port = (a: { server: { address(): unknown } }) => (a.server.address() as { port: number }).port;
process.send!({ app: port(app), bare: port(bare) });
process.on('message', async () => {
  await app.close();
  await bare.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
