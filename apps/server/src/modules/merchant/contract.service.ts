import { calendarDateOf, type Paged } from '@merchant/contracts';
import {
  CABINET_CONTRACT_TYPE,
  CONTRACT_STATUS,
  CONTRACT_TYPES,
  contractStatusAt,
  type contractAddInput,
  type contractEditInput,
  type ContractRow,
} from '@merchant/contracts/merchant/contract';
import type { z } from 'zod';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import { modelsByCode } from '../device/device.service.ts';
import { fileRefs, requireMerchantFile } from '../../platform/files/file-store.ts';
import type { OpContext } from '../../platform/gateway/op-context.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import * as repo from './contract.repo.ts';

const merchantOf = (ctx: OpContext) => ctx.session!.merchantId;
const CONTRACT_NO_INDEX = { index: 'contract_no_uq', table: 'contract', columns: ['merchant_id', 'contract_no'] };
/** Today's calendar date in the business time zone (what a contract's status is derived on). */
const todayOf = (ctx: OpContext) => calendarDateOf(ctx.clock.now(), ctx.config.businessTimeZone);

type ModelNames = Map<string, { name: string }>;

function toContract(
  r: repo.ContractDbRow,
  today: string,
  files: Map<number, { id: string; name: string }>,
  models: ModelNames,
): ContractRow {
  const c = { startDate: r.start_date, endDate: r.end_date, terminatedAt: r.terminated_at === null ? null : Number(r.terminated_at) };
  const status = contractStatusAt(c, today);
  return {
    id: r.id,
    contractNo: r.contract_no,
    name: r.name,
    contractType: r.contract_type,
    contractTypeName: CONTRACT_TYPES[r.contract_type as keyof typeof CONTRACT_TYPES] ?? r.contract_type,
    partyName: r.party_name,
    amount: Number(r.amount),
    signDate: r.sign_date,
    ...c,
    status,
    statusName: CONTRACT_STATUS[status],
    fileId: r.file_id === null ? null : (files.get(r.file_id)?.id ?? null),
    fileName: r.file_id === null ? '' : (files.get(r.file_id)?.name ?? ''),
    remark: r.remark,
    cabinetModelCode: r.cabinet_model_code ?? '',
    cabinetModelName: r.cabinet_model_code ? (models.get(r.cabinet_model_code)?.name ?? r.cabinet_model_code) : '',
    cabinetCount: Number(r.cabinet_count),
    cabinetActivated: Number(r.cabinet_activated),
    terminateReason: r.terminate_reason,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function requireContract(ctx: OpContext, id: number) {
  const row = await repo.findContract(ctx.db, merchantOf(ctx), id);
  if (!row) throw notFound('合同');
  return row;
}

/** The attachment's row id: a contract file of this merchant (else "not found" / bad input). */
async function checkFile(ctx: OpContext, fileId: string | null | undefined): Promise<number | null> {
  return fileId
    ? (await requireMerchantFile(ctx.db, merchantOf(ctx), fileId, { what: '合同附件', purpose: 'contract', field: 'fileId' })).rowId
    : null;
}

export async function list(ctx: OpContext, f: repo.ContractFilter): Promise<Paged<ContractRow>> {
  const today = todayOf(ctx);
  const { list: rows, total } = await repo.listContracts(ctx.db, merchantOf(ctx), f, today);
  const files = await fileRefs(
    ctx.db,
    merchantOf(ctx),
    rows.flatMap((r) => (r.file_id === null ? [] : [r.file_id])),
  );
  const models = await modelsByCode(ctx);
  return { list: rows.map((r) => toContract(r, today, files, models)), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

/** The contract list's own query for its export (same filters at the same clock, merchant scope and order). */
export function listExportQuery(ctx: OpContext, f: Omit<repo.ContractFilter, 'pageNum' | 'pageSize'>) {
  return repo.contractQuery(ctx.db, merchantOf(ctx), f, todayOf(ctx));
}

/** One export batch: the list's rows (status from the dates, attachment names). */
export async function listExportRows(ctx: OpContext, rows: repo.ContractDbRow[]): Promise<ContractRow[]> {
  const today = todayOf(ctx);
  const files = await fileRefs(
    ctx.db,
    merchantOf(ctx),
    rows.flatMap((r) => (r.file_id === null ? [] : [r.file_id])),
  );
  const models = await modelsByCode(ctx);
  return rows.map((r) => toContract(r, today, files, models));
}

export async function detail(ctx: OpContext, id: number) {
  const row = await requireContract(ctx, id);
  const files = await fileRefs(ctx.db, merchantOf(ctx), row.file_id === null ? [] : [row.file_id]);
  return toContract(row, todayOf(ctx), files, await modelsByCode(ctx));
}

type Fields = z.output<typeof contractAddInput>;
const columnsOf = (i: Fields, fileRowId: number | null) => ({
  name: i.name,
  contract_type: i.contractType,
  party_name: i.partyName,
  amount: i.amount,
  sign_date: i.signDate,
  start_date: i.startDate,
  end_date: i.endDate,
  file_id: fileRowId,
  remark: i.remark,
  cabinet_model_code: i.contractType === CABINET_CONTRACT_TYPE ? (i.cabinetModelCode ?? null) : null,
  cabinet_count: i.contractType === CABINET_CONTRACT_TYPE ? (i.cabinetCount ?? 0) : 0,
});

/** A cabinet contract's model must be a known cabinet model. */
async function checkCabinetModel(ctx: OpContext, i: Fields) {
  if (i.contractType !== CABINET_CONTRACT_TYPE) return;
  if (!(await modelsByCode(ctx)).has(i.cabinetModelCode ?? '')) throw badInput('柜型不存在（字段：cabinetModelCode）');
}

export async function add(ctx: OpContext, input: Fields) {
  const mid = merchantOf(ctx);
  await checkCabinetModel(ctx, input);
  const fileRowId = await checkFile(ctx, input.fileId);
  const now = ctx.clock.now();
  return withGeneratedCode(
    'HT',
    now,
    (c) => repo.contractNoTaken(ctx.db, mid, c),
    CONTRACT_NO_INDEX,
    async (contractNo) => {
      const id = await repo.insertContract(ctx.db, {
        merchant_id: mid,
        contract_no: contractNo,
        ...columnsOf(input, fileRowId),
        cabinet_activated: 0,
        terminated_at: null,
        terminate_reason: '',
        created_by: ctx.session!.accountId,
        created_at: now,
        updated_at: now,
      });
      return { id, contractNo };
    },
  );
}

export async function edit(ctx: OpContext, input: z.output<typeof contractEditInput>) {
  const row = await requireContract(ctx, input.id);
  if (row.terminated_at !== null) throw conflict('已终止的合同不能修改');
  await checkCabinetModel(ctx, input);
  const activated = Number(row.cabinet_activated);
  if (activated > 0) {
    if (input.contractType !== CABINET_CONTRACT_TYPE || input.cabinetModelCode !== row.cabinet_model_code)
      throw conflict(`合同下已激活${activated}台设备，不能修改合同类型或柜型（字段：cabinetModelCode）`);
    if ((input.cabinetCount ?? 0) < activated)
      throw conflict(`合同下已激活${activated}台设备，柜数不能少于${activated}（字段：cabinetCount）`);
  }
  const fileRowId = await checkFile(ctx, input.fileId);
  await repo.updateContract(ctx.db, row.id, { ...columnsOf(input, fileRowId), updated_at: ctx.clock.now() });
  return { id: row.id };
}

export async function terminate(ctx: OpContext, id: number, reason: string) {
  const row = await requireContract(ctx, id);
  const now = ctx.clock.now();
  const status = contractStatusAt({ startDate: row.start_date, endDate: row.end_date, terminatedAt: row.terminated_at }, todayOf(ctx));
  if (status === 'terminated') throw conflict('合同已终止');
  if (status === 'expired') throw conflict('合同已到期，无需终止');
  await repo.updateContract(ctx.db, row.id, { terminated_at: now, terminate_reason: reason, updated_at: now });
  return null;
}

export async function remove(ctx: OpContext, id: number) {
  const row = await requireContract(ctx, id);
  const status = contractStatusAt({ startDate: row.start_date, endDate: row.end_date, terminatedAt: row.terminated_at }, todayOf(ctx));
  if (status !== 'pending') throw conflict('只有未生效的合同可以删除；生效中的合同请先终止，已终止或到期的合同作为记录保留');
  await repo.deleteContract(ctx.db, row.id);
  return null;
}

// ---------------------------------------------------------------- cabinet contracts (device activation)

export interface CabinetContract {
  id: number;
  contractNo: string;
  name: string;
  modelCode: string;
  cabinetCount: number;
  cabinetActivated: number;
  status: ContractRow['status'];
  statusName: string;
  startDate: string;
  endDate: string;
}

const toCabinet = (r: repo.ContractDbRow, today: string): CabinetContract => {
  const status = contractStatusAt({ startDate: r.start_date, endDate: r.end_date, terminatedAt: r.terminated_at }, today);
  return {
    id: r.id,
    contractNo: r.contract_no,
    name: r.name,
    modelCode: r.cabinet_model_code ?? '',
    cabinetCount: Number(r.cabinet_count),
    cabinetActivated: Number(r.cabinet_activated),
    status,
    statusName: CONTRACT_STATUS[status],
    startDate: r.start_date,
    endDate: r.end_date,
  };
};

/** The merchant's 智能柜投放合同 in force (生效中 / 即将到期), newest first. */
export async function cabinetContractsInForce(ctx: OpContext): Promise<CabinetContract[]> {
  const today = todayOf(ctx);
  const rows = await repo.cabinetContracts(ctx.db, merchantOf(ctx));
  return rows.map((r) => toCabinet(r, today)).filter((c) => c.status === 'active' || c.status === 'expiring');
}

/**
 * A contract devices may be activated against now (in `db`, the caller's transaction): the merchant's, of type
 * 智能柜投放合同, in force. Anything else is refused with a clear message.
 */
export async function requireCabinetContract(ctx: OpContext, id: number, db: Transaction<Database> | OpContext['db'] = ctx.db) {
  const row = await repo.findContract(db, merchantOf(ctx), id);
  if (!row) throw badInput('合同不存在（字段：contractId）');
  if (row.contract_type !== CABINET_CONTRACT_TYPE || !row.cabinet_model_code)
    throw badInput(`合同${row.contract_no}不是智能柜投放合同，不能用于激活设备（字段：contractId）`);
  const c = toCabinet(row, todayOf(ctx));
  if (c.status === 'terminated') throw conflict(`合同${c.contractNo}已终止，不能激活设备`);
  if (c.status === 'expired') throw conflict(`合同${c.contractNo}已到期（${c.endDate}），不能激活设备`);
  if (c.status === 'pending') throw conflict(`合同${c.contractNo}尚未生效（${c.startDate}起生效），不能激活设备`);
  return c;
}

/**
 * Counts `n` more cabinets activated against the contract, in the caller's transaction — one conditional
 * update, so two approvals at once can never activate more cabinets than the contract covers.
 */
export async function reserveCabinets(trx: Transaction<Database>, ctx: OpContext, c: CabinetContract, n: number) {
  const done = await repo.addCabinetsActivated(trx, merchantOf(ctx), c.id, n, ctx.clock.now());
  if (!done) {
    const now = await repo.findContract(trx, merchantOf(ctx), c.id);
    const left = Number(now?.cabinet_count ?? 0) - Number(now?.cabinet_activated ?? 0);
    throw conflict(
      `合同${c.contractNo}覆盖${Number(now?.cabinet_count ?? 0)}台柜，已激活${Number(now?.cabinet_activated ?? 0)}台，剩余${Math.max(left, 0)}台，不足以激活${n}台设备`,
    );
  }
}

/** The demo seed's activations counted on their contracts (the same conditional update as an approval). */
export const countSeededActivations = (db: Transaction<Database>, merchantId: number, contractId: number, n: number, now: number) =>
  repo.addCabinetsActivated(db, merchantId, contractId, n, now);
