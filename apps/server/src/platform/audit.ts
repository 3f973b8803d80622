import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { SessionContext } from './auth/session.service.ts';

// `kind` names what an id is (e.g. the phone revealed: kind=store;id=5).
const TARGET_KEY = /(^id$|Id$|Ids$|Code$|^code$|No$|NoSub$|Number$|^kind$)/;

/** Target ids of an operation for the audit log: top-level id/code-like fields of the input. */
export function targetIds(input: unknown): string {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(input)) {
    if (!TARGET_KEY.test(k) || v === undefined || v === null) continue;
    parts.push(`${k}=${Array.isArray(v) ? v.join(',') : String(v)}`);
  }
  return parts.join(';').slice(0, 500);
}

export interface AuditEntry {
  session?: SessionContext;
  operation: string;
  anchor: string;
  clientAnchor?: string;
  input: unknown;
  resultCode: string;
  resultMsg: string;
  ip: string;
  now: number;
  /** For public operations: who the entry is about, when known. */
  userName?: string;
}

/** Writes one operation-log row (who, organisation, role, operation, anchor, targets, result, time, IP). */
export async function writeAudit(db: Kysely<Database>, e: AuditEntry): Promise<void> {
  await db
    .insertInto('operation_log')
    .values({
      merchant_id: e.session?.merchantId ?? null,
      account_id: e.session?.accountId ?? null,
      user_name: (e.session?.userName ?? e.userName ?? '').slice(0, 64),
      organization_id: e.session?.organizationId ?? null,
      role_ids: e.session?.roleIds.join(',') ?? '',
      operation: e.operation.slice(0, 128),
      anchor: e.anchor.slice(0, 100),
      client_anchor: (e.clientAnchor ?? '').slice(0, 128),
      target_ids: targetIds(e.input),
      result_code: e.resultCode.slice(0, 16),
      result_msg: e.resultMsg.slice(0, 255),
      ip: e.ip.slice(0, 64),
      created_at: e.now,
    })
    .execute();
}
