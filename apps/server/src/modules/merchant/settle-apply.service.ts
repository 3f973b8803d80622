import { maskPhone, type Paged } from '@merchant/contracts';
import { maskCertNo, SUBJECT_TYPES, type SubjectType } from '@merchant/contracts/merchant/certificate';
import {
  BUSINESS_LINES,
  SETTLE,
  SETTLE_STATUS,
  type BusinessLine,
  type SettleApply,
  type settleLinesInput,
  type settleSubjectInput,
} from '@merchant/contracts/merchant/settle-apply';
import type { z } from 'zod';
import { loadAccess } from '../../platform/auth/access.ts';
import { badInput, conflict, forbidden, guardUnique, notFound } from '../../platform/errors.ts';
import { requireMerchantFile } from '../../platform/files/file-store.ts';
import type { OpContext } from '../../platform/gateway/op-context.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { keepPhone } from '../../platform/phone-mask.ts';
import { splitCodes } from '../../platform/field-changes.ts';
import * as infoRepo from './merchant-info.repo.ts';
import * as repo from './settle-apply.repo.ts';

const merchantOf = (ctx: OpContext) => ctx.session!.merchantId;
const APPLY_CODE_INDEX = { index: 'settle_apply_code_uq', table: 'settle_apply', columns: ['merchant_id', 'apply_code'] };

/**
 * An application as answered: the contact phone always masked (the full number through
 * merchant.phone.reveal); `mask` also masks the certificate number (lists and exports).
 */
