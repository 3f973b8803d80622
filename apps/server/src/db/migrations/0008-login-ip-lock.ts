import { sql, type Kysely } from 'kysely';

// Frozen: the password-login lock per account and IP (issue 10). `login_lock` stays, keyed by account,
// and from here on holds the account's global back-off (the earliest time the next attempt from any
// IP is taken). Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_ip_lock')
    .addColumn('user_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_ip_lock_pk', ['user_key', 'ip'])
    .execute();
  // failures of one login key from one address in a window
  await db.schema.createIndex('login_log_user_ip_idx').on('login_log').columns(['user_name', 'ip', 'created_at']).execute();
  // an old row meant "locked for everyone"; start the back-off afresh
  await sql`delete from login_lock`.execute(db);
}
