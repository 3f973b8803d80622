import type { Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import {
  REPLENISH_FILL_TO,
  REPLENISH_RULE_STATUS,
  REPLENISH_RULE_TRANSITIONS,
  REPLENISH_SOURCES,
  REPLENISH_TRIGGERS,
  replenishRuleActions,
  replenishRuleAllowed,
  type ReplenishFillTo,
  type ReplenishRuleRow,
  type ReplenishRuleTransition,
  type ReplenishSource,
  type ReplenishTrigger,
  type replenishRuleAddInput,
  type replenishRuleEditInput,
  type ReplenishRuleListInput,
} from '@merchant/contracts/stock/replenish-rule';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { FRONT_WAREHOUSE_ENABLED } from '@merchant/contracts/stock/front-warehouse';
import { badInput, conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { hubLocation } from './stock-ledger.service.ts';

// 补货规则 (replenishment-rule): list (offset paging, export), add, edit, enable / disable, history. docs/stock.md "补货".

type Db = Kysely<Database> | Transaction<Database>;
type AddInput = z.output<typeof replenishRuleAddInput>;
type EditInput = z.output<typeof replenishRuleEditInput>;

export const REPLENISH_RULE_SUBJECT = 'stock.container-rule';
const NAME_TAKEN: UniqueKey = {
  index: 'replenish_rule_name_uq',
  table: 'replenish_rule',
  columns: ['merchant_id', 'name'],
  message: '已有同名的补货规则，请换一个名称（字段：name）',
};
const LABELS = {
  name: '规则名称',
  trigger: '触发条件',
  fillTo: '补货目标',
  minLot: '最小补货量',
  source: '货源',
  devices: '覆盖设备',
  remark: '备注',
};

function ruleQuery(db: Db, merchantId: number) {
  return db
    .selectFrom('replenish_rule as r')
    .innerJoin('stock_location as l', 'l.id', 'r.source_location_id')
    .leftJoin('front_warehouse as fw', 'fw.location_id', 'r.source_location_id')
    .selectAll('r')
    .select(['l.name as source_name', 'fw.id as front_id'])
    .where('r.merchant_id', '=', merchantId);
}
export type RuleRow = Awaited<ReturnType<ReturnType<typeof ruleQuery>['execute']>>[number];

export const triggerText = (mode: string, percent: number) =>
  mode === 'percent' ? `可用≤容量的${percent}%` : (REPLENISH_TRIGGERS[mode as ReplenishTrigger] ?? mode);

export function toRuleRow(r: RuleRow): ReplenishRuleRow {
  const status = Number(r.status);
  return {
    id: Number(r.id),
    name: r.name,
    triggerMode: r.trigger_mode,
    triggerPercent: Number(r.trigger_percent),
    triggerText: triggerText(r.trigger_mode, Number(r.trigger_percent)),
    fillTo: r.fill_to,
    fillToName: REPLENISH_FILL_TO[r.fill_to as ReplenishFillTo] ?? r.fill_to,
    minLot: Number(r.min_lot),
    sourceKind: r.source_kind,
    frontWarehouseId: r.source_kind === 'front' ? Number(r.front_id ?? 0) : 0,
    sourceName: r.source_kind === 'front' ? `${REPLENISH_SOURCES.front}·${r.source_name}` : r.source_name,
    deviceCodes: r.device_codes ? r.device_codes.split(',') : [],
    status,
    statusName: REPLENISH_RULE_STATUS[status as 0 | 1] ?? String(status),
    remark: r.remark,
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    actions: replenishRuleActions(status),
  };
}

export type RuleFilter = Omit<ReplenishRuleListInput, 'pageNum' | 'pageSize' | 'sortOrder'> & { sortOrder: 'ascend' | 'descend' };

/** The rule list's query: filters, merchant scope and order, without paging (the list and its export). */
export function listQuery(db: Db, merchantId: number, f: RuleFilter) {
  let q = ruleQuery(db, merchantId);
  if (f.name) q = q.where(contains('r.name', f.name));
  if (f.status !== undefined) q = q.where('r.status', '=', Number(f.status));
  if (f.sourceKind) q = q.where('r.source_kind', '=', f.sourceKind);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  return f.sortField === 'name' ? q.orderBy('r.name', dir).orderBy('r.id', dir) : q.orderBy('r.created_at', dir).orderBy('r.id', dir);
}

export async function list(ctx: SessionOpContext, f: RuleFilter & { pageNum: number; pageSize: number }): Promise<Paged<ReplenishRuleRow>> {
  const { list: rows, total } = await fetchPage(ctx.db, listQuery(ctx.db, ctx.merchantId, f), f);
  return { list: rows.map(toRuleRow), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: RuleFilter) => listQuery(ctx.db, ctx.merchantId, f);
export const exportRows = async (_ctx: SessionOpContext, rows: RuleRow[]) => Promise.resolve(rows.map(toRuleRow));

export async function findRule(db: Db, merchantId: number, id: number): Promise<RuleRow> {
  const r = await ruleQuery(db, merchantId).where('r.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('补货规则');
  return r;
}

/** The source stock's location: the hub, or an enabled front warehouse of the merchant. */
export async function sourceLocation(
  trx: Transaction<Database>,
  merchantId: number,
  i: { sourceKind: ReplenishSource; frontWarehouseId: number },
  now: number,
): Promise<number> {
  if (i.sourceKind === 'hub') return Number((await hubLocation(trx, merchantId, now)).id);
  const fw = await trx
    .selectFrom('front_warehouse')
    .select('location_id')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', i.frontWarehouseId)
    .where('status', '=', FRONT_WAREHOUSE_ENABLED)
    .executeTakeFirst();
  if (!fw) throw badInput('前置仓不存在或已停用（字段：frontWarehouseId）');
  return Number(fw.location_id);
}

/** Every chosen cabinet must have planogram slots of this merchant. */
async function checkDevices(db: Db, merchantId: number, codes: readonly string[]): Promise<string> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return '';
  const found = await db
    .selectFrom('device_goods')
    .select('device_code')
    .distinct()
    .where('merchant_id', '=', merchantId)
    .where('device_code', 'in', unique)
    .execute();
  const known = new Set(found.map((d) => d.device_code));
  const missing = unique.find((c) => !known.has(c));
  if (missing) throw badInput(`设备${missing}不存在或没有货道商品（字段：deviceCodes）`);
  return unique.join(',');
}

const wordsOf = (row: ReplenishRuleRow) => ({
  trigger: row.triggerText,
  fillTo: row.fillToName,
  minLot: row.minLot,
  source: row.sourceName,
  devices: row.deviceCodes.length ? row.deviceCodes.join('、') : '全部设备',
});

function values(i: AddInput, sourceLocationId: number, devices: string) {
  return {
    name: i.name,
    trigger_mode: i.triggerMode,
    trigger_percent: i.triggerMode === 'percent' ? i.triggerPercent : 0,
    fill_to: i.fillTo,
    min_lot: i.minLot,
    source_kind: i.sourceKind,
    source_location_id: sourceLocationId,
    device_codes: devices,
    remark: i.remark,
  };
}

export async function add(ctx: SessionOpContext, i: AddInput): Promise<ReplenishRuleRow> {
  const devices = await checkDevices(ctx.db, ctx.merchantId, i.deviceCodes);
  const now = ctx.clock.now();
  const id = await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const source = await sourceLocation(trx, ctx.merchantId, i, now);
        const r = await trx
          .insertInto('replenish_rule')
          .values({
            merchant_id: ctx.merchantId,
            ...values(i, source, devices),
            status: 1,
            version: 1,
            created_by: ctx.session.accountId,
            updated_by: ctx.session.accountId,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const row = toRuleRow(await findRule(trx, ctx.merchantId, Number(r.id)));
        const w = wordsOf(row);
        await writeHistory(trx, ctx, {
          subject: REPLENISH_RULE_SUBJECT,
          subjectId: Number(r.id),
          action: 'create',
          actionLabel: '新增',
          remark: `${row.name}：${w.trigger}，补到${w.fillTo}，最小补货量${w.minLot}，货源${w.source}，${w.devices}`.slice(0, 500),
        });
        return Number(r.id);
      }),
    NAME_TAKEN,
  );
  return toRuleRow(await findRule(ctx.db, ctx.merchantId, id));
}

export async function edit(ctx: SessionOpContext, i: EditInput): Promise<ReplenishRuleRow> {
  const before = toRuleRow(await findRule(ctx.db, ctx.merchantId, i.id));
  if (before.version !== i.version) throw conflict(STALE_VERSION_MESSAGE);
  const devices = await checkDevices(ctx.db, ctx.merchantId, i.deviceCodes);
  const now = ctx.clock.now();
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const source = await sourceLocation(trx, ctx.merchantId, i, now);
        const res = await trx
          .updateTable('replenish_rule')
          .set({ ...values(i, source, devices), version: sql<number>`version + 1`, updated_by: ctx.session.accountId, updated_at: now })
          .where('id', '=', i.id)
          .where('merchant_id', '=', ctx.merchantId)
          .where('version', '=', i.version)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) throw conflict(STALE_VERSION_MESSAGE);
        const after = toRuleRow(await findRule(trx, ctx.merchantId, i.id));
        await writeHistory(trx, ctx, {
          subject: REPLENISH_RULE_SUBJECT,
          subjectId: i.id,
          action: 'edit',
          actionLabel: '编辑',
          changes: describeChanges(
            { name: before.name, remark: before.remark, ...wordsOf(before) },
            { name: after.name, remark: after.remark, ...wordsOf(after) },
            LABELS,
            (_f, v) => (v === null || v === undefined || v === '' ? '（空）' : String(v)),
          ),
        });
      }),
    NAME_TAKEN,
  );
  return toRuleRow(await findRule(ctx.db, ctx.merchantId, i.id));
}

