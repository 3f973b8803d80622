import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen: files get a public id (issue 10 item 7). The row number stays the internal key that
// business tables reference; people and URLs see `public_id`, 128 random bits in base64url, so a
// file cannot be found by counting. Existing rows get one here (generated in JS: dialect-neutral),
// and the change requests that name a certificate file by its row number name it by its public id.

const newPublicId = () => randomBytes(16).toString('base64url');
const BATCH = 500;

interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('file').addColumn('public_id', 'varchar(32)').execute();
  const publicIds = new Map<number, string>();
  for (;;) {
    const rows: { id: number }[] = await db
      .selectFrom('file')
      .select('id')
      .where('public_id', 'is', null)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      const publicId = newPublicId();
      await db.updateTable('file').set({ public_id: publicId }).where('id', '=', r.id).execute();
      publicIds.set(Number(r.id), publicId);
    }
  }
  await db.schema.createIndex('file_public_id_uq').on('file').column('public_id').unique().execute();

  // merchant_change.changes is JSON [{field, label, before, after}]; certFileId values were row numbers.
  let lastId = 0;
  for (;;) {
    const rows: { id: number; changes: string }[] = await db
      .selectFrom('merchant_change')
      .select(['id', 'changes'])
      .where('id', '>', lastId)
      .where('changes', 'like', '%certFileId%')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      lastId = Number(r.id);
      let changes: Change[];
      try {
        changes = JSON.parse(r.changes) as Change[];
      } catch {
        continue;
      }
      if (!Array.isArray(changes)) continue;
      const toPublic = (v: unknown) => (typeof v === 'number' ? (publicIds.get(v) ?? null) : v);
      let touched = false;
      const next = changes.map((c) => {
        if (c?.field !== 'certFileId') return c;
        touched = true;
        return { ...c, before: toPublic(c.before), after: toPublic(c.after) };
      });
      if (touched)
        await db
          .updateTable('merchant_change')
          .set({ changes: JSON.stringify(next) })
          .where('id', '=', r.id)
          .execute();
    }
  }
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
