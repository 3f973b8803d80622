import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { VoicePromptTable, VoicePushTable } from './voice-prompt.table.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const VOICE_SUBJECT = 'voice.prompt';

export interface VoiceFilter {
  promptCode?: string;
  name?: string;
  voiceType?: string;
  status?: number;
  sortField?: 'createdAt' | 'updatedAt';
  sortOrder: 'ascend' | 'descend';
}

export function voiceQuery(db: Db, merchantId: number, f: VoiceFilter) {
  let q = db.selectFrom('voice_prompt').where('merchant_id', '=', merchantId);
  if (f.promptCode) q = q.where(contains('prompt_code', f.promptCode));
  if (f.name) q = q.where(contains('name', f.name));
  if (f.voiceType) q = q.where('voice_type', '=', f.voiceType);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  if (f.sortField === 'updatedAt') q = q.orderBy('updated_at', dir);
  return q.selectAll().orderBy('id', f.sortField === 'createdAt' ? dir : 'desc');
}

export const listVoices = (db: Kysely<Database>, merchantId: number, f: VoiceFilter & { pageNum: number; pageSize: number }) =>
  fetchPage(db, voiceQuery(db, merchantId, f), f);

export const findVoice = (db: Db, merchantId: number, promptCode: string) =>
  db.selectFrom('voice_prompt').selectAll().where('merchant_id', '=', merchantId).where('prompt_code', '=', promptCode).executeTakeFirst();

export async function voiceCodeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db
      .selectFrom('voice_prompt')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('prompt_code', '=', code)
      .executeTakeFirst(),
  );
}

export const insertVoice = (db: Db, row: Omit<VoicePromptTable, 'id'>) => db.insertInto('voice_prompt').values(row).execute();

export const updateVoice = (db: Db, merchantId: number, id: number, version: number, values: Updateable<VoicePromptTable>) =>
  db
    .updateTable('voice_prompt')
    .set({ ...values, version: version + 1 })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();

/** A push is not an edit: it does not move the version. */
export const markPushed = (db: Db, id: number, at: number, count: number) =>
  db.updateTable('voice_prompt').set({ last_pushed_at: at, last_push_count: count }).where('id', '=', id).execute();

/** The merchant's enabled prompts in force on `today` ('YYYY-MM-DD'). */
export const enabledVoices = (db: Db, merchantId: number, today: string) =>
  db
    .selectFrom('voice_prompt')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 1)
    .where('date_to', '>=', today)
    .orderBy('id')
    .execute();

export const insertPushes = (db: Db, rows: Omit<VoicePushTable, 'id'>[]) =>
  rows.length === 0 ? Promise.resolve() : db.insertInto('voice_push').values(rows).execute();

/** A prompt's pushes, newest first, keyset-paged by id on the index (prompt_id, id). */
export const listPushes = (
  db: Kysely<Database>,
  merchantId: number,
  promptId: number,
  page: { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
) =>
  fetchKeysetPage(db, db.selectFrom('voice_push').selectAll().where('prompt_id', '=', promptId).where('merchant_id', '=', merchantId), {
    sort: { key: 'pushedAt', column: 'id', value: (r) => Number(r.id) },
    id: { column: 'id', value: (r) => Number(r.id) },
    order: page.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: page.cursor,
    pageSize: page.pageSize,
    count: page.cursor ? false : { upTo: 10_000 },
    scope: promptId,
  });
