import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './types.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema (created when missing) — used by tests to isolate files. */
  pgSchema?: string;
  /** SQLite file name inside dataDir, or ':memory:'. */
  sqliteFile?: string;
}

// BIGINT (int8) columns hold epoch milliseconds and cents: both are safe JavaScript integers.
pg.types.setTypeParser(20, (v) => Number(v));

export async function createDb(opts: DbOptions): Promise<Db> {
  if (opts.databaseUrl) {
    const schema = opts.pgSchema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const file = opts.sqliteFile ?? 'merchant.db';
  if (file !== ':memory:') fs.mkdirSync(opts.dataDir, { recursive: true });
  const sqlite = new SQLite(file === ':memory:' ? ':memory:' : path.join(opts.dataDir, file));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
