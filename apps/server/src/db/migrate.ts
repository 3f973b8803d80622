import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.ts';

/**
 * Migrations are discovered in ./migrations (file name order); each file is frozen once released.
 * The provider imports them from here (not kysely's FileMigrationProvider) so that the same loader
 * that runs the app (tsx, vitest) handles the TypeScript files.
 */
const provider: MigrationProvider = {
  async getMigrations() {
    const dir = path.join(import.meta.dirname, 'migrations');
    const files = (await fs.readdir(dir)).filter((f) => /^\d{4}-[a-z0-9-]+\.(ts|js)$/.test(f)).sort();
    const out: Record<string, Migration> = {};
    for (const file of files) out[file.replace(/\.(ts|js)$/, '')] = (await import(path.join(dir, file))) as Migration;
    return out;
  },
};

/**
 * On PostgreSQL the migration tables are looked for in the connection's own schema: kysely otherwise
 * finds a `kysely_migration_lock` of ANY schema (another database user, a parallel test run) and
 * then fails to select from its own, which does not exist yet.
 */
export async function migrationTableSchema(db: Kysely<unknown>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const k = db as unknown as Kysely<unknown>;
  const migrator = new Migrator({ db: k, provider, migrationTableSchema: await migrationTableSchema(k) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`数据库迁移失败 (migration failed): ${failed?.migrationName ?? ''} ${String(error)}`);
  }
}
