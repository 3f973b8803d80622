import { STRUCTURE_TYPES } from '@merchant/contracts/system/organization';
import type { OrgNode } from '@merchant/contracts/system/organization';

/** Chinese name of an organisation type (总部 / 大区 / 运营中心 / 站点). */
export function structureTypeName(type: number | null | undefined): string {
  return (STRUCTURE_TYPES as Record<number, string>)[type ?? 0] ?? '其他';
}

export const STRUCTURE_TYPE_COLORS: Record<number, string> = { 1: 'gold', 2: 'blue', 3: 'cyan', 4: 'green' };

export const STRUCTURE_TYPE_OPTIONS = Object.entries(STRUCTURE_TYPES).map(([value, label]) => ({ value: Number(value), label }));

/** Tree options for TreeSelect / Cascader-like pickers. */
export interface OrgOption {
  title: string;
  value: number;
  key: number;
  children?: OrgOption[];
}

export function toOrgOptions(nodes: OrgNode[]): OrgOption[] {
  return nodes.map((n) => ({
    title: n.name,
    value: n.id,
    key: n.id,
    ...(n.children?.length ? { children: toOrgOptions(n.children) } : {}),
  }));
}

/** Every node of the tree, depth first, with its depth and the names on the way down. */
export function flattenOrgs(nodes: OrgNode[], depth = 0, trail: string[] = []): Array<OrgNode & { depth: number; path: string[] }> {
  return nodes.flatMap((n) => {
    const path = [...trail, n.name];
    return [{ ...n, depth, path }, ...flattenOrgs(n.children ?? [], depth + 1, path)];
  });
}

/** Ids from the root down to `id` (inclusive); empty when not found. */
export function orgIdPath(nodes: OrgNode[], id: number): number[] {
  for (const n of nodes) {
    if (n.id === id) return [n.id];
    const inner = orgIdPath(n.children ?? [], id);
    if (inner.length) return [n.id, ...inner];
  }
  return [];
}

export function findOrgNode(nodes: OrgNode[], id: number): OrgNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findOrgNode(n.children ?? [], id);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * The tree cut down to nodes whose name contains the keyword, with their ancestors (to keep
 * the place in the hierarchy) and their whole subtree (a matching region shows its centres).
 */
export function filterOrgTree(nodes: OrgNode[], keyword: string): OrgNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return nodes;
  const out: OrgNode[] = [];
  for (const n of nodes) {
    if (n.name.toLowerCase().includes(k)) {
      out.push(n);
      continue;
    }
    const children = filterOrgTree(n.children ?? [], k);
    if (children.length) out.push({ ...n, children });
  }
  return out;
}

/** Ids of every node that has children (to expand the whole tree). */
export function parentIds(nodes: OrgNode[]): number[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...parentIds(n.children)] : []));
}

/** The structure type a new child gets by default (one level below its parent, at most 站点). */
export function childStructureType(parentType: number | undefined): number {
  return Math.min(4, (parentType ?? 0) + 1);
}

/** Why an organisation cannot be deleted, or null when the server will accept it. */
export function deleteBlocker(
  node: Pick<OrgNode, 'parentId' | 'accountCount'> &
    Partial<Pick<OrgNode, 'manageable' | 'manageNote'>> & { childCount?: number; children?: unknown[] },
): string | null {
  if (node.parentId === null) return '根组织不能删除';
  if (node.manageable === false) return node.manageNote ?? '没有权限删除该组织';
  const childCount = node.childCount ?? node.children?.length ?? 0;
  if (childCount > 0) return `该组织下还有 ${childCount} 个下级组织，不能删除`;
  if (node.accountCount > 0) return `该组织下还有 ${node.accountCount} 个账号，不能删除`;
  return null;
}

/** Leaves without a `children` array (a tree table shows no expand icon for them). */
export function withoutEmptyChildren(nodes: OrgNode[]): OrgNode[] {
  return nodes.map((n) => {
    const { children, ...rest } = n;
    return children?.length ? { ...rest, children: withoutEmptyChildren(children) } : (rest as OrgNode);
  });
}