async function step(ctx: SessionOpContext, action: ReplenishRuleTransition, to: number, i: { id: number; version: number }) {
  const r = await findRule(ctx.db, ctx.merchantId, i.id);
  const status = Number(r.status);
  if (Number(r.version) !== i.version) throw conflict(STALE_VERSION_MESSAGE);
  const name = (s: number) => REPLENISH_RULE_STATUS[s as 0 | 1];
  if (!replenishRuleAllowed(action, status))
    throw conflict(`补货规则「${r.name}」已是${name(status)}状态，不能${REPLENISH_RULE_TRANSITIONS[action].label}`);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('replenish_rule')
      .set({ status: to, version: sql<number>`version + 1`, updated_by: ctx.session.accountId, updated_at: now })
      .where('id', '=', i.id)
      .where('version', '=', i.version)
      .where('status', '=', status)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw conflict(STALE_VERSION_MESSAGE);
    await writeHistory(trx, ctx, {
      subject: REPLENISH_RULE_SUBJECT,
      subjectId: i.id,
      action,
      actionLabel: REPLENISH_RULE_TRANSITIONS[action].label,
      changes: [{ field: 'status', label: '状态', before: name(status), after: name(to) }],
    });
  });
  return { id: i.id, status: to, version: i.version + 1 };
}
export const enable = (ctx: SessionOpContext, i: { id: number; version: number }) => step(ctx, 'enable', 1, i);
export const disable = (ctx: SessionOpContext, i: { id: number; version: number }) => step(ctx, 'disable', 0, i);

export async function history(ctx: SessionOpContext, i: { id: number; pageNum: number; pageSize: number }): Promise<Paged<HistoryEntry>> {
  await findRule(ctx.db, ctx.merchantId, i.id);
  return historyPage(ctx, REPLENISH_RULE_SUBJECT, i.id, i);
}
