import {
  APPROVAL_CODE_PREFIX,
  APPROVAL_KINDS,
  APPROVAL_STATUS,
  APPROVAL_TRANSITIONS,
  transitionAllowed,
  type ApprovalDetail,
  type ApprovalKind,
  type ApprovalRecord,
  REVIEW_OWN_MESSAGE,
  type ApprovalRow,
  type ApprovalSaveInput,
  type ApprovalTransition,
} from '@merchant/contracts/goods/approval';
import { STORAGE_STYLES, type SpecValue } from '@merchant/contracts/goods/goods-fields';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import type { Paged } from '@merchant/contracts';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { GoodsApprovalTable } from './approval.table.ts';
import { badInput, conflict, forbidden, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, historyQuery, toHistoryEntry, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { withApprovalCode } from './approval-code.ts';
import * as repo from './approval.repo.ts';
import { adoptStandardProduct } from './goods.service.ts';
import * as categoryRepo from './category.repo.ts';
import * as goodsRepo from './goods.repo.ts';
import { createSku, skuWithBarcode } from './sku.service.ts';
import { createStandardProduct, standardProductByBarcode } from './standard-product.service.ts';
import { APPLIED_PRODUCT_LABELS, type AppliedProduct } from './approval-product.ts';
import type { MallApprovalSaveInput } from '@merchant/contracts/mall/mall-approval';
import {
  approveMall,
  assertNoMallSkuBarcode,
  isMallKind,
  MALL_PRODUCT_LABELS,
  MALL_SKU_APPLY_LABELS,
  mallPayloadOf,
  mallSkuReference,
  tiersInWords,
  type MallPayload,
  type MallSkuApplyPayload,
} from './mall-approval-kinds.ts';

type Db = Kysely<Database> | Transaction<Database>;
type ApprovalDbRow = Selectable<GoodsApprovalTable>;

const SUBJECT = repo.APPROVAL_SUBJECT;

/**
 * Which pages' applications an operation sees: the goods pages (新品申请, kinds 1 and 2) or the wholesale mall's
 * (商城新品申请, kinds 3 and 4; modules/mall). Another family's approvalCode is "not found" there.
 */
export type ApprovalFamily = 'goods' | 'mall';
export const FAMILY_KINDS: Record<ApprovalFamily, readonly number[]> = { goods: [1, 2], mall: [3, 4] };
type AnyPayload = NewProductPayload | SkuPayload | MallPayload;
type AnySaveInput = ApprovalSaveInput | MallApprovalSaveInput;

export const statusName = (s: number) => APPROVAL_STATUS[s as keyof typeof APPROVAL_STATUS] ?? String(s);
export const kindName = (k: number) => APPROVAL_KINDS[k as ApprovalKind] ?? String(k);
export const yuan = (cents: number) => `${(cents / 100).toFixed(2)}元`;
const storageName = (s: number) => STORAGE_STYLES[s as keyof typeof STORAGE_STYLES] ?? String(s);
const specText = (specs: SpecValue[]) => specs.map((v) => `${v.name}:${v.value}`).join('、');

/** The applied fields as stored in `payload`. */
export interface NewProductPayload extends AppliedProduct {
  basePrice: number;
}
export interface SkuPayload {
  goodsId: number;
  specValues: SpecValue[];
  barcode: string;
  basePrice: number;
  storageStyle: number;
}

export const PRODUCT_LABELS = { ...APPLIED_PRODUCT_LABELS, basePrice: '销售价' } as const;
export const SKU_LABELS = {
  goodsId: '所属商品',
  specValues: 'SKU规格',
  barcode: 'SKU条码',
  basePrice: '销售价',
  storageStyle: '储存方式',
} as const;

function parsePayload(r: ApprovalDbRow): NewProductPayload | SkuPayload {
  return JSON.parse(r.payload) as NewProductPayload | SkuPayload;
}
/** The applied fields of any kind (the mall's kinds included). */
export const payloadOfRow = (r: ApprovalDbRow) => JSON.parse(r.payload) as AnyPayload;
const productOf = (r: ApprovalDbRow) => (r.kind === 1 ? (parsePayload(r) as NewProductPayload) : null);
const skuOf = (r: ApprovalDbRow) => (r.kind === 2 ? (parsePayload(r) as SkuPayload) : null);

function payloadOf(input: AnySaveInput): AnyPayload {
  if (input.kind === 3 || input.kind === 4) return mallPayloadOf(input);
  if (input.kind === 1) {
    const { name, barcode, brand, categoryId, spec, unit, shelfLifeDays, storageStyle, imageIds, guidePrice, basePrice } = input;
    return { name, barcode, brand, categoryId, spec, unit, shelfLifeDays, storageStyle, imageIds, guidePrice, basePrice };
  }
  const { goodsId, specValues, barcode, basePrice, storageStyle } = input;
  return { goodsId, specValues, barcode, basePrice, storageStyle };
}

/** One application as the lists show it to `accountId` (the signed-in account: `mine`). */
export function toRow(r: ApprovalDbRow, accountId: number): ApprovalRow {
  const p = payloadOfRow(r);
  return {
    id: r.id,
    approvalCode: r.approval_code,
    kind: r.kind,
    kindName: kindName(r.kind),
    status: r.status,
    statusName: statusName(r.status),
    title: r.title,
    barcode: r.barcode,
    basePrice: Number('basePrice' in p ? p.basePrice : ((p as { priceTiers?: { price: number }[] }).priceTiers?.[0]?.price ?? 0)),
    applicantName: r.applicant_name,
    reviewerName: r.reviewer_name,
    reason: r.reason,
    submittedAt: r.submitted_at === null ? null : Number(r.submitted_at),
    reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    version: Number(r.version),
    mine: Number(r.applicant_id) === accountId,
  };
}

// ---------------------------------------------------------------- categories and goods (read only)

interface CategoryNode {
  id: number;
  parentId: number;
  level: number;
  name: string;
}
async function categoryMap(db: Db, merchantId: number): Promise<Map<number, CategoryNode>> {
  const rows = await categoryRepo.allCategories(db, merchantId);
  return new Map(rows.map((r) => [r.id, { id: r.id, parentId: r.parent_id, level: r.level, name: r.name }]));
}
function pathOf(map: Map<number, CategoryNode>, id: number): string {
  const names: string[] = [];
  for (let c = map.get(id), guard = 0; c && guard < 5; c = map.get(c.parentId), guard++) names.unshift(c.name);
  return names.join(' / ');
}
function isLeaf(map: Map<number, CategoryNode>, id: number): boolean {
  const c = map.get(id);
  return Boolean(c && c.level === 3 && ![...map.values()].some((x) => x.parentId === id));
}

export async function goodsOptions(ctx: SessionOpContext, keyword: string) {
  const [rows, map] = await Promise.all([goodsRepo.goodsOptions(ctx.db, ctx.merchantId, keyword, 50), categoryMap(ctx.db, ctx.merchantId)]);
  return rows.map((g) => ({
    id: g.id,
    goodsCode: g.goods_code,
    name: g.name,
    categoryPath: pathOf(map, g.category_id),
    storageStyle: g.storage_style,
  }));
}

// ---------------------------------------------------------------- reads

export async function requireApproval(
  ctx: SessionOpContext,
  approvalCode: string,
  db: Db = ctx.db,
  family: ApprovalFamily = 'goods',
): Promise<ApprovalDbRow> {
  const row = await repo.findApproval(db, ctx.merchantId, approvalCode);
  if (!row || !FAMILY_KINDS[family].includes(row.kind)) throw notFound('申请');
  return row;
}

export async function list(
  ctx: SessionOpContext,
  f: repo.ApprovalFilter & { pageNum: number; pageSize: number },
  family: ApprovalFamily = 'goods',
): Promise<Paged<ApprovalRow>> {
  const { list: rows, total } = await repo.listApprovals(ctx.db, ctx.merchantId, { ...f, kinds: FAMILY_KINDS[family] });
  return { list: rows.map((r) => toRow(r, ctx.session.accountId)), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

export const exportQuery = (ctx: SessionOpContext, f: repo.ApprovalFilter, family: ApprovalFamily = 'goods') =>
  repo.approvalQuery(ctx.db, ctx.merchantId, { ...f, kinds: FAMILY_KINDS[family] });

export async function detailOf(ctx: SessionOpContext, r: ApprovalDbRow): Promise<ApprovalDetail> {
  const map = await categoryMap(ctx.db, ctx.merchantId);
  const p = productOf(r);
  const s = skuOf(r);
  const goods = s ? await repo.findLiveGoods(ctx.db, ctx.merchantId, s.goodsId) : undefined;
  return {
    ...toRow(r, ctx.session.accountId),
    product: p
      ? { ...p, categoryPath: pathOf(map, p.categoryId) || `分类#${p.categoryId}`, storageStyleName: storageName(p.storageStyle) }
      : null,
    sku: s
      ? {
          ...s,
          goodsCode: goods?.goods_code ?? '',
          goodsName: goods?.name ?? `商品#${s.goodsId}`,
          categoryPath: goods ? pathOf(map, goods.category_id) : '',
          storageStyleName: storageName(s.storageStyle),
        }
      : null,
    standardProductId: r.standard_product_id,
    goodsId: r.goods_id,
    skuId: r.sku_id,
    createdCodes: r.status === 2 ? await repo.createdCodes(ctx.db, ctx.merchantId, r) : { goodsNo: '', spuCode: '', skuCode: '' },
  };
}

export async function detail(ctx: SessionOpContext, approvalCode: string) {
  return detailOf(ctx, await requireApproval(ctx, approvalCode));
}

export function history(ctx: SessionOpContext, i: { approvalCode: string; pageNum: number; pageSize: number }) {
  return historyPage(ctx, SUBJECT, i.approvalCode, i);
}

/** Every history row of an application, oldest first (the PDF's review trail). */
export async function fullHistory(ctx: SessionOpContext, approvalCode: string) {
  const rows = await ctx.db
    .selectFrom('record_history')
    .selectAll()
    .where('merchant_id', '=', ctx.merchantId)
    .where('subject', '=', SUBJECT)
    .where('subject_id', '=', approvalCode)
    .orderBy('id', 'asc')
    .limit(500)
    .execute();
  return rows.map(toHistoryEntry);
}

// ---------------------------------------------------------------- checks

/** What the history shows for a field's value (names for codes, 元 for cents). */
function textFor(map: Map<number, CategoryNode>, goodsName: (id: number) => string, saleUnit = '') {
  return (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '（空）';
    if (field === 'priceTiers') return tiersInWords(v, saleUnit);
    if (field === 'mallGoodsId') return goodsName(Number(v));
    if (field === 'categoryId') return pathOf(map, Number(v)) || String(v);
    if (field === 'goodsId') return goodsName(Number(v));
    if (field === 'storageStyle') return storageName(Number(v));
    if (field === 'basePrice' || field === 'guidePrice') return yuan(Number(v));
    if (field === 'shelfLifeDays') return `${String(v)}天`;
    if (field === 'specValues') return specText(v as SpecValue[]) || '（空）';
    if (field === 'imageIds') return `${(v as unknown[]).length}张`;
    return String(v);
  };
}

/** Checks what an application refers to; answers its list title and the history's words for values. */
async function checkReferences(db: Db, ctx: SessionOpContext, payload: AnyPayload, kind: number) {
  const map = await categoryMap(db, ctx.merchantId);
  if (kind === 1 || kind === 3) {
    const p = payload as NewProductPayload;
    if (!isLeaf(map, p.categoryId)) throw badInput('请选择三级商品分类（字段：categoryId）');
    return { title: p.name, text: textFor(map, String, kind === 3 ? (payload as { saleUnit: string }).saleUnit : '') };
  }
  if (kind === 4) {
    const m = await mallSkuReference(db, ctx.merchantId, payload as MallSkuApplyPayload);
    return { title: m.title, text: textFor(map, () => m.goodsText, m.saleUnit) };
  }
  const s = payload as SkuPayload;
  const goods = await repo.findLiveGoods(db, ctx.merchantId, s.goodsId);
  if (!goods) throw badInput('所属商品不存在或已删除（字段：goodsId）');
  const specs = specText(s.specValues);
  const title = `${goods.name}${specs ? ` ${s.specValues.map((v) => v.value).join(' ')}` : ''}`.slice(0, 80);
  return { title, text: textFor(map, (id) => (id === goods.id ? `${goods.name}（${goods.goods_code}）` : String(id))) };
}

/** The barcode is free: not in the standard library (新品), not a live SKU, not in another application under review. */
async function checkBarcode(db: Db, ctx: SessionOpContext, kind: number, barcode: string, selfId: number) {
  if (kind === 1 || kind === 3) {
    const goodsNo = (await standardProductByBarcode(db, ctx.merchantId, barcode))?.goods_no;
    if (goodsNo) throw conflict(`条码${barcode}已在标准商品库中（${goodsNo}），无需申请新品（字段：barcode）`);
  }
  if (isMallKind(kind)) await assertNoMallSkuBarcode(db, ctx.merchantId, barcode);
  else {
    const skuCode = (await skuWithBarcode(db, ctx.merchantId, barcode))?.sku_code;
    if (skuCode) throw conflict(`条码${barcode}已被SKU ${skuCode} 使用（字段：barcode）`);
  }
  const pending = await repo.pendingWithBarcode(db, ctx.merchantId, barcode, selfId);
  if (pending) throw conflict(`条码${barcode}已在审核中的申请${pending}里（字段：barcode）`);
}

function refuseTransition(action: ApprovalTransition, status: number): never {
  const allowed = APPROVAL_TRANSITIONS[action].from.map((s) => APPROVAL_STATUS[s]).join('、');
  throw conflict(`申请当前为「${statusName(status)}」，不能${APPROVAL_TRANSITIONS[action].label}（仅${allowed}的申请可以）`);
}

/** The row at the version the caller read, in a state the action may start from. */
async function stepRow(
  ctx: SessionOpContext,
  db: Db,
  approvalCode: string,
  version: number,
  action: ApprovalTransition,
  family: ApprovalFamily = 'goods',
) {
  const row = await requireApproval(ctx, approvalCode, db, family);
  if (Number(row.version) !== version) throw conflict(STALE_VERSION_MESSAGE);
  if (!transitionAllowed(action, row.status)) refuseTransition(action, row.status);
  return row;
}

const state = (r: ApprovalDbRow, values: { status?: number }) => ({
  approvalCode: r.approval_code,
  status: values.status ?? r.status,
  version: Number(r.version) + 1,
});

async function step(
  ctx: SessionOpContext,
  trx: Db,
  row: ApprovalDbRow,
  action: ApprovalTransition,
  values: Updateable<GoodsApprovalTable>,
  remark = '',
) {
  assertFresh(await repo.updateApproval(trx, row.id, Number(row.version), { ...values, updated_at: ctx.clock.now() }));
  const changes =
    values.status !== undefined && values.status !== row.status
      ? [{ field: 'status', label: '申请状态', before: statusName(row.status), after: statusName(values.status as number) }]
      : [];
  await writeHistory(trx, ctx, {
    subject: SUBJECT,
    subjectId: row.approval_code,
    action,
    actionLabel: APPROVAL_TRANSITIONS[action].label,
    changes,
    remark,
  });
  return state(row, values as { status?: number });
}

// ---------------------------------------------------------------- writes

export async function save(ctx: SessionOpContext, input: AnySaveInput, family: ApprovalFamily = 'goods') {
  if (!FAMILY_KINDS[family].includes(input.kind)) throw badInput('申请类型不正确（字段：kind）');
  const payload = payloadOf(input);
  const labels = { 1: PRODUCT_LABELS, 2: SKU_LABELS, 3: MALL_PRODUCT_LABELS, 4: MALL_SKU_APPLY_LABELS }[input.kind];
  const { title, text } = await checkReferences(ctx.db, ctx, payload, input.kind);
  const now = ctx.clock.now();
  if (!input.approvalCode) {
    return withApprovalCode(
      APPROVAL_CODE_PREFIX[input.kind],
      now,
      // a code is never reused, not even that of a deleted draft: its history stays its own
      async (c) =>
        (await repo.approvalCodeTaken(ctx.db, ctx.merchantId, c)) ||
        (await historyQuery(ctx.db, ctx.merchantId, SUBJECT, c).limit(1).executeTakeFirst()) !== undefined,
      (approvalCode) =>
        ctx.db.transaction().execute(async (trx) => {
          await repo.insertApproval(trx, {
            merchant_id: ctx.merchantId,
            approval_code: approvalCode,
            kind: input.kind,
            status: 0,
            title,
            barcode: payload.barcode,
            payload: JSON.stringify(payload),
            applicant_id: ctx.session.accountId,
            applicant_name: ctx.session.userName,
            reviewer_id: null,
            reviewer_name: '',
            reason: '',
            submitted_at: null,
            reviewed_at: null,
            standard_product_id: null,
            goods_id: null,
            sku_id: null,
            created_by: ctx.session.accountId,
            created_at: now,
            updated_at: now,
            deleted_at: null,
          });
          await writeHistory(trx, ctx, {
            subject: SUBJECT,
            subjectId: approvalCode,
            action: 'create',
            actionLabel: '创建申请',
            // a new application: its filled fields (no images yet is not news)
            changes: describeChanges({}, payload as unknown as Record<string, unknown>, labels, text).filter(
              (c) => !(c.field === 'imageIds' && c.after === '0张'),
            ),
          });
          return { approvalCode, status: 0, version: 0 };
        }),
    );
  }
  const approvalCode = input.approvalCode;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await stepRow(ctx, trx, approvalCode, input.version ?? -1, 'edit', family);
    if (row.kind !== input.kind) throw badInput('申请类型不能修改（字段：kind）');
    const changes = describeChanges(
      payloadOfRow(row) as unknown as Record<string, unknown>,
      payload as unknown as Record<string, unknown>,
      labels,
      text,
    );
    if (changes.length === 0) return { approvalCode, status: row.status, version: Number(row.version) };
    assertFresh(
      await repo.updateApproval(trx, row.id, Number(row.version), {
        title,
        barcode: payload.barcode,
        payload: JSON.stringify(payload),
        updated_at: now,
      }),
    );
    await writeHistory(trx, ctx, {
      subject: SUBJECT,
      subjectId: approvalCode,
      action: 'edit',
      actionLabel: APPROVAL_TRANSITIONS.edit.label,
      changes,
    });
    return { approvalCode, status: row.status, version: Number(row.version) + 1 };
  });
}

/** The unique index behind "one application per barcode under review" (a concurrent submit meets it). */
const PENDING_BARCODE: UniqueKey = {
  index: 'goods_approval_pending_barcode_uq',
  table: 'goods_approval',
  columns: ['merchant_id', 'barcode'],
  message: '该条码已有申请在审核中，请刷新后查看（字段：barcode）',
};

export async function submit(ctx: SessionOpContext, i: { approvalCode: string; version: number }, family: ApprovalFamily = 'goods') {
  return guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const row = await stepRow(ctx, trx, i.approvalCode, i.version, 'submit', family);
        const payload = payloadOfRow(row);
        await checkReferences(trx, ctx, payload, row.kind);
        await checkBarcode(trx, ctx, row.kind, payload.barcode, row.id);
        return step(ctx, trx, row, 'submit', { status: 1, submitted_at: ctx.clock.now(), reason: '' });
      }),
    PENDING_BARCODE,
  );
}

