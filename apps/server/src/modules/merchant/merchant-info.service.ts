import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { BUSI_CODES, maskPhone } from '@merchant/contracts';
import type { SubjectType } from '@merchant/contracts/merchant/certificate';
import {
  DIRECT_FIELDS,
  MAIN_TAGS,
  MERCHANT_TYPES,
  REVIEW_FIELDS,
  type MainTag,
  type MerchantInfo,
  type MerchantInfoCheck,
  type MerchantType,
  type merchantInfoUpdateInput,
} from '@merchant/contracts/merchant/merchant-info';
import { SETTLE_STATUS } from '@merchant/contracts/merchant/settle-apply';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { filePublicId } from '../../platform/files/file-store.ts';
import { notFound } from '../../platform/errors.ts';
import type { OpContext } from '../../platform/gateway/op-context.ts';
import { keepPhone } from '../../platform/phone-mask.ts';
import { fieldChanges, maskPhoneChanges, splitCodes } from '../../platform/field-changes.ts';
import * as repo from './merchant-info.repo.ts';

const merchantOf = (ctx: OpContext) => ctx.session!.merchantId;

/** A fresh merchant code: M, the UTC date, six random hex digits. */
function merchantCode(now: number): string {
  const d = new Date(now);
  const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `M${ymd}${randomBytes(3).toString('hex').toUpperCase()}`;
}

/** Creates an active mall merchant under a fresh code, inside the caller's transaction (registration); its id. */
export function createMerchant(trx: Transaction<Database>, input: { name: string; now: number }): Promise<number> {
  return repo.insertMerchant(trx, { code: merchantCode(input.now), name: input.name, busCode: BUSI_CODES.mall, now: input.now });
}

const SETTLE_NAMES: Record<number, string> = { 1: '审核中', 2: '已入驻', 3: '已驳回' };

/**
 * Merchant information as both pages show it (profile row optional: defaults until first save); the
 * contact and service phones masked — the full numbers through merchant.phone.reveal.
 */
export async function merchantInfo(ctx: OpContext): Promise<MerchantInfo> {
  const info = await storedInfo(ctx);
  return { ...info, contactPhone: maskPhone(info.contactPhone), servicePhone: maskPhone(info.servicePhone) };
}

/** The information as stored (full phones): what updates compare with. Never answered as it is. */
async function storedInfo(ctx: OpContext): Promise<MerchantInfo> {
  const mid = merchantOf(ctx);
  const [m, p, settle, pending] = await Promise.all([
    repo.findMerchant(ctx.db, mid),
    repo.findProfile(ctx.db, mid),
    repo.latestSubmittedSettle(ctx.db, mid),
    repo.pendingChange(ctx.db, mid),
  ]);
  const profile = { ...repo.EMPTY_PROFILE, ...(p ?? {}) };
  const certFileId = await filePublicId(ctx.db, mid, profile.cert_file_id);
  const settleStatus = profile.settled_at !== null ? 2 : (settle?.status ?? null);
  const mainTags = splitCodes(profile.main_tags).filter((c): c is MainTag => c in MAIN_TAGS);
  const type = profile.merchant_type as MerchantType | '';
  return {
    merchantId: m.id,
    merchantCode: m.code,
    merchantName: m.name,
    merchantType: type,
    merchantTypeName: type ? MERCHANT_TYPES[type] : '',
    shortName: profile.short_name,
    mainTags,
    mainTagNames: mainTags.map((c) => MAIN_TAGS[c]),
    contactName: profile.contact_name,
    contactPhone: profile.contact_phone,
    servicePhone: profile.service_phone,
    email: profile.email,
    province: profile.province,
    city: profile.city,
    district: profile.district,
    address: profile.address,
    intro: profile.intro,
    settleStatus,
    settleStatusName:
      settleStatus === null ? '未入驻' : (SETTLE_NAMES[settleStatus] ?? SETTLE_STATUS[settleStatus as keyof typeof SETTLE_STATUS]),
    subjectType: profile.subject_type as SubjectType | '',
    subjectName: profile.subject_name,
    legalPerson: profile.legal_person,
    certNo: profile.cert_no,
    certFileId,
    businessLines: splitCodes(profile.business_lines),
    settledAt: profile.settled_at === null ? null : Number(profile.settled_at),
    createdAt: Number(m.createdAt),
    updatedAt: p ? Number(p.updated_at) : null,
    pendingChange: pending ? { id: pending.id, changeCode: pending.changeCode, createdAt: Number(pending.createdAt) } : null,
  };
}