export function toApply(r: repo.SettleRow, opts: { mask?: boolean } = {}): SettleApply {
  const lines = splitCodes(r.business_lines).filter((c): c is BusinessLine => c in BUSINESS_LINES);
  return {
    id: r.id,
    applyCode: r.apply_code,
    subjectType: r.subject_type as SubjectType,
    subjectTypeName: SUBJECT_TYPES[r.subject_type as SubjectType] ?? r.subject_type,
    subjectName: r.subject_name,
    certNo: opts.mask ? maskCertNo(r.cert_no) : r.cert_no,
    legalPerson: r.legal_person,
    contactName: r.contact_name,
    contactPhone: maskPhone(r.contact_phone),
    province: r.province,
    city: r.city,
    district: r.district,
    address: r.address,
    certFileId: r.cert_file_key,
    businessLines: lines,
    businessLineNames: lines.map((l) => BUSINESS_LINES[l].name),
    remark: r.remark,
    status: r.status,
    statusName: SETTLE_STATUS[r.status as keyof typeof SETTLE_STATUS] ?? String(r.status),
    reviewRemark: r.review_remark,
    rejectReason: r.reject_reason,
    submittedAt: r.submitted_at === null ? null : Number(r.submitted_at),
    reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
    reviewerName: r.reviewer_name,
    creatorName: r.creator_name,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function requireApply(ctx: OpContext, id: number) {
  const row = await repo.findApply(ctx.db, merchantOf(ctx), id);
  if (!row) throw notFound('入驻申请');
  return row;
}

async function requireDraft(ctx: OpContext, id: number) {
  const row = await requireApply(ctx, id);
  if (row.status !== SETTLE.draft)
    throw conflict(`申请 ${row.apply_code} 当前为“${SETTLE_STATUS[row.status as keyof typeof SETTLE_STATUS]}”，只有草稿可以修改或提交`);
  return row;
}

/** Reviews are for a merchant administrator (an admin role of this merchant). */
export async function requireReviewer(ctx: OpContext, what: string) {
  const access = await loadAccess(ctx.db, ctx.session!);
  if (!access.isAdmin) throw forbidden(`只有管理员可以审核${what}`);
}

/** The merchant's business lines already opened (by approved applications). */
async function openedLines(ctx: OpContext): Promise<Set<string>> {
  const profile = await infoRepo.findProfile(ctx.db, merchantOf(ctx));
  return new Set(splitCodes(profile?.business_lines ?? ''));
}

/** Every business line, with whether this merchant has it already (step 2 shows those disabled). */
export async function businessLines(ctx: OpContext) {
  const opened = await openedLines(ctx);
  return Object.entries(BUSINESS_LINES).map(([code, l]) => ({ code, name: l.name, desc: l.desc, opened: opened.has(code) }));
}

/** A line the merchant already has is not applied for again (step 2, and again on submit). */
async function refuseOpenedLines(ctx: OpContext, lines: readonly string[]) {
  const opened = await openedLines(ctx);
  const again = lines.filter((l) => opened.has(l));
  if (again.length === 0) return;
  const names = again.map((l) => `“${BUSINESS_LINES[l as BusinessLine]?.name ?? l}”`).join('、');
  throw badInput(`业务线${names}已开通，无需重复申请，请选择尚未开通的业务线（字段：businessLines）`);
}

/** The flow's state: the open (draft / pending) application, else the latest one; and whether the merchant is settled. */
export async function current(ctx: OpContext) {
  const mid = merchantOf(ctx);
  const [open, latest, profile] = await Promise.all([
    repo.openApply(ctx.db, mid),
    repo.latestApply(ctx.db, mid),
    infoRepo.findProfile(ctx.db, mid),
  ]);
  const row = open ?? latest;
  return { apply: row ? toApply(row) : null, settled: profile?.settled_at !== null && profile?.settled_at !== undefined };
}

/** Step 1 (settle-apply-person-bus): the subject; creates the draft when there is none. */
export async function saveSubject(ctx: OpContext, input: z.output<typeof settleSubjectInput>) {
  const mid = merchantOf(ctx);
  const certFile = await requireMerchantFile(ctx.db, mid, input.certFileId, { what: '证件照片', purpose: 'licence', field: 'certFileId' });
  // A masked phone is the number of the application the form was filled from: the draft, else the latest.
  const filledFrom = input.id ? await requireApply(ctx, input.id) : await repo.latestApply(ctx.db, mid);
  const contactPhone = keepPhone(input.contactPhone, filledFrom?.contact_phone ?? '', 'contactPhone', '联系电话');
  const now = ctx.clock.now();
  const values = {
    subject_type: input.subjectType,
    subject_name: input.subjectName,
    cert_no: input.certNo,
    legal_person: input.subjectType === 'business' ? input.legalPerson : '',
    contact_name: input.contactName,
    contact_phone: contactPhone,
    province: input.province,
    city: input.city,
    district: input.district,
    address: input.address,
    cert_file_id: certFile.rowId,
    updated_at: now,
  };
  if (input.id) {
    const draft = await requireDraft(ctx, input.id);
    if (!(await repo.updateApplyIf(ctx.db, draft.id, SETTLE.draft, values))) throw conflict('申请状态已变化，请刷新后重试');
    return { id: draft.id, applyCode: draft.apply_code };
  }
  const openTaken = async () => {
    const open = await repo.openApply(ctx.db, mid);
    return open ? `已有进行中的入驻申请 ${open.apply_code}，请继续该申请` : '已有进行中的入驻申请，请刷新后继续该申请';
  };
  if (await repo.openApply(ctx.db, mid)) throw conflict(await openTaken());
  // One open application per merchant: the partial unique index settle_apply_open_uq is the last word.
  return guardUnique(
    () =>
      withGeneratedCode(
        'RZ',
        now,
        (c) => repo.applyCodeTaken(ctx.db, mid, c),
        APPLY_CODE_INDEX,
        async (applyCode) => {
          const id = await repo.insertApply(ctx.db, {
            merchant_id: mid,
            apply_code: applyCode,
            ...values,
            business_lines: '',
            remark: '',
            status: SETTLE.draft,
            review_remark: '',
            reject_reason: '',
            submitted_at: null,
            reviewed_by: null,
            reviewer_name: '',
            reviewed_at: null,
            created_by: ctx.session!.accountId,
            creator_name: ctx.session!.userName,
            created_at: now,
          });
          return { id, applyCode };
        },
      ),
    { index: 'settle_apply_open_uq', table: 'settle_apply', columns: ['merchant_id'], message: openTaken },
  );
}

/** Step 2 (bus-line): the business lines. */
export async function saveLines(ctx: OpContext, input: z.output<typeof settleLinesInput>) {
  const draft = await requireDraft(ctx, input.id);
  await refuseOpenedLines(ctx, input.businessLines);
  const ok = await repo.updateApplyIf(ctx.db, draft.id, SETTLE.draft, {
    business_lines: input.businessLines.join(','),
    remark: input.remark,
    updated_at: ctx.clock.now(),
  });
  if (!ok) throw conflict('申请状态已变化，请刷新后重试');
  return { id: draft.id };
}

/** Step 3 (submit-apply): a complete draft goes to review. */
export async function submit(ctx: OpContext, id: number) {
  const draft = await requireDraft(ctx, id);
  if (!draft.business_lines) throw badInput('请先选择业务线（字段：businessLines）');
  await refuseOpenedLines(ctx, splitCodes(draft.business_lines));
  if (draft.cert_file_id === null) throw badInput('请先上传证件照片（字段：certFileId）');
  const now = ctx.clock.now();
  if (!(await repo.updateApplyIf(ctx.db, id, SETTLE.draft, { status: SETTLE.pending, submitted_at: now, updated_at: now })))
    throw conflict('申请状态已变化，请刷新后重试');
  return toApply(await requireApply(ctx, id));
}

export async function withdraw(ctx: OpContext, id: number) {
  const row = await requireApply(ctx, id);
  if (row.status !== SETTLE.pending) throw conflict('只有待审核的申请可以撤回');
  if (!(await repo.updateApplyIf(ctx.db, id, SETTLE.pending, { status: SETTLE.withdrawn, updated_at: ctx.clock.now() })))
    throw conflict('申请状态已变化，请刷新后重试');
  return null;
}

export async function list(ctx: OpContext, f: repo.SettleFilter): Promise<Paged<SettleApply>> {
  const { list: rows, total } = await repo.listApplies(ctx.db, merchantOf(ctx), f);
  return { list: rows.map((r) => toApply(r, { mask: true })), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

export async function detail(ctx: OpContext, id: number) {
  return toApply(await requireApply(ctx, id));
}

/** The application list's own query for its export (same filters, merchant scope and order). */
export function listExportQuery(ctx: OpContext, f: Omit<repo.SettleFilter, 'pageNum' | 'pageSize'>) {
  return repo.applyQuery(ctx.db, merchantOf(ctx), f);
}

/** An export row: the list's row (certificate number and contact phone masked as on the list). */
export const listExportRow = (r: repo.SettleRow): SettleApply => toApply(r, { mask: true });

export async function approve(ctx: OpContext, id: number, remark: string) {
  const row = await requireApply(ctx, id);
  await requireReviewer(ctx, '入驻申请');
  if (row.status !== SETTLE.pending) throw conflict('只有待审核的申请可以审核');
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const ok = await repo.updateApplyIf(trx, id, SETTLE.pending, {
      status: SETTLE.approved,
      review_remark: remark,
      reviewed_by: ctx.session!.accountId,
      reviewer_name: ctx.session!.userName,
      reviewed_at: now,
      updated_at: now,
    });
    if (!ok) throw conflict('申请状态已变化，请刷新后重试');
    // The merchant is settled with the approved subject; approved business lines add to the ones it has.
    const profile = await infoRepo.findProfile(trx, row.merchant_id);
    const lines = [...new Set([...splitCodes(profile?.business_lines ?? ''), ...splitCodes(row.business_lines)])];
    await infoRepo.saveProfile(
      trx,
      row.merchant_id,
      {
        subject_type: row.subject_type,
        subject_name: row.subject_name,
        legal_person: row.legal_person,
        cert_no: row.cert_no,
        cert_file_id: row.cert_file_id,
        business_lines: lines.join(','),
        settled_at: profile?.settled_at ?? now,
      },
      now,
    );
  });
  return toApply(await requireApply(ctx, id));
}

export async function reject(ctx: OpContext, id: number, reason: string) {
  const row = await requireApply(ctx, id);
  await requireReviewer(ctx, '入驻申请');
  if (row.status !== SETTLE.pending) throw conflict('只有待审核的申请可以审核');
  const now = ctx.clock.now();
  const ok = await repo.updateApplyIf(ctx.db, id, SETTLE.pending, {
    status: SETTLE.rejected,
    reject_reason: reason,
    reviewed_by: ctx.session!.accountId,
    reviewer_name: ctx.session!.userName,
    reviewed_at: now,
    updated_at: now,
  });
  if (!ok) throw conflict('申请状态已变化，请刷新后重试');
  return toApply(await requireApply(ctx, id));
}

/** The full contact phone of an application (merchant.phone.reveal). */
export async function fullPhone(ctx: OpContext, id: number): Promise<string> {
  return (await requireApply(ctx, id)).contact_phone;
}
