import { calendarDateOf, type Paged } from '@merchant/contracts';
import {
  CONTRACT_STATUS,
  CONTRACT_TYPES,
  contractStatusAt,
  type contractAddInput,
  type contractEditInput,
  type ContractRow,
} from '@merchant/contracts/merchant/contract';
import type { z } from 'zod';
import { conflict, notFound } from '../../platform/errors.ts';
import { fileRefs, requireMerchantFile } from '../../platform/files/file-store.ts';
import type { OpContext } from '../../platform/gateway/op-context.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import * as repo from './contract.repo.ts';

const merchantOf = (ctx: OpContext) => ctx.session!.merchantId;
const CONTRACT_NO_INDEX = { index: 'contract_no_uq', table: 'contract', columns: ['merchant_id', 'contract_no'] };
/** Today's calendar date in the business time zone (what a contract's status is derived on). */
const todayOf = (ctx: OpContext) => calendarDateOf(ctx.clock.now(), ctx.config.businessTimeZone);

function toContract(r: repo.ContractDbRow, today: string, files: Map<number, { id: string; name: string }>): ContractRow {
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
  return { list: rows.map((r) => toContract(r, today, files)), total, pageNum: f.pageNum, pageSize: f.pageSize };
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
  return rows.map((r) => toContract(r, today, files));
}

export async function detail(ctx: OpContext, id: number) {
  const row = await requireContract(ctx, id);
  const files = await fileRefs(ctx.db, merchantOf(ctx), row.file_id === null ? [] : [row.file_id]);
  return toContract(row, todayOf(ctx), files);
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
});

export async function add(ctx: OpContext, input: Fields) {
  const mid = merchantOf(ctx);
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