export async function withdraw(
  ctx: SessionOpContext,
  i: { approvalCode: string; version: number; reason: string },
  family: ApprovalFamily = 'goods',
) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await stepRow(ctx, trx, i.approvalCode, i.version, 'withdraw', family);
    if (row.applicant_id !== ctx.session.accountId) throw forbidden('只有申请人可以撤回申请');
    return step(ctx, trx, row, 'withdraw', { status: 4, reason: i.reason }, i.reason);
  });
}

/** The reviewer's stamp; 四眼原则: nobody reviews (approves or rejects) their own application. */
function reviewOf(ctx: SessionOpContext, row: { applicant_id: number }) {
  if (Number(row.applicant_id) === ctx.session.accountId) throw forbidden(REVIEW_OWN_MESSAGE);
  return { reviewer_id: ctx.session.accountId, reviewer_name: ctx.session.userName, reviewed_at: ctx.clock.now() };
}

export async function reject(
  ctx: SessionOpContext,
  i: { approvalCode: string; version: number; reason: string },
  family: ApprovalFamily = 'goods',
) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await stepRow(ctx, trx, i.approvalCode, i.version, 'reject', family);
    const review = reviewOf(ctx, row);
    return step(ctx, trx, row, 'reject', { status: 3, reason: i.reason, ...review }, i.reason);
  });
}

