import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { addDays } from '@merchant/contracts';
import { CONTRACT_EXPIRING_DAYS, type ContractStatus } from '@merchant/contracts/merchant/contract';
import type { Database } from '../../db/database.ts';
import type { ContractTable } from './contract.table.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ContractDbRow = Selectable<ContractTable>;

export interface ContractFilter {
  contractNo?: string;
  name?: string;
  partyName?: string;
  contractType?: string;
  status?: ContractStatus;
  /** ['YYYY-MM-DD', 'YYYY-MM-DD'], both days included. */
  endRange?: [string, string];
  pageNum: number;
  pageSize: number;
  sortField?: 'createdAt' | 'endDate' | 'amount';
  sortOrder: 'ascend' | 'descend';
}

/**
 * The contract list's query: filters, merchant scope and order, without paging (the list and its
 * export). The status filter is derived from the dates on `today` — the calendar date in the business
 * time zone — as contractStatusAt in contracts does it, as SQL ('YYYY-MM-DD' text compares as dates).
 */
export function contractQuery(db: Db, merchantId: number, f: Omit<ContractFilter, 'pageNum' | 'pageSize'>, today: string) {
  let q = db.selectFrom('contract').where('merchant_id', '=', merchantId);
  if (f.contractNo) q = q.where(contains('contract_no', f.contractNo));
  if (f.name) q = q.where(contains('name', f.name));
  if (f.partyName) q = q.where(contains('party_name', f.partyName));
  if (f.contractType) q = q.where('contract_type', '=', f.contractType);
  if (f.endRange) q = q.where('end_date', '>=', f.endRange[0]).where('end_date', '<=', f.endRange[1]);
  const soon = addDays(today, CONTRACT_EXPIRING_DAYS);
  if (f.status === 'terminated') q = q.where('terminated_at', 'is not', null);
  else if (f.status) {
    q = q.where('terminated_at', 'is', null);
    if (f.status === 'pending') q = q.where('start_date', '>', today);
    if (f.status === 'expired') q = q.where('end_date', '<', today);
    if (f.status === 'expiring') q = q.where('start_date', '<=', today).where('end_date', '>=', today).where('end_date', '<=', soon);
    if (f.status === 'active') q = q.where('start_date', '<=', today).where('end_date', '>', soon);
  }
  const col = f.sortField === 'endDate' ? 'end_date' : f.sortField === 'amount' ? 'amount' : 'id';
  return q
    .selectAll()
    .orderBy(col, f.sortOrder === 'ascend' ? 'asc' : 'desc')
    .orderBy('id', 'desc');
}

export async function listContracts(db: Db, merchantId: number, f: ContractFilter, today: string) {
  const q = contractQuery(db, merchantId, f, today);
  return fetchPage(db, q, f);
}

export function findContract(db: Db, merchantId: number, id: number) {
  return db.selectFrom('contract').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
}

export async function contractNoTaken(db: Db, merchantId: number, no: string) {
  return Boolean(
    await db.selectFrom('contract').select('id').where('merchant_id', '=', merchantId).where('contract_no', '=', no).executeTakeFirst(),
  );
}

export async function insertContract(db: Db, row: Omit<ContractTable, 'id'>) {
  return (await db.insertInto('contract').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export function updateContract(db: Db, id: number, values: Updateable<ContractTable>) {
  return db.updateTable('contract').set(values).where('id', '=', id).execute();
}

export function deleteContract(db: Db, id: number) {
  return db.deleteFrom('contract').where('id', '=', id).execute();
}

/** The merchant's 智能柜投放合同 (any status), newest first. */
export function cabinetContracts(db: Db, merchantId: number) {
  return db
    .selectFrom('contract')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('contract_type', '=', 'cabinet')
    .where('cabinet_model_code', 'is not', null)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

/** Adds `n` activated cabinets unless that exceeds the contract's count; true when it did. */
export async function addCabinetsActivated(db: Db, merchantId: number, id: number, n: number, now: number) {
  const r = await db
    .updateTable('contract')
    .set((eb) => ({ cabinet_activated: eb('cabinet_activated', '+', n), updated_at: now }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where((eb) => eb(eb('cabinet_activated', '+', n), '<=', eb.ref('cabinet_count')))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
