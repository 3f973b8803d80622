import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Compilable } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';

/**
 * The database's tables. Empty here: the database layer knows no module. Each table is declared
 * beside the code that writes it, in a `<resource>.table.ts` file that adds it by declaration merging:
 * `declare module '…/db/database.ts' { interface Database { store: StoreTable } }`.
 * Times are epoch milliseconds; money is integer cents; booleans are 0/1 integers.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the owners' *.table.ts files
export interface Database {}

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
  /**
   * Streams a query's rows in batches from a database cursor, on a connection of its own so a long
   * export never holds the connection other requests use (SQLite: a read-only connection on the
   * same WAL file, one consistent snapshot; PostgreSQL: a pooled client with a server-side cursor).
   * Breaking out of the loop closes the cursor.
   */
  stream<R>(query: Compilable<R>, batchSize?: number): AsyncGenerator<R[]>;
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
    async function* stream<R>(query: Compilable<R>, batchSize = 1000): AsyncGenerator<R[]> {
      const { sql, parameters } = query.compile();
      const client = await pool.connect();
      const cursor = client.query(new Cursor<R>(sql, parameters as unknown[]));
      try {
        for (;;) {
          const rows = await cursor.read(batchSize);
          if (rows.length === 0) return;
          yield rows;
        }
      } finally {
        await cursor.close().catch(() => undefined);
        client.release();
      }
    }
    return { db, dialect: 'postgres', destroy: () => db.destroy(), stream };
  }
  const file = opts.sqliteFile ?? 'merchant.db';
  if (file !== ':memory:') fs.mkdirSync(opts.dataDir, { recursive: true });
  const sqlite = new SQLite(file === ':memory:' ? ':memory:' : path.join(opts.dataDir, file));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  async function* stream<R>(query: Compilable<R>, batchSize = 1000): AsyncGenerator<R[]> {
    const { sql, parameters } = query.compile();
    // An open iterator makes a better-sqlite3 connection busy: each stream reads on its own one.
    const reader = file === ':memory:' ? undefined : new SQLite(path.join(opts.dataDir, file), { readonly: true, fileMustExist: true });
    if (!reader) throw new Error('streaming needs a file-backed SQLite database');
    reader.pragma('busy_timeout = 5000');
    const rows = reader.prepare(sql).iterate(...(parameters as unknown[])) as IterableIterator<R>;
    try {
      let batch: R[] = [];
      for (let r = rows.next(); !r.done; r = rows.next()) {
        batch.push(r.value);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    } finally {
      rows.return?.();
      reader.close();
    }
  }
  return { db, dialect: 'sqlite', destroy: () => db.destroy(), stream };
}
