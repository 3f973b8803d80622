import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileMigrationProvider, Migrator, type Kysely } from 'kysely';
import type { Database } from './types.ts';

/** Migrations are discovered in ./migrations (file name order); each file is frozen once released. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const provider = new FileMigrationProvider({ fs, path, migrationFolder: path.join(import.meta.dirname, 'migrations') });
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`数据库迁移失败 (migration failed): ${failed?.migrationName ?? ''} ${String(error)}`);
  }
}