/**
 * Approves in one transaction: the application is claimed first (versioned update to 已通过, so a concurrent
 * review finds it stale), then kind 1 enters the standard library (source 2, with the approvalCode) and is adopted
 * as the merchant's goods at the applied sale price; kind 2 becomes a SKU of its SPU. Any refusal on the way
 * (a barcode taken meanwhile, a category no longer a leaf) rolls everything back.
 */
export async function approve(
  ctx: SessionOpContext,
  i: { approvalCode: string; version: number; remark: string },
  family: ApprovalFamily = 'goods',
) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await stepRow(ctx, trx, i.approvalCode, i.version, 'approve', family);
    const review = reviewOf(ctx, row);
    const state = await step(ctx, trx, row, 'approve', { status: 2, reason: i.remark, ...review }, i.remark);
    let made: { standardProductId: number | null; goodsId: number | null; skuId: number | null };
    if (isMallKind(row.kind)) {
      made = await approveMall(trx, ctx, row.kind, payloadOfRow(row) as MallPayload, row.approval_code);
    } else if (row.kind === 1) {
      const { basePrice, ...values } = parsePayload(row) as NewProductPayload;
      const sp = await createStandardProduct(trx, ctx, values, { source: 2, approvalCode: row.approval_code });
      const g = await adoptStandardProduct(trx, ctx, sp.id, { basePrice });
      made = { standardProductId: sp.id, goodsId: g.goodsId, skuId: g.skuId };
    } else {
      const s = parsePayload(row) as SkuPayload;
      const k = await createSku(trx, ctx, s.goodsId, {
        specValues: s.specValues,
        barcode: s.barcode,
        basePrice: s.basePrice,
        storageStyle: s.storageStyle,
      });
      made = { standardProductId: null, goodsId: s.goodsId, skuId: k.skuId };
    }
    await repo.setApprovalResult(trx, row.id, {
      standard_product_id: made.standardProductId,
      goods_id: made.goodsId,
      sku_id: made.skuId,
    });
    return { ...state, ...made };
  });
}

