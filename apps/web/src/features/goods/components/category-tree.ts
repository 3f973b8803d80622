import { goodsOps, type CategoryNode } from '@merchant/contracts/goods/goods';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../platform/call.ts';
import type { ListTreeOption } from '../../../shared/ui/list/list-columns.ts';

/** The merchant's category tree (filters and the goods form). */
export function useCategoryTree() {
  return useQuery({ queryKey: ['goods', 'category-tree'], queryFn: () => call(goodsOps.categoryTree), staleTime: 60_000 });
}

/** Tree options; with `leavesOnly` only level-3 categories can be chosen (goods hang on a leaf). */
export function categoryOptions(nodes: CategoryNode[] | undefined, leavesOnly = false): (ListTreeOption & { selectable?: boolean })[] {
  return (nodes ?? []).map((n) => ({
    title: n.name,
    value: n.id,
    key: n.id,
    selectable: !leavesOnly || n.level === 3,
    children: n.children ? categoryOptions(n.children, leavesOnly) : undefined,
  }));
}
