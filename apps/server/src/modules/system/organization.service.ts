import type { OrgNode, organizationOps } from '@merchant/contracts/system/organization';
import type { ParsedInputOf } from '@merchant/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { conflict, forbidden, guardUnique, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { flag, orgNote, requireOrg, scopeOf, type OrgRow } from './admin-scope.ts';
import { membershipCount } from './account.service.ts';
import * as repo from './organization.repo.ts';
import { roleList } from './role.service.ts';

// 组织管理: the organisation tree from the active organisation down (the admin-scope rule in admin-scope.ts).

// The database's unique indexes are the last word (docs/decisions.md); the checks before them only answer early.
const ORG_NAME_TAKEN: UniqueKey = {
  index: 'organization_sibling_name_uq',
  table: 'organization',
  columns: ['parent_id', 'name'],
  message: '同一上级组织下已有同名组织',
};

/** Creates a new merchant's root organisation, named after it, inside the caller's transaction (registration); its id. */
export function createRootOrganization(
  trx: Transaction<Database>,
  input: { merchantId: number; name: string; now: number },
): Promise<number> {
  return repo.insertOrg(trx, { merchantId: input.merchantId, parentId: null, name: input.name, structureType: 1, sort: 0, now: input.now });
}

/**
 * The organisation tree from the active organisation down; with a keyword, cut down as the 组织管理
 * page filters it: nodes whose name contains the keyword (case-insensitive), with their ancestors and
 * their whole subtree.
 */
export async function orgTree(ctx: SessionOpContext, f: { keyword?: string } = {}): Promise<OrgNode[]> {
  const roots = await scopedOrgTree(ctx);
  return f.keyword ? filterOrgTree(roots, f.keyword.toLowerCase()) : roots;
}

function filterOrgTree(nodes: OrgNode[], k: string): OrgNode[] {
  const out: OrgNode[] = [];
  for (const n of nodes) {
    if (n.name.toLowerCase().includes(k)) {
      out.push(n);
      continue;
    }
    const children = filterOrgTree(n.children, k);
    if (children.length) out.push({ ...n, children });
  }
  return out;
}

export interface OrgExportRow extends Omit<OrgNode, 'children' | 'manageable' | 'manageNote'> {
  /** 1 for the top of the tree. */
  level: number;
  /** Names from the top of the tree down to this organisation. */
  path: string;
  parentName: string;
}

/** The organisation tree flattened depth first, in the order the tree table shows it (the export of 组织管理). */
export async function orgExportRows(ctx: SessionOpContext, f: { keyword?: string }): Promise<OrgExportRow[]> {
  const out: OrgExportRow[] = [];
  const walk = (nodes: OrgNode[], trail: string[]) => {
    for (const { children, manageable: _m, manageNote: _n, ...n } of nodes) {
      const path = [...trail, n.name];
      out.push({ ...n, level: path.length, path: path.join(' / '), parentName: trail.at(-1) ?? '' });
      walk(children, path);
    }
  };
  walk(await orgTree(ctx, f), []);
  return out;
}

/** The tree whose root is the active organisation. */
async function scopedOrgTree(ctx: SessionOpContext): Promise<OrgNode[]> {
  const scope = await scopeOf(ctx);
  const counts = await repo.orgCounts(ctx.db, ctx.merchantId);
  const nodes = new Map<number, OrgNode>(
    [...scope.orgs.values()]
      .filter((o) => scope.ids.has(o.id))
      .map((o) => [
        o.id,
        {
          ...o,
          accountCount: counts.accounts.get(o.id) ?? 0,
          roleCount: counts.roles.get(o.id) ?? 0,
          ...flag(orgNote(scope, o.id)),
          children: [],
        },
      ]),
  );
  for (const n of nodes.values()) if (n.id !== scope.rootId) nodes.get(n.parentId!)?.children.push(n);
  const root = nodes.get(scope.rootId);
  return root ? [root] : [];
}

/** The organisations above `id`, from the top of the scope down (never above the active organisation). */
export async function orgParents(ctx: SessionOpContext, id: number) {
  const scope = await scopeOf(ctx);
  const org = await requireOrg(ctx, id);
  const path: OrgRow[] = [];
  for (let cur = org.parentId; cur !== null && scope.ids.has(cur); cur = scope.orgs.get(cur)!.parentId) path.unshift(scope.orgs.get(cur)!);
  return path;
}

export async function orgDetail(ctx: SessionOpContext, id: number) {
  const org = await requireOrg(ctx, id);
  const scope = await scopeOf(ctx);
  const parents = await orgParents(ctx, id);
  const [accountCount, childCount, roles] = await Promise.all([
    membershipCount(ctx, 'organization_id', id),
    repo.childCount(ctx.db, id),
    roleList(ctx, { organizationId: id }),
  ]);
  return {
    ...org,
    parentName: parents.at(-1)?.name ?? null,
    path: parents.map((p) => p.name),
    accountCount,
    childCount,
    roles,
    ...flag(orgNote(scope, id)),
  };
}

export async function orgChildren(ctx: SessionOpContext, id: number) {
  await requireOrg(ctx, id);
  const scope = await scopeOf(ctx);
  return [...scope.orgs.values()].filter((o) => o.parentId === id);
}

export async function orgAdd(ctx: SessionOpContext, input: ParsedInputOf<typeof organizationOps.add>) {
  const mid = ctx.merchantId;
  const parent = await requireOrg(ctx, input.parentId, '上级组织');
  if (await repo.siblingNameTaken(ctx.db, mid, parent.id, input.name)) throw conflict('同一上级组织下已有同名组织');
  const id = await guardUnique(
    () =>
      repo.insertOrg(ctx.db, {
        merchantId: mid,
        parentId: parent.id,
        name: input.name,
        structureType: input.structureType ?? Math.min(4, parent.structureType + 1),
        sort: input.sort,
        now: ctx.clock.now(),
      }),
    ORG_NAME_TAKEN,
  );
  return { id };
}

export async function orgEdit(ctx: SessionOpContext, input: ParsedInputOf<typeof organizationOps.edit>) {
  const org = await requireOrg(ctx, input.id);
  const note = orgNote(await scopeOf(ctx), org.id);
  if (note) throw forbidden(note);
  if (await repo.siblingNameTaken(ctx.db, ctx.merchantId, org.parentId, input.name, org.id)) throw conflict('同一上级组织下已有同名组织');
  await guardUnique(() => repo.updateOrg(ctx.db, org.id, { name: input.name, sort: input.sort }), ORG_NAME_TAKEN);
  return { id: org.id };
}

export async function orgDelete(ctx: SessionOpContext, id: number) {
  const org = await requireOrg(ctx, id);
  if (org.parentId === null) throw conflict('根组织不能删除');
  const note = orgNote(await scopeOf(ctx), org.id);
  if (note) throw forbidden(note);
  if ((await repo.childCount(ctx.db, id)) > 0) throw conflict('该组织下还有下级组织，不能删除');
  if ((await membershipCount(ctx, 'organization_id', id)) > 0) throw conflict('该组织下还有账号，不能删除');
  await repo.deleteOrg(ctx.db, id);
  return null;
}
