import type { ApiClient, OperationContract } from '@merchant/contracts';
import type { Database } from '../db/database.ts';
import { op, type TestApp } from './harness.ts';

/** `data` of a success envelope, or a thrown error with the code and message. */
export const data = <T>(res: { code: string; msg: string; data?: unknown }): T => {
  if (res.code !== '200') throw new Error(`${res.code} ${res.msg}`);
  return res.data as T;
};

/**
 * Calls an operation at its spec §7 REST alias (or a raw path) through the real client, secure channel
 * included; returns the envelope whatever the code.
 */
export function rest(client: ApiClient, target: OperationContract | string, body: unknown = {}) {
  if (typeof target === 'string') return client.envelope({ method: 'POST', path: target, body });
  if (!target.rest) throw new Error(`${target.name} has no REST alias`);
  const { method, path } = target.rest;
  return method === 'GET'
    ? client.envelope({ method, path, query: body as Record<string, string> })
    : client.envelope({ method, path, body });
}

/** Calls an operation through the gateway and returns its `data` (throws with the code and message otherwise). */
export const call = <T>(client: ApiClient, operation: OperationContract | string, body: unknown = {}) =>
  op(client, operation, body).then((r) => data<T>(r));

/** Rows in a table (to prove that a refusal wrote nothing). */
export async function rowCount(t: TestApp, table: keyof Database) {
  const r = await t.db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
