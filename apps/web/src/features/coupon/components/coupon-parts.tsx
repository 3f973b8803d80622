import { ApiError, CODES } from '@merchant/contracts';
import {
  BATCH_STATUS,
  BATCH_STATUS_COLORS,
  COUPON_STATUS,
  COUPON_STATUS_COLORS,
  COUPON_TYPE_COLORS,
  COUPON_TYPES,
  type BatchStatus,
  type CouponStatus,
  type CouponType,
} from '@merchant/contracts/marketing/coupon-fields';
import { App, Tag } from 'antd';
import { useCallback } from 'react';
import { wasNotified } from '../../../platform/error-catalogue.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import type { ListColumn, ListOption } from '../../../shared/ui/list/list-columns.ts';
import { Link } from 'react-router';
import { applyPath } from '../coupon-paths.ts';

// 优惠券: what the coupon pages share — the query keys, the tags, the options, refusals.

/** Every query of this feature starts with this (a change invalidates them all: lists, a batch, its history). */
export const COUPON_KEY = ['coupon'] as const;
/** One batch (its detail and history). */
export const batchKey = (batchCode: string) => [...COUPON_KEY, 'batch', batchCode] as const;

/** 批次状态 in the contract's colour. */
export function BatchStatusTag({ status, name }: { status: number; name?: string }) {
  return (
    <Tag color={BATCH_STATUS_COLORS[status as BatchStatus] ?? 'default'} data-testid="batch-status">
      {name || BATCH_STATUS[status as BatchStatus] || '--'}
    </Tag>
  );
}

/** 券类型 in the contract's colour. */
export function CouponTypeTag({ type, name }: { type: string; name?: string }) {
  return <Tag color={COUPON_TYPE_COLORS[type as CouponType] ?? 'default'}>{name || COUPON_TYPES[type as CouponType] || '--'}</Tag>;
}

/** 券状态 in the contract's colour. */
export function CouponStatusTag({ status, name }: { status: number; name?: string }) {
  return (
    <Tag color={COUPON_STATUS_COLORS[status as CouponStatus] ?? 'default'}>{name || COUPON_STATUS[status as CouponStatus] || '--'}</Tag>
  );
}

const optionsOf = <K extends string | number>(labels: Record<K, string>, toValue: (k: string) => K): ListOption[] =>
  Object.entries(labels).map(([k, label]) => ({ value: toValue(k), label: label as string }));
export const COUPON_TYPE_OPTIONS = optionsOf(COUPON_TYPES, (k) => k as CouponType);
export const BATCH_STATUS_OPTIONS = optionsOf(BATCH_STATUS, Number);
export const COUPON_STATUS_OPTIONS = optionsOf(COUPON_STATUS, Number);

/** '--' for an empty value. */
export const dash = (v: unknown): string => (v === null || v === undefined || v === '' ? '--' : String(v));
/** Cents as 元 with two decimals, in 万 from 10,000 元 (spec §9): 123456 → 1,234.56. */
export const yuan = (v: unknown): string => (typeof v === 'number' ? formatMoney(v) : '--');
/** A code typed in a search field, as the server writes it (QP…, CP…, FQ…). */
export const upper = (v: unknown) => String(v).trim().toUpperCase();

/** A refusal's words: the server's message (the http client's catalogue may have shown it already). */
export const refusalText = (err: unknown) => (err instanceof Error && err.message ? err.message : '操作失败，请稍后重试');

/** Shows a refusal once: nothing when the catalogue showed it already, else the server's words. */
export function useRefusal(): (err: unknown) => void {
  const { message } = App.useApp();
  return useCallback(
    (err: unknown) => {
      if (!wasNotified(err)) message.error(refusalText(err));
    },
    [message],
  );
}

/** A call whose bad-input refusal (A0400) the page shows itself, under the field it names. */
export const FORM_SAVE = { shownByCaller: [CODES.badInput] } as const;
/** A detail the page says 不存在 of itself. */
export const DETAIL = { shownByCaller: [CODES.notFound] } as const;

/**
 * The field a bad-input refusal is about: the server's fields list (data.fields, each { field, message }) or the
 * message's （字段：x） — its first segment (skuIds.3 → skuIds), with the words without the （字段：…） tail.
 */
export function badInputField(err: unknown): { field: string; message: string } | null {
  if (!(err instanceof ApiError) || err.code !== CODES.badInput) return null;
  const listed = (err.data as { fields?: Array<{ field?: unknown; message?: unknown }> } | null)?.fields?.[0];
  const named = /（字段：([\w.]+)）/.exec(err.message)?.[1];
  const field = typeof listed?.field === 'string' && listed.field ? listed.field : named;
  if (!field) return null;
  const message = typeof listed?.message === 'string' && listed.message ? listed.message : err.message.replace(/（字段：[^）]*）$/, '');
  return { field: field.split('.')[0], message };
}

/** 批次: its code (leading to its 详情) over its name; searched by 批次号. */
export function batchColumn<R extends { batchCode: string; batchName: string }>(width: number, order: number): ListColumn<R> {
  return {
    key: 'batchCode',
    title: '批次',
    width,
    render: (v, r) => (
      <div style={{ lineHeight: 1.4 }}>
        <Link to={applyPath('view', String(v))}>{String(v)}</Link>
        <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>{r.batchName}</div>
      </div>
    ),
    search: { type: 'text', label: '批次号', maxLength: 12, placeholder: '如 QP2611010001', order, toParam: upper },
  };
}