export const mainTagList = () => Object.entries(MAIN_TAGS).map(([code, name]) => ({ code, name }));
export const merchantTypeList = () => Object.entries(MERCHANT_TYPES).map(([code, name]) => ({ code, name }));

export async function settings(ctx: OpContext) {
  return { info: await merchantInfo(ctx), mainTags: mainTagList(), merchantTypes: merchantTypeList() };
}

/** The phones of an update: a masked value unchanged keeps the stored number. */
function withKeptPhones<T extends { contactPhone?: unknown; servicePhone?: unknown }>(input: T, stored: MerchantInfo): T {
  const out = { ...input };
  if (typeof input.contactPhone === 'string')
    out.contactPhone = keepPhone(input.contactPhone, stored.contactPhone, 'contactPhone', '联系电话');
  if (typeof input.servicePhone === 'string')
    out.servicePhone = keepPhone(input.servicePhone, stored.servicePhone, 'servicePhone', '客服电话');
  return out;
}

/** The comparable values of the current information (what a check or a change request diffs against). */
export function comparable(info: MerchantInfo): Record<string, unknown> {
  return {
    merchantName: info.merchantName,
    merchantType: info.merchantType,
    subjectName: info.subjectName,
    legalPerson: info.legalPerson,
    certNo: info.certNo,
    certFileId: info.certFileId,
    shortName: info.shortName,
    mainTags: info.mainTags,
    contactName: info.contactName,
    contactPhone: info.contactPhone,
    servicePhone: info.servicePhone,
    email: info.email,
    province: info.province,
    city: info.city,
    district: info.district,
    address: info.address,
    intro: info.intro,
  };
}

/** updateMerchantCheck: what an update would change, and which of it needs a reviewed change request. Writes nothing. */
export async function updateCheck(ctx: OpContext, raw: Record<string, unknown>): Promise<MerchantInfoCheck> {
  const info = await storedInfo(ctx);
  const input = withKeptPhones(raw, info);
  const changes = fieldChanges(comparable(info), input, { ...REVIEW_FIELDS, ...DIRECT_FIELDS });
  return {
    changes: maskPhoneChanges(changes),
    direct: changes.filter((c) => c.field in DIRECT_FIELDS).map((c) => c.label),
    needReview: changes.filter((c) => c.field in REVIEW_FIELDS).map((c) => c.label),
    pendingChange: info.pendingChange,
  };
}

/** updateMerchantInfo: the fields that change without review. */
export async function update(ctx: OpContext, raw: z.output<typeof merchantInfoUpdateInput>) {
  const info = await storedInfo(ctx);
  const input = withKeptPhones(raw, info);
  const changes = fieldChanges(comparable(info), input, DIRECT_FIELDS);
  if (changes.length > 0) {
    await repo.saveProfile(
      ctx.db,
      merchantOf(ctx),
      {
        short_name: input.shortName,
        main_tags: input.mainTags.join(','),
        contact_name: input.contactName,
        contact_phone: input.contactPhone,
        service_phone: input.servicePhone,
        email: input.email,
        province: input.province,
        city: input.city,
        district: input.district,
        address: input.address,
        intro: input.intro,
      },
      ctx.clock.now(),
    );
  }
  return { changes: maskPhoneChanges(changes) };
}

/** The merchant's own full contact or service phone (merchant.phone.reveal); `id` must be this merchant. */
export async function fullPhone(ctx: OpContext, id: number, kind: 'merchantContact' | 'merchantService'): Promise<string> {
  if (id !== merchantOf(ctx)) throw notFound('商户');
  const info = await storedInfo(ctx);
  return kind === 'merchantContact' ? info.contactPhone : info.servicePhone;
}
