import { describeTargets, operationLogLabel, operationsNamed, targetLookups } from '../../platform/audit.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import * as repo from './operation-log.repo.ts';

interface StoredEntry {
  operation: string;
  anchor: string;
  clientAnchor: string;
  targetIds: string;
}

/** What the 操作日志 page and its export show besides the stored codes. */
export interface EntryWords {
  /** 编辑角色; 导出（账号列表）. */
  operationLabel: string;
  /** 角色管理 (the page the operation belongs to; '' for operations of no page, such as 退出登录). */
  pageName: string;
  /** 组织：华东大区；菜单权限：12项. */
  targets: string;
}

/**
 * The page of an entry: the operation's own page; of a read shared by several pages, the one the client
 * says it came from when it is one of them (else all of them).
 */
function pageOf(e: StoredEntry, pages: ReadonlyMap<string, string>): string {
  const anchors = e.anchor.split(',').filter(Boolean);
  const mine = anchors.length > 1 && anchors.includes(e.clientAnchor) ? [e.clientAnchor] : anchors;
  return mine.map((a) => pages.get(a) ?? a).join('、');
}

/** Puts a batch of entries in words: operation names from their definitions, page names from the menu, targets looked up. */
export async function describeEntries<R extends StoredEntry>(ctx: SessionOpContext, rows: readonly R[]): Promise<(R & EntryWords)[]> {
  if (!rows.length) return [];
  const [pages, names] = await Promise.all([repo.pageNames(ctx.db), repo.targetNames(ctx.db, ctx.merchantId, targetLookups(rows))]);
  return rows.map((r) => ({
    ...r,
    operationLabel: operationLogLabel(r.operation),
    pageName: pageOf(r, pages),
    targets: describeTargets(r.operation, r.targetIds, names),
  }));
}

/** The list's filter as the repo takes it: 操作 matches codes and the Chinese names of the operations. */
export function operationLogFilter<I extends repo.OperationLogFilter>(input: I): I {
  return input.operation ? { ...input, operationNames: operationsNamed(input.operation) } : input;
}

/** A page of the list, each entry in words (operation name, page name, targets) next to the stored codes. */
export async function listOperationLogs(ctx: SessionOpContext, input: Parameters<typeof repo.listOperationLogs>[2]) {
  const page = await repo.listOperationLogs(ctx.db, ctx.merchantId, operationLogFilter(input));
  return { ...page, list: await describeEntries(ctx, page.list) };
}

/** The list's own query for its export (same filters, merchant scope and order). */
export function operationLogExportQuery(ctx: SessionOpContext, input: repo.OperationLogFilter) {
  return repo.operationLogQuery(ctx.db, ctx.merchantId, operationLogFilter(input));
}
