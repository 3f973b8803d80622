import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { runSeeds } from '../platform/seeds.ts';

// The migrated, demo-seeded database every API test starts from, built once per test run (global-setup.ts) and copied
// for each test app: a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL. Building it for each app took
// 4–5 s on SQLite and 13–15 s on PostgreSQL (argon2 for the demo accounts, a few thousand rows of demo documents) —
// most of the suite's time. The seed runs at the test clock's start, so a copy is what the seed would have written.

export const TEST_PASSWORD = 'Test12345';
/** The FakeClock's start (2026-11-21 10:00 China time): the demo is seeded at this moment. */
export const TEST_CLOCK_START = Date.UTC(2026, 10, 21, 2, 0, 0);
export const SQLITE_FILE = 'merchant.db';

/** The PostgreSQL server's URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function seeded(opts: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const db = await createDb(opts);
  try {
    await migrateToLatest(db.db);
    await runSeeds(db.db, { demoSeed: true, demoPassword: TEST_PASSWORD }, TEST_CLOCK_START);
  } finally {
    await db.destroy();
  }
}

/** Builds the SQLite template; returns its directory (holding merchant.db, its WAL checkpointed on close). */
export async function buildSqliteTemplate(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merchant-template-'));
  await seeded({ dataDir: dir });
  return dir;
}

/** Builds the PostgreSQL template database on the server of `url`; returns its name. */
export async function buildPostgresTemplate(url: string): Promise<string> {
  const name = `tpl_${randomBytes(5).toString('hex')}`;
  await admin(url, `CREATE DATABASE ${name}`);
  await seeded({ dataDir: os.tmpdir(), databaseUrl: withDatabase(url, name) });
  return name;
}

/** A copy of the SQLite template in `dataDir` (unless a database is already there: an app restarted on its data). */
export function copySqliteTemplate(templateDir: string, dataDir: string): void {
  const target = path.join(dataDir, SQLITE_FILE);
  if (fs.existsSync(target)) return;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(path.join(templateDir, SQLITE_FILE), target);
}

/** The prefix of the databases copied in one run (`t_<run>_…`): what the run's teardown sweeps. */
export const runPrefix = (runTag: string) => `t_${runTag}_`;

/** A new database copied from the template; returns its URL. */
export async function copyPostgresTemplate(url: string, template: string, runTag: string): Promise<{ url: string; name: string }> {
  const name = `${runPrefix(runTag)}${randomBytes(5).toString('hex')}`;
  await admin(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return { url: withDatabase(url, name), name };
}

/**
 * Drops an app's database once its pool's connections are gone (a pool's end resolves before its last connections
 * close; terminating them with FORCE makes them throw where nobody listens). Bounded: it waits at most 3 s for them to
 * leave, and a database still in use then (a plain DROP would itself wait 5 s more, and fail) is left to the run's
 * teardown, which drops it WITH (FORCE) once the workers, and their connections, are gone.
 */
export async function dropWhenFree(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let waited = 0; ; waited += 100) {
      const { rows } = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      if (Number(rows[0].n) === 0) break;
      if (waited >= 3_000) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
  } catch (err) {
    if ((err as { code?: string }).code !== '55006') throw err; // 55006: still being accessed by other users
  } finally {
    await client.end();
  }
}

export const dropDatabase = (url: string, name: string) => admin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);

/** Drops every database a run copied (its teardown: the workers, and their connections, are gone). */
export async function dropRunDatabases(url: string, runTag: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      runPrefix(runTag),
    ]);
    for (const r of rows) await client.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** One statement on the server's own connection (CREATE / DROP DATABASE cannot run in a transaction or a pool's). */
async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
