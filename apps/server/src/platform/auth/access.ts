import { CODES } from '@merchant/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../errors.ts';
import type { SessionContext } from './session.service.ts';

export interface Access {
  isAdmin: boolean;
  anchors: Set<string>;
}

/**
 * The active role's resources: the session's organisation and roles must still be held by the
 * account (else 110008, the client logs out), and the anchors are the union of the roles' grants.
 * An admin role (is_admin) holds every anchor.
 */
export async function loadAccess(db: Kysely<Database>, session: SessionContext): Promise<Access> {
  const { organizationId, roleIds } = session;
  if (organizationId === null || roleIds.length === 0) {
    throw new AppError(CODES.membershipRevoked, '未选择组织或角色，请重新登录', 401);
  }
  const held = await db
    .selectFrom('membership')
    .innerJoin('role', 'role.id', 'membership.role_id')
    .select(['role.id', 'role.is_admin'])
    .where('membership.account_id', '=', session.accountId)
    .where('membership.organization_id', '=', organizationId)
    .where('membership.role_id', 'in', roleIds)
    .execute();
  if (held.length !== new Set(roleIds).size) {
    throw new AppError(CODES.membershipRevoked, '组织或角色已变更，请重新登录', 401);
  }
  const isAdmin = held.some((r) => r.is_admin === 1);
  const query = db.selectFrom('menu').select('menu.anchor');
  const rows = isAdmin
    ? await query.execute()
    : await query.innerJoin('role_menu', 'role_menu.menu_id', 'menu.id').where('role_menu.role_id', 'in', roleIds).execute();
  return { isAdmin, anchors: new Set(rows.map((r) => r.anchor)) };
}
