import { hasAnchor } from '../../../platform/permission.ts';
import { useSession } from '../../../platform/session-store.ts';

/** The permission point that opens changes of the library and the category tree (the server refuses anyway). */
export const STANDARD_PRODUCT_EDIT = 'standard-product-edit';

/** Whether the active role holds 'standard-product-edit' (its resource tree's anchorList). */
export function useCanEditLibrary(): boolean {
  return useSession((s) => hasAnchor(s.menuTree, STANDARD_PRODUCT_EDIT));
}
