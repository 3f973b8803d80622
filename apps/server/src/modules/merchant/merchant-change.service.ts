import type { Paged } from '@merchant/contracts';
import { isValidCreditCode, isValidIdCardNo } from '@merchant/contracts/merchant/certificate';
import { describeChanges } from '@merchant/contracts/merchant/field-value';
import { CHANGE_STATUS, type ChangeRequest, type changeSubmitInput } from '@merchant/contracts/merchant/merchant-change';
import { REVIEW_FIELDS } from '@merchant/contracts/merchant/merchant-info';
import type { z } from 'zod';
import { badInput, conflict, guardUnique, notFound } from '../../platform/errors.ts';
import { requireMerchantFile } from '../../platform/files/file-store.ts';
import type { OpContext } from '../../platform/gateway/op-context.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { fieldChanges, parseChanges } from '../../platform/field-changes.ts';
import * as infoRepo from './merchant-info.repo.ts';
import { comparable, merchantInfo, merchantTypeList } from './merchant-info.service.ts';
import * as repo from './merchant-change.repo.ts';
import { requireReviewer } from './settle-apply.service.ts';

const merchantOf = (ctx: OpContext) => ctx.session!.merchantId;
const PENDING = 1;
const CHANGE_CODE_INDEX = { index: 'merchant_change_code_uq', table: 'merchant_change', columns: ['merchant_id', 'change_code'] };

function toChange(r: repo.ChangeRow): ChangeRequest {
  return {
    id: r.id,
    changeCode: r.change_code,
    changes: parseChanges(r.changes),
    reason: r.reason,
    status: r.status,
    statusName: CHANGE_STATUS[r.status as keyof typeof CHANGE_STATUS] ?? String(r.status),
    rejectReason: r.reject_reason,
    reviewRemark: r.review_remark,
    submitterName: r.submitter_name,
    reviewerName: r.reviewer_name,
    createdAt: Number(r.created_at),
    reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
  };
}

async function requireChange(ctx: OpContext, id: number) {
  const row = await repo.findChange(ctx.db, merchantOf(ctx), id);
  if (!row) throw notFound('变更申请');
  return row;
}

export async function form(ctx: OpContext) {
  return { info: await merchantInfo(ctx), merchantTypes: merchantTypeList() };
}

/** A change request of the reviewed fields; empty subject fields mean "unchanged". */
export async function submit(ctx: OpContext, input: z.output<typeof changeSubmitInput>) {
  const mid = merchantOf(ctx);
  const pendingTaken = async () => {
    const pending = await repo.pendingChange(ctx.db, mid);
    return `已有待审核的变更申请${pending ? ` ${pending.change_code}` : ''}，请等待审核或撤回后再提交`;
  };
  if (await repo.pendingChange(ctx.db, mid)) throw conflict(await pendingTaken());
  const info = await merchantInfo(ctx);
  const after: Record<string, unknown> = { merchantName: input.merchantName, merchantType: input.merchantType };
  if (input.subjectName) after.subjectName = input.subjectName;
  if (input.legalPerson) after.legalPerson = input.legalPerson;
  if (input.certNo) after.certNo = input.certNo;
  if (input.certFileId) after.certFileId = input.certFileId;
  const changes = fieldChanges(comparable(info), after, REVIEW_FIELDS);
  if (changes.length === 0) throw badInput('没有需要变更的内容');
  const fields = new Set(changes.map((c) => c.field));
  if ((fields.has('subjectName') || fields.has('legalPerson') || fields.has('certNo') || fields.has('certFileId')) && !info.subjectType) {
    throw badInput('商户尚未完成入驻，主体资质请通过入驻申请提交（字段：certNo）');
  }
  if (fields.has('certNo')) {
    const ok = info.subjectType === 'business' ? isValidCreditCode(input.certNo) : isValidIdCardNo(input.certNo);
    if (!ok)
      throw badInput(
        `${info.subjectType === 'business' ? '统一社会信用代码' : '身份证号码'}格式不正确（18位，末位校验码需正确）（字段：certNo）`,
      );
  }
  if (fields.has('certFileId'))
    await requireMerchantFile(ctx.db, mid, input.certFileId!, { what: '证件照片', purpose: 'licence', field: 'certFileId' });
  const now = ctx.clock.now();
  // One pending request per merchant: the partial unique index merchant_change_pending_uq is the last word.
  return guardUnique(
    () =>
      withGeneratedCode(
        'BG',
        now,
        (c) => repo.changeCodeTaken(ctx.db, mid, c),
        CHANGE_CODE_INDEX,
        async (changeCode) => {
          const id = await repo.insertChange(ctx.db, {
            merchant_id: mid,
            change_code: changeCode,
            changes: JSON.stringify(changes),
            reason: input.reason,
            status: PENDING,
            review_remark: '',
            reject_reason: '',
            submitted_by: ctx.session!.accountId,
            submitter_name: ctx.session!.userName,
            reviewed_by: null,
            reviewer_name: '',
            reviewed_at: null,
            created_at: now,
          });
          return { id, changeCode, changes };
        },
      ),
    { index: 'merchant_change_pending_uq', table: 'merchant_change', columns: ['merchant_id'], message: pendingTaken },
  );
}

