import { sql, type Kysely } from 'kysely';

// Frozen: the database enforces every uniqueness and one-at-a-time rule (issue 10), and keeps the
// sending budgets of verify codes. Dialect-neutral (SQLite and PostgreSQL both have partial unique
// indexes and INSERT … ON CONFLICT … DO UPDATE … WHERE).
//
// A database written before this migration may hold duplicates that concurrent requests slipped
// past the old check-then-insert rules. They are resolved first, so the indexes can be built:
// - names (organisation among siblings, role in an organisation, store in a merchant): the oldest
//   row keeps its name, each later one is renamed "<name>（重复<id>）" — nothing is deleted, and the
//   merchant sees the renamed rows and can rename or delete them;
// - one open settle application / one pending change request per merchant: the newest stays open,
//   the older ones are withdrawn (status 4) with a note in review_remark.

const DUPLICATE_NOTE = '系统整理：同时存在多个进行中的申请，已保留最新一条，本条自动撤回';

interface NameScope {
  table: 'organization' | 'role' | 'store';
  /** The columns that, with `name`, must be unique. */
  scope: string[];
}

async function renameDuplicateNames(db: Kysely<unknown>, { table, scope }: NameScope): Promise<void> {
  const cols = sql.join(scope.map((c) => sql.ref(c)));
  const groups = await sql<Record<string, unknown> & { name: string }>`
    select ${cols}, name from ${sql.table(table)}
    where ${sql.join(
      scope.map((c) => sql`${sql.ref(c)} is not null`),
      sql` and `,
    )}
    group by ${cols}, name having count(*) > 1`.execute(db);
  for (const g of groups.rows) {
    const inScope = sql.join(
      scope.map((c) => sql`${sql.ref(c)} = ${g[c]}`),
      sql` and `,
    );
    const { rows } = await sql<{
      id: number;
    }>`select id from ${sql.table(table)} where ${inScope} and name = ${g.name} order by id`.execute(db);
    for (const { id } of rows.slice(1)) {
      for (let n = 1; ; n++) {
        const candidate = `${g.name}（重复${id}${n > 1 ? `-${n}` : ''}）`;
        const taken = await sql<{ id: number }>`select id from ${sql.table(table)} where ${inScope} and name = ${candidate}`.execute(db);
        if (taken.rows.length > 0) continue;
        await sql`update ${sql.table(table)} set name = ${candidate} where id = ${id}`.execute(db);
        break;
      }
    }
  }
}

/** Withdraws all but the newest open row of each merchant. */
async function withdrawOlderOpen(
  db: Kysely<unknown>,
  table: 'settle_apply' | 'merchant_change',
  open: number[],
  now: number,
): Promise<void> {
  const openList = sql.join(open.map((s) => sql.lit(s)));
  const merchants = await sql<{ merchant_id: number }>`
    select merchant_id from ${sql.table(table)} where status in (${openList}) group by merchant_id having count(*) > 1`.execute(db);
  for (const { merchant_id } of merchants.rows) {
    const { rows } = await sql<{ id: number }>`
      select id from ${sql.table(table)} where merchant_id = ${merchant_id} and status in (${openList}) order by id desc`.execute(db);
    const older = rows.slice(1).map((r) => r.id);
    const touched = table === 'settle_apply' ? sql`, updated_at = ${now}` : sql``;
    await sql`update ${sql.table(table)} set status = 4, review_remark = ${DUPLICATE_NOTE}${touched} where id in (${sql.join(older)})`.execute(
      db,
    );
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = Date.now();
  await renameDuplicateNames(db, { table: 'organization', scope: ['parent_id'] });
  await renameDuplicateNames(db, { table: 'role', scope: ['organization_id'] });
  await renameDuplicateNames(db, { table: 'store', scope: ['merchant_id'] });
  await withdrawOlderOpen(db, 'settle_apply', [0, 1], now);
  await withdrawOlderOpen(db, 'merchant_change', [1], now);

  // An organisation's name is unique among its siblings (the root has no siblings).
  await db.schema.createIndex('organization_sibling_name_uq').on('organization').columns(['parent_id', 'name']).unique().execute();
  await db.schema.createIndex('role_org_name_uq').on('role').columns(['organization_id', 'name']).unique().execute();
  await db.schema.createIndex('store_name_uq').on('store').columns(['merchant_id', 'name']).unique().execute();
  // One open (draft or pending) settle application, one pending change request per merchant.
  await db.schema
    .createIndex('settle_apply_open_uq')
    .on('settle_apply')
    .column('merchant_id')
    .unique()
    .where(sql<boolean>`status in (0, 1)`)
    .execute();
  await db.schema
    .createIndex('merchant_change_pending_uq')
    .on('merchant_change')
    .column('merchant_id')
    .unique()
    .where(sql<boolean>`status = 1`)
    .execute();

  // Sending budgets (verify codes per phone, per IP, overall): one row per bucket, counted with a
  // conditional upsert so concurrent requests can never overspend a budget.
  await db.schema
    .createTable('rate_budget')
    .addColumn('bucket', 'varchar(160)', (c) => c.primaryKey())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addColumn('window_ends', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_budget_window_idx').on('rate_budget').column('window_ends').execute();
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
