import { CODES, defineOperations, nothing } from '@merchant/contracts';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { GENERIC_DUPLICATE_MESSAGE } from '../errors.ts';
import { implement } from './registry.ts';

const testOps = defineOperations(
  { anchor: null },
  { duplicate: { name: 'test.duplicate', label: '测试重复写入', writes: true, input: z.object({}), output: nothing } },
);

/** The operation log records what the caller was told: a unique violation no service named is a 409, not a server error. */
describe.each(DIALECTS)('operation log of a stray database violation (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.registry.add(
      implement(testOps.duplicate, {
        handler: async (ctx) => {
          const insert = () => ctx.db.insertInto('channel').values({ code: 'dup-test', name: '重复渠道', sort: 0 }).execute();
          await insert();
          await insert();
          return null;
        },
      }),
    );
  });
  afterAll(() => t.close());

  it('answers 409 and logs 409, never B0001', async () => {
    const admin = await t.signIn('admin');
    expect(await op(admin, testOps.duplicate)).toMatchObject({ code: CODES.conflict, msg: GENERIC_DUPLICATE_MESSAGE });
    const row = await t.db.db
      .selectFrom('operation_log')
      .select(['result_code', 'result_msg'])
      .where('operation', '=', testOps.duplicate.name)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ result_code: CODES.conflict, result_msg: GENERIC_DUPLICATE_MESSAGE });
  });
});