export async function withdraw(ctx: OpContext, id: number) {
  const row = await requireChange(ctx, id);
  if (row.status !== PENDING || !(await repo.updateChangeIf(ctx.db, id, PENDING, { status: 4 })))
    throw conflict('只有待审核的变更申请可以撤回');
  return null;
}

export async function list(ctx: OpContext, f: repo.ChangeFilter): Promise<Paged<ChangeRequest>> {
  const { list: rows, total } = await repo.listChanges(ctx.db, merchantOf(ctx), f);
  return { list: rows.map(toChange), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

export async function detail(ctx: OpContext, id: number) {
  return toChange(await requireChange(ctx, id));
}

/** The change request list's own query for its export (same filters, merchant scope and order). */
export function listExportQuery(ctx: OpContext, f: Omit<repo.ChangeFilter, 'pageNum' | 'pageSize'>) {
  return repo.changeQuery(ctx.db, merchantOf(ctx), f);
}

/** An export row: the list's row, its changes in words and the review opinion as the page shows them. */
export function listExportRow(r: repo.ChangeRow) {
  const c = toChange(r);
  return { ...c, content: describeChanges(c.changes), review: c.status === 3 ? c.rejectReason : c.reviewRemark };
}

/** Approval applies the requested values to the merchant information (name, type, subject). */
export async function approve(ctx: OpContext, id: number, remark: string) {
  const row = await requireChange(ctx, id);
  await requireReviewer(ctx, '变更申请');
  if (row.status !== PENDING) throw conflict('只有待审核的变更申请可以审核');
  const now = ctx.clock.now();
  const after = Object.fromEntries(parseChanges(row.changes).map((c) => [c.field, c.after]));
  await ctx.db.transaction().execute(async (trx) => {
    const ok = await repo.updateChangeIf(trx, id, PENDING, {
      status: 2,
      review_remark: remark,
      reviewed_by: ctx.session!.accountId,
      reviewer_name: ctx.session!.userName,
      reviewed_at: now,
    });
    if (!ok) throw conflict('变更申请状态已变化，请刷新后重试');
    if (typeof after.merchantName === 'string') await infoRepo.renameMerchant(trx, row.merchant_id, after.merchantName);
    const profile: Parameters<typeof infoRepo.saveProfile>[2] = {};
    if (typeof after.merchantType === 'string') profile.merchant_type = after.merchantType;
    if (typeof after.subjectName === 'string') profile.subject_name = after.subjectName;
    if (typeof after.legalPerson === 'string') profile.legal_person = after.legalPerson;
    if (typeof after.certNo === 'string') profile.cert_no = after.certNo;
    // The request names the file by its public id; the profile keeps the row id.
    if (typeof after.certFileId === 'string')
      profile.cert_file_id = (await requireMerchantFile(trx, row.merchant_id, after.certFileId, { what: '证件照片' })).rowId;
    await infoRepo.saveProfile(trx, row.merchant_id, profile, now);
  });
  return toChange(await requireChange(ctx, id));
}

export async function reject(ctx: OpContext, id: number, reason: string) {
  const row = await requireChange(ctx, id);
  await requireReviewer(ctx, '变更申请');
  if (row.status !== PENDING) throw conflict('只有待审核的变更申请可以审核');
  const now = ctx.clock.now();
  const ok = await repo.updateChangeIf(ctx.db, id, PENDING, {
    status: 3,
    reject_reason: reason,
    reviewed_by: ctx.session!.accountId,
    reviewer_name: ctx.session!.userName,
    reviewed_at: now,
  });
  if (!ok) throw conflict('变更申请状态已变化，请刷新后重试');
  return toChange(await requireChange(ctx, id));
}
