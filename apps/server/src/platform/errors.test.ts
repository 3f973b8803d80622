import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CODES } from '@merchant/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DIALECTS } from '../test/harness.ts';
import { GENERIC_DUPLICATE_MESSAGE, GENERIC_REFERENCE_MESSAGE, guardUnique } from './errors.ts';

/** A unique or foreign-key violation that escapes every service answers a clear 409, never a 500 (issue 10 item 4). */
describe.each(DIALECTS)('database violations no service named (%s)', (dialect) => {
  let app: FastifyInstance;
  let db: Db;
  let dir: string;
  const schema = dialect === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merchant-err-'));
    const config = {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' }),
      ...(schema ? { databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: schema } : {}),
    };
    db = await createDb({ dataDir: dir, databaseUrl: config.databaseUrl, pgSchema: schema });
    await migrateToLatest(db.db);
    ({ app } = await buildApp({ config, db, logger: false }));
    const channel = () => db.db.insertInto('channel').values({ code: 'dup', name: '重复渠道', sort: 0 }).execute();
    app.post('/__test/duplicate', async () => {
      await channel();
      await channel();
      return { ok: true };
    });
    app.post('/__test/named', async () => {
      await channel().catch(() => undefined);
      await guardUnique(channel, { index: 'channel_pkey', table: 'channel', columns: ['code'], message: '渠道编码已存在' });
      return { ok: true };
    });
    app.post('/__test/dangling', async () => {
      await db.db.insertInto('merchant_channel').values({ merchant_id: 999_999, channel_code: 'nowhere' }).execute();
      return { ok: true };
    });
    app.post('/__test/crash', async () => {
      throw new Error('boom');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).execute(db.db);
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = async (url: string) => {
    const res = await app.inject({ method: 'POST', url });
    return { status: res.statusCode, ...(res.json() as { code: string; msg: string }) };
  };

  it('answers an unnamed unique violation with a generic 409', async () => {
    expect(await post('/__test/duplicate')).toMatchObject({ status: 409, code: CODES.conflict, msg: GENERIC_DUPLICATE_MESSAGE });
  });

  it('answers a named one with its own message', async () => {
    expect(await post('/__test/named')).toMatchObject({ status: 409, code: CODES.conflict, msg: '渠道编码已存在' });
  });

  it('answers a foreign-key violation with a generic 409', async () => {
    expect(await post('/__test/dangling')).toMatchObject({ status: 409, code: CODES.conflict, msg: GENERIC_REFERENCE_MESSAGE });
  });

  it('still answers anything else with 500', async () => {
    expect(await post('/__test/crash')).toMatchObject({ status: 500, code: CODES.serverError });
  });
});
