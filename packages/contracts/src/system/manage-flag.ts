import { z } from 'zod';

/**
 * What the signed-in account may do with a row of user management (organisations, roles, accounts): the
 * server decides by the admin-scope rule (docs/decisions.md) and says why not, so a page can disable the
 * actions with that reason. For a role, `manageable` also means the account may give it to others.
 */
export const manageFlagFields = {
  manageable: z.boolean(),
  /** Why not (Chinese), null when manageable. */
  manageNote: z.string().nullable(),
};
export const manageFlagSchema = z.object(manageFlagFields);
export type ManageFlag = z.infer<typeof manageFlagSchema>;
