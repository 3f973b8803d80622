import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildPostgresTemplate, buildSqliteTemplate, dropDatabase, dropRunDatabases } from './demo-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory of the demo SQLite template (demo-template.ts). */
    sqliteTemplate: string;
    /** The demo PostgreSQL template database's name ('' without TEST_DATABASE_URL). */
    postgresTemplate: string;
    /** This run's tag: the databases copied from the template are named t_<tag>_… */
    runTag: string;
  }
}

/** The API tests' global setup: the demo templates, built once for the run and removed after it. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  const [sqliteDir, pgName] = await Promise.all([buildSqliteTemplate(), url ? buildPostgresTemplate(url) : Promise.resolve('')]);
  project.provide('sqliteTemplate', sqliteDir);
  project.provide('postgresTemplate', pgName);
  const runTag = randomBytes(3).toString('hex');
  project.provide('runTag', runTag);
  return async () => {
    fs.rmSync(sqliteDir, { recursive: true, force: true });
    if (url && pgName) {
      await dropRunDatabases(url, runTag).catch(() => undefined);
      await dropDatabase(url, pgName).catch(() => undefined);
    }
  };
}
