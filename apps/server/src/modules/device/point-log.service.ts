import { POINT_LOG_FIELDS, type PointLogField, type PointLogRow } from '@merchant/contracts/device/point-log';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import { contains, escapeLike } from '../../platform/like.ts';
import { toHistoryEntry } from '../../platform/record-history.ts';
import { POINT_SUBJECT } from './point.service.ts';

// 点位日志: the points' record history over all points of the merchant (record_history, subject device.point),
// keyset-paged by id on the index (merchant_id, subject, id). The field filter matches the field key inside the
// history's changes JSON.

export interface PointLogFilter {
  pointCode?: string;
  field?: string;
  createdAt?: [number, number];
  sortOrder: 'ascend' | 'descend';
}

export function pointLogQuery(db: Kysely<Database>, merchantId: number, f: PointLogFilter) {
  let q = db
    .selectFrom('record_history as h')
    .innerJoin('point as p', (j) => j.onRef('p.point_code', '=', 'h.subject_id').onRef('p.merchant_id', '=', 'h.merchant_id'))
    .where('h.merchant_id', '=', merchantId)
    .where('h.subject', '=', POINT_SUBJECT);
  if (f.pointCode) q = q.where(contains('h.subject_id', f.pointCode));
  if (f.field) q = q.where(sql<boolean>`h.changes like ${`%"field":"${escapeLike(f.field)}"%`} escape '\\'`);
  if (f.createdAt) q = q.where('h.created_at', '>=', f.createdAt[0]).where('h.created_at', '<=', f.createdAt[1]);
  return q
    .select(['h.id', 'h.subject_id', 'h.action', 'h.action_label', 'h.changes', 'h.remark', 'h.operator_name', 'h.created_at', 'p.name'])
    .orderBy('h.id', f.sortOrder === 'ascend' ? 'asc' : 'desc');
}

type LogSelect = {
  id: number;
  subject_id: string;
  action: string;
  action_label: string;
  changes: string;
  remark: string;
  operator_name: string;
  created_at: number | string;
  name: string;
};

export function toLogRow(r: LogSelect): PointLogRow {
  const e = toHistoryEntry(r);
  return {
    id: r.id,
    pointCode: r.subject_id,
    pointName: r.name,
    action: r.action,
    actionLabel: r.action_label,
    changes: e.changes,
    remark: r.remark,
    operatorName: r.operator_name,
    createdAt: Number(r.created_at),
  };
}

export async function list(ctx: SessionOpContext, f: PointLogFilter & { cursor?: string; pageSize: number }) {
  const page = await fetchKeysetPage(ctx.db, pointLogQuery(ctx.db, ctx.merchantId, f), {
    sort: { key: 'createdAt', column: 'h.id', value: (row) => Number(row.id) },
    id: { column: 'h.id', value: (row) => Number(row.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: 10_000 },
    scope: ctx.merchantId,
  });
  return { ...page, list: page.list.map(toLogRow) };
}

export const fieldLabel = (f: string) => POINT_LOG_FIELDS[f as PointLogField] ?? f;
export const exportQuery = (ctx: SessionOpContext, f: PointLogFilter) => pointLogQuery(ctx.db, ctx.merchantId, f);
