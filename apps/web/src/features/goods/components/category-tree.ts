import { categoryOps, type CategoryRoot } from '@merchant/contracts/goods/category';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../platform/call.ts';
import type { ListTreeOption } from '../../../shared/ui/list/list-columns.ts';

export const CATEGORY_TREE_KEY = ['goods', 'category-tree'] as const;

/** The merchant's category tree (shared by the list filter, the edit form and the category drawer). */
export function useCategoryTree() {
  return useQuery({ queryKey: CATEGORY_TREE_KEY, queryFn: () => call(categoryOps.tree), staleTime: 60_000 });
}

interface AnyNode {
  id: number;
  name: string;
  level: number;
  productCount: number;
  children: AnyNode[];
}

/** Tree-select options; `leavesOnly`: only level-3 categories can be picked (products hang on leaves). */
export function categoryOptions(tree: CategoryRoot[] | undefined, { leavesOnly = false, counts = false } = {}) {
  const walk = (nodes: AnyNode[]): (ListTreeOption & { selectable?: boolean; disabled?: boolean })[] =>
    nodes.map((n) => ({
      title: counts ? `${n.name}（${n.productCount}）` : n.name,
      value: n.id,
      key: n.id,
      selectable: !leavesOnly || n.level === 3,
      disabled: leavesOnly && n.level === 3 ? false : undefined,
      children: walk(n.children),
    }));
  return walk((tree ?? []) as unknown as AnyNode[]);
}
