import type { SpecValue } from '@merchant/contracts/goods/goods-fields';
import { skuName } from '@merchant/contracts/goods/sku';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { parseJsonArray } from '../../platform/field-changes.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, writeHistory, type HistoryWrite } from '../../platform/record-history.ts';

/**
 * The SKUs of a parent (a goods' SKUs, a supply SPU's SKUs) share these pieces: the parsing of their stored spec
 * values and the "every live child follows its parent's change, each writing its own history" loop.
 */

/** Cents as a person reads them: ¥3.50. */
export const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

/** A SKU's stored spec values. */
export const parseSpecValues = (json: string): SpecValue[] => parseJsonArray<SpecValue>(json);

/** The columns of a child SKU row the following reads. */
export interface ChildSku {
  id: number;
  name: string;
  spec_values: string;
  category_id: number | string | null;
  status: number | string;
}

/** What a following writes on one child: its new column values (besides updated_at). */
export interface ChildPatch {
  name?: string;
  category_id?: number;
  status?: number;
}

/** A parent's live children: the history subject, the rows and the repo's unversioned update of one. */
export interface SkuChildren<S extends ChildSku> {
  subject: string;
  rows: S[];
  update: (skuId: number, values: ChildPatch & { updated_at: number }) => Promise<unknown>;
}

/** One child's change: the columns and its history entry (null: the child needs no change). */
type ChildChange = { values: ChildPatch; history: Omit<HistoryWrite, 'subject' | 'subjectId'> } | null;

/** Applies a change to every live child SKU, writing each changed one's history in the same transaction. */
export async function followParent<S extends ChildSku>(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  children: SkuChildren<S>,
  change: (sku: S) => ChildChange,
) {
  for (const s of children.rows) {
    const c = change(s);
    if (!c) continue;
    await children.update(Number(s.id), { ...c.values, updated_at: ctx.clock.now() });
    await writeHistory(trx, ctx, { subject: children.subject, subjectId: s.id, ...c.history });
  }
}

/** The children follow a change of their parent's name or category (both are copied onto each SKU). */
export const followRename =
  (parent: { name: string; categoryId: number }, nameLabel: string) =>
  (s: ChildSku): ChildChange => {
    const name = skuName(parent.name, parseSpecValues(s.spec_values));
    if (name === s.name && Number(s.category_id) === parent.categoryId) return null;
    const changes = describeChanges({ name: s.name }, { name }, { name: nameLabel });
    return { values: { name, category_id: parent.categoryId }, history: { action: 'follow', actionLabel: '随商品修改', changes } };
  };

/** The children in status `from` go to `to` with their parent (停售 → 下架, 停用 → 停用). */
export const followStatus =
  (o: { from: number; to: number; label: string; text: (field: string, v: unknown) => string; actionLabel: string; remark: string }) =>
  (s: ChildSku): ChildChange => {
    if (Number(s.status) !== o.from) return null;
    const changes = describeChanges({ status: o.from }, { status: o.to }, { status: o.label }, o.text);
    return { values: { status: o.to }, history: { action: 'status', actionLabel: o.actionLabel, changes, remark: o.remark } };
  };