/** Removes a never-submitted draft; a withdrawn (once submitted) application is kept, marked deleted, with its trail. */
export async function remove(ctx: SessionOpContext, i: { approvalCode: string; version: number }, family: ApprovalFamily = 'goods') {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await stepRow(ctx, trx, i.approvalCode, i.version, 'delete', family);
    if (row.submitted_at === null) {
      if ((await repo.deleteDraft(trx, row.id, i.version)) === 0) throw conflict(STALE_VERSION_MESSAGE);
    } else {
      assertFresh(await repo.updateApproval(trx, row.id, i.version, { deleted_at: ctx.clock.now(), updated_at: ctx.clock.now() }));
    }
    await writeHistory(trx, ctx, {
      subject: SUBJECT,
      subjectId: row.approval_code,
      action: 'delete',
      actionLabel: APPROVAL_TRANSITIONS.delete.label,
    });
    return { approvalCode: row.approval_code };
  });
}

// ---------------------------------------------------------------- the review trail (审核记录)

type RecordDbRow = Awaited<ReturnType<ReturnType<typeof repo.recordQuery>['execute']>>[number];

export function toRecord(r: RecordDbRow): ApprovalRecord {
  const e = toHistoryEntry({ ...r, id: Number(r.id) });
  return {
    id: e.id,
    approvalCode: r.approvalCode,
    kind: r.kind,
    kindName: kindName(r.kind),
    title: r.title,
    status: r.status,
    statusName: r.deleted_at !== null ? '已删除' : statusName(r.status),
    action: e.action,
    actionLabel: e.actionLabel,
    changes: e.changes,
    remark: e.remark,
    operatorName: e.operatorName,
    createdAt: e.createdAt,
  };
}

export async function records(
  ctx: SessionOpContext,
  f: repo.RecordFilter & { cursor?: string; pageSize: number },
): Promise<KeysetPage<ApprovalRecord>> {
  const page = await repo.recordPage(ctx.db, ctx.merchantId, f);
  return { ...page, list: page.list.map(toRecord) };
}

export const recordExportQuery = (ctx: SessionOpContext, f: repo.RecordFilter) => repo.recordQuery(ctx.db, ctx.merchantId, f);
