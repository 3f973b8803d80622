import type { Option, Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import {
  CHANNEL_ON_SHELF,
  CHANNEL_SHELF_COUNT_UP_TO,
  CHANNEL_SHELF_STATUS,
  type ChannelShelfRow,
} from '@merchant/contracts/goods/sales-channel';
import { SKU_ON_SHELF } from '@merchant/contracts/goods/sku';
import { badInput, conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { channelList } from '../permission/session.service.ts';
import { categoryPaths } from './category.service.ts';
import * as skuRepo from './sku.repo.ts';
import * as repo from './sales-channel.repo.ts';

export const CHANNEL_SHELF_SUBJECT = 'goods.sales-channel';
/** Two first shelf settings of one SKU and channel racing: the unique index answers like a stale version. */
const FIRST_SET: UniqueKey = {
  index: 'goods_channel_shelf_uq',
  table: 'goods_channel_shelf',
  columns: ['merchant_id', 'sku_id', 'channel_code'],
  message: STALE_VERSION_MESSAGE,
};
const nameOf = <M extends Record<number, string>>(map: M, v: unknown) => map[Number(v) as keyof M] ?? String(v ?? '');
export const SKU_OFF_SHELF_BLOCKER = 'SKU已下架，不能在任何销售渠道上架；请先在SKU管理中上架';

/** The merchant's sales channels (the top bar's list, read through the permission module's service). */
export async function channels(ctx: SessionOpContext): Promise<Option[]> {
  return (await channelList(ctx)).selectList.map((c) => ({ code: c.code, name: c.name }));
}

async function channelOf(ctx: SessionOpContext, code: string, field = 'channelCode'): Promise<Option> {
  const c = (await channels(ctx)).find((x) => x.code === code);
  if (!c) throw badInput(`销售渠道不存在或未开通（字段：${field}）`);
  return c;
}

function toRow(r: repo.ChannelShelfListRow, channel: Option, paths: Map<number, string>): ChannelShelfRow {
  const status = Number(r.effective_status);
  return {
    skuId: Number(r.id),
    skuCode: r.sku_code,
    name: r.name,
    goodsName: r.goods_name,
    barcode: r.barcode,
    categoryPath: paths.get(Number(r.category_id)) ?? '',
    basePrice: Number(r.base_price),
    skuStatus: Number(r.sku_status),
    channelCode: channel.code,
    channelName: channel.name,
    status,
    statusName: nameOf(CHANNEL_SHELF_STATUS, status),
    shelfStatus: Number(r.shelf_status),
    blockedReason: Number(r.sku_status) === SKU_ON_SHELF ? '' : SKU_OFF_SHELF_BLOCKER,
    version: Number(r.shelf_version ?? 0),
    updatedAt: Number(r.shelf_updated_at ?? r.sku_updated_at),
  };
}

export async function list(
  ctx: SessionOpContext,
  f: repo.ChannelShelfFilter & { cursor?: string; pageSize: number },
): Promise<KeysetPage<ChannelShelfRow>> {
  const channel = await channelOf(ctx, f.channelCode);
  const page = await repo.listChannelShelf(ctx.db, ctx.merchantId, f, CHANNEL_SHELF_COUNT_UP_TO);
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return { ...page, list: page.list.map((r) => toRow(r, channel, paths)) };
}

/** The list's query for its export (each row carries the channel code it was read for). */
export const exportQuery = (ctx: SessionOpContext, f: repo.ChannelShelfFilter) => repo.channelShelfQuery(ctx.db, ctx.merchantId, f);
export async function exportRows(ctx: SessionOpContext, rows: repo.ChannelShelfListRow[]) {
  const all = await channels(ctx);
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return rows.map((r) => toRow(r, all.find((c) => c.code === r.channel_code) ?? { code: r.channel_code, name: r.channel_code }, paths));
}

export async function setShelf(
  ctx: SessionOpContext,
  i: { channelCode: string; status: number; items: { skuId: number; version: number }[] },
): Promise<{ changed: number }> {
  const mid = ctx.merchantId;
  const channel = await channelOf(ctx, i.channelCode);
  return guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const rows = new Map(
          (
            await repo.shelfRowsOf(
              trx,
              mid,
              channel.code,
              i.items.map((x) => x.skuId),
            )
          ).map((r) => [Number(r.id), r]),
        );
        const now = ctx.clock.now();
        for (const [n, x] of i.items.entries()) {
          const r = rows.get(x.skuId);
          if (!r) throw notFound('SKU');
          if (Number(r.shelf_status) === i.status) {
            throw conflict(`「${r.name}」在${channel.name}已是${nameOf(CHANNEL_SHELF_STATUS, i.status)}状态（字段：items.${n}.skuId）`);
          }
          if (i.status === CHANNEL_ON_SHELF && Number(r.sku_status) !== SKU_ON_SHELF) {
            throw conflict(`「${r.name}」${SKU_OFF_SHELF_BLOCKER}（字段：items.${n}.skuId）`);
          }
          if (r.shelf_version === null) {
            // never set in this channel: the row is born at version 1 (the unique index stops a concurrent twin)
            if (x.version !== 0) throw conflict(STALE_VERSION_MESSAGE);
            await repo.insertShelf(trx, {
              merchant_id: mid,
              sku_id: x.skuId,
              channel_code: channel.code,
              status: i.status,
              version: 1,
              created_by: ctx.session.accountId,
              created_at: now,
              updated_at: now,
            });
          } else {
            assertFresh(await repo.updateShelfVersioned(trx, mid, x.skuId, channel.code, x.version, i.status, now));
          }
          await writeHistory(trx, ctx, {
            subject: CHANNEL_SHELF_SUBJECT,
            subjectId: x.skuId,
            action: 'shelf',
            actionLabel: `${channel.name}${i.status === CHANNEL_ON_SHELF ? '上架' : '下架'}`,
            changes: describeChanges(
              { [channel.code]: nameOf(CHANNEL_SHELF_STATUS, r.shelf_status) },
              { [channel.code]: nameOf(CHANNEL_SHELF_STATUS, i.status) },
              { [channel.code]: `${channel.name}上下架状态` },
            ),
            remark: channel.name,
          });
        }
        return { changed: i.items.length };
      }),
    FIRST_SET,
  );
}

export async function history(
  ctx: SessionOpContext,
  i: { skuId: number; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  if (!(await skuRepo.findSku(ctx.db, ctx.merchantId, i.skuId))) throw notFound('SKU');
  return historyPage(ctx, CHANNEL_SHELF_SUBJECT, i.skuId, i);
}
