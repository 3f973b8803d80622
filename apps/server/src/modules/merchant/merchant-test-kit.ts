import type { ApiClient } from '@merchant/contracts';
import { op, type TestApp } from '../../test/harness.ts';

/** `data` of a success envelope, or a thrown error with the code and message. */
export const data = <T>(res: { code: string; msg: string; data?: unknown }): T => {
  if (res.code !== '200') throw new Error(`${res.code} ${res.msg}`);
  return res.data as T;
};

/** POST to a spec §7 REST alias through the real client (secure channel included). */
export const rest = (client: ApiClient, path: string, body: unknown = {}) => client.envelope({ method: 'POST', path, body });

export const call = <T>(client: ApiClient, name: string, body: unknown = {}) => op(client, name, body).then((r) => data<T>(r));

/** Rows in a table (to prove that a refusal wrote nothing). */
export async function rowCount(t: TestApp, table: 'store' | 'store_change_record' | 'settle_apply' | 'merchant_change' | 'contract' | 'store_staff' | 'store_staff_store' | 'merchant_profile') {
  const r = await t.db.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}
