import { APPROVAL_TRANSITIONS, approvalOps, transitionAllowed, type ApprovalTransition } from '@merchant/contracts/goods/approval';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { call } from '../../test/calls.ts';
import { race, tally } from '../../test/race.ts';
import { ean13, merchantOf, newProduct, seedCategories } from '../../test/approval-data.ts';

type State = { approvalCode: string; status: number; version: number };
const ACTIONS = ['edit', 'submit', 'withdraw', 'approve', 'reject', 'delete'] as const satisfies readonly ApprovalTransition[];

/**
 * The state machine as a property: whatever sequence of actions people try (some with a stale version), an
 * application only ever moves along APPROVAL_TRANSITIONS, every refusal changes nothing, and its history has
 * exactly one row per successful change.
 */
describe.each(DIALECTS)('application state machine (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let operator: ApiClient;
  let leaf: number;
  let seq = 5000;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    operator = await t.signIn('operator');
    leaf = (await seedCategories(t, await merchantOf(t, 'admin'))).leaf;
  });
  afterAll(async () => {
    await t.close();
  });

  it('never leaves the transition table; history rows = successful changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ action: fc.constantFrom(...ACTIONS), stale: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        async (steps) => {
          const barcode = ean13(`21${String(++seq).padStart(10, '0')}`);
          const created = await call<State>(operator, approvalOps.save, newProduct(leaf, barcode));
          const code = created.approvalCode;
          let status: number | 'removed' = 0;
          let version = 0;
          let price = 280;
          let changes = 1;
          for (const { action, stale } of steps) {
            const key = { approvalCode: code, version: stale ? version + 7 : version };
            const res =
              action === 'edit'
                ? await op(operator, approvalOps.save, { ...newProduct(leaf, barcode, { basePrice: ++price }), ...key })
                : action === 'reject'
                  ? await op(admin, approvalOps.reject, { ...key, reason: '资料需补充' })
                  : action === 'approve'
                    ? await op(admin, approvalOps.approve, key)
                    : action === 'withdraw'
                      ? await op(operator, approvalOps.withdraw, key)
                      : await op(operator, action === 'submit' ? approvalOps.submit : approvalOps.delete, key);
            if (status === 'removed') {
              expect(res.code).toBe(CODES.notFound);
              continue;
            }
            const allowed = !stale && transitionAllowed(action, status);
            expect(res.code, `${action} from ${status}${stale ? ' (stale)' : ''}: ${res.msg}`).toBe(allowed ? '200' : CODES.conflict);
            if (!allowed) continue;
            changes++;
            const to: number | 'same' | 'removed' = APPROVAL_TRANSITIONS[action].to;
            if (to === 'removed') {
              status = 'removed';
              continue;
            }
            if (to !== 'same') status = to;
            version++;
            expect(res.data).toMatchObject({ approvalCode: code, status, version });
          }
          const row = await t.db.db.selectFrom('goods_approval').selectAll().where('approval_code', '=', code).executeTakeFirst();
          if (status === 'removed') {
            // gone, or kept marked deleted when it had been submitted
            expect(row === undefined || row.deleted_at !== null).toBe(true);
          } else {
            expect(row).toMatchObject({ status, version });
          }
          const history = await t.db.db
            .selectFrom('record_history')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('subject', '=', 'goods.approval')
            .where('subject_id', '=', code)
            .executeTakeFirstOrThrow();
          expect(Number(history.n)).toBe(changes);
          if (status !== 'removed') {
            const page = await call<Paged<HistoryEntry>>(operator, approvalOps.history, { approvalCode: code, pageSize: 50 });
            expect(page.total).toBe(changes);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe.each(DIALECTS)('application races (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let operator: ApiClient;
  let leaf: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    operator = await t.signIn('operator');
    leaf = (await seedCategories(t, await merchantOf(t, 'admin'))).leaf;
  });
  afterAll(async () => {
    await t.close();
  });

  const historyCount = async (code: string) =>
    Number(
      (
        await t.db.db
          .selectFrom('record_history')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('subject_id', '=', code)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('concurrent approvals, rejections and withdrawals of one version: exactly one wins', async () => {
    const s = await call<State>(operator, approvalOps.save, newProduct(leaf, ean13('220000000001')));
    await call(operator, approvalOps.submit, { approvalCode: s.approvalCode, version: 0 });
    const key = { approvalCode: s.approvalCode, version: 1 };
    const answers = await race(6, (i) =>
      i % 3 === 0
        ? op(admin, approvalOps.approve, key)
        : i % 3 === 1
          ? op(admin, approvalOps.reject, { ...key, reason: `驳回${i}` })
          : op(operator, approvalOps.withdraw, key),
    );
    expect(
      answers.filter((a) => a.code === '200'),
      JSON.stringify(tally(answers)),
    ).toHaveLength(1);
    expect(answers.filter((a) => a.code !== '200').every((a) => a.code === CODES.conflict)).toBe(true);
    expect(await historyCount(s.approvalCode)).toBe(3);
    const created = await t.db.db.selectFrom('standard_product').select('id').where('approval_code', '=', s.approvalCode).execute();
    expect(created.length).toBe(answers[0].code === '200' || answers[3].code === '200' ? 1 : 0);
  });

  it('two applications with one barcode submitted at once: only one waits for review', async () => {
    const barcode = ean13('220000000002');
    const a = await call<State>(operator, approvalOps.save, newProduct(leaf, barcode));
    const b = await call<State>(operator, approvalOps.save, newProduct(leaf, barcode));
    const answers = await race(2, (i) => op(operator, approvalOps.submit, { approvalCode: [a, b][i].approvalCode, version: 0 }));
    expect(
      answers.filter((x) => x.code === '200'),
      JSON.stringify(tally(answers)),
    ).toHaveLength(1);
    expect(answers.find((x) => x.code !== '200')?.code).toBe(CODES.conflict);
    const pending = await t.db.db
      .selectFrom('goods_approval')
      .select('id')
      .where('barcode', '=', barcode)
      .where('status', '=', 1)
      .execute();
    expect(pending).toHaveLength(1);
  });
});
