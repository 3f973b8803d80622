import { categoryOps, MAX_CATEGORY_LEVEL, type CategoryNode, type CategoryRoot } from '@merchant/contracts/goods/category';
import { CODES, type ApiClient } from '@merchant/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';

/**
 * Invariants of the category tree (docs/goods.md): whatever sequence of creates, renames and deletes people
 * send — one after another or at the same moment — the tree never gets a fourth level, never two siblings
 * with one name, never loses a category that still holds children, standard products or goods, and each
 * change the server accepts writes exactly one history entry.
 */

const DUPLICATE = '同一上级分类下已有同名分类，请换一个名称（字段：name）';
const FOURTH_LEVEL = '商品分类最多三级，第三级分类下不能再新增分类（字段：parentId）';
const PARENT_GONE = '上级分类不存在，请刷新后重试（字段：parentId）';
/** Names that collide often: two made up, and the seeded 饮料 (a root) and 水 (under 饮料). */
const NAMES = ['甲', '乙', '饮料', '水'];

interface Node {
  id: number;
  parentId: number;
  level: number;
  name: string;
  sort: number;
  version: number;
}

type Pick = { recent: boolean; n: number };
type Step =
  | { kind: 'create'; parent: Pick | 'root'; name: string }
  | { kind: 'rename'; target: Pick; name: string }
  | { kind: 'delete'; target: Pick };

const pickArb: fc.Arbitrary<Pick> = fc.record({ recent: fc.boolean(), n: fc.nat({ max: 10_000 }) });
const nameArb = fc.constantFrom(...NAMES);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('create' as const), parent: fc.oneof(fc.constant('root' as const), pickArb), name: nameArb }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('rename' as const), target: pickArb, name: nameArb }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), target: pickArb }), weight: 2 },
);

function flatten(roots: CategoryRoot[]): Node[] {
  const out: Node[] = [];
  const walk = (n: CategoryNode) => {
    out.push({ id: n.id, parentId: n.parentId, level: n.level, name: n.name, sort: n.sort, version: n.version });
    (n.children as CategoryNode[]).forEach(walk);
  };
  roots.forEach(walk);
  return out;
}

describe.each(DIALECTS)('category tree invariants (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let merchantId: number;

  const count = async (query: ReturnType<typeof sql<{ n: number | string }>>) => Number((await query.execute(t.db.db)).rows[0].n);
  /** What still hangs on a category besides its children: standard products and goods (deleted ones too). */
  const holdings = async (id: number) =>
    (await count(sql`select count(*) as n from standard_product where merchant_id = ${merchantId} and category_id = ${id}`)) +
    (await count(sql`select count(*) as n from goods where merchant_id = ${merchantId} and category_id = ${id}`));
  const readTree = async () => flatten(await call<CategoryRoot[]>(admin, categoryOps.tree));

  /** The whole tree as the database holds it obeys the rules. */
  async function assertTreeSound() {
    const rows = await t.db.db.selectFrom('goods_category').selectAll().where('merchant_id', '=', merchantId).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) {
      expect(r.level).toBeGreaterThanOrEqual(1);
      expect(r.level).toBeLessThanOrEqual(MAX_CATEGORY_LEVEL);
      if (r.parent_id === 0) expect(r.level).toBe(1);
      else expect(byId.get(r.parent_id)?.level, `category ${r.id} has no parent ${r.parent_id}`).toBe(r.level - 1);
    }
    const siblings = rows.map((r) => `${r.parent_id}/${r.name}`);
    expect(new Set(siblings).size).toBe(siblings.length);
    // nothing refers to a category that is gone, and products hang on leaves only
    const dangling = await count(
      sql`select count(*) as n from standard_product p left join goods_category c on c.id = p.category_id where p.merchant_id = ${merchantId} and (c.id is null or c.level <> 3)`,
    );
    expect(dangling).toBe(0);
    const danglingGoods = await count(
      sql`select count(*) as n from goods g left join goods_category c on c.id = g.category_id where g.merchant_id = ${merchantId} and c.id is null`,
    );
    expect(danglingGoods).toBe(0);
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    merchantId = (await t.db.db.selectFrom('account').select('merchant_id').where('user_name', '=', 'admin').executeTakeFirstOrThrow())
      .merchant_id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('random sequences of create / rename / delete answer as the rules say and leave a sound tree', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
        const model = new Map((await readTree()).map((n) => [n.id, n]));
        const recent: number[] = [];
        const choose = (p: Pick): Node | undefined => {
          const live = recent.filter((id) => model.has(id));
          const pool = p.recent && live.length ? live : [...model.keys()].sort((a, b) => a - b);
          return pool.length ? model.get(pool[p.n % pool.length]) : undefined;
        };
        const siblingNamed = (parentId: number, name: string, except?: number) =>
          [...model.values()].some((n) => n.parentId === parentId && n.name === name && n.id !== except);
        const historyBefore = await rowCount(t, 'record_history');
        let accepted = 0;

        for (const step of steps) {
          if (step.kind === 'create') {
            const parent = step.parent === 'root' ? undefined : choose(step.parent);
            const parentId = parent?.id ?? 0;
            const res = await op(admin, categoryOps.create, { parentId, name: step.name, sort: 0 });
            if (parent && parent.level >= MAX_CATEGORY_LEVEL) {
              expect(res).toMatchObject({ code: CODES.badInput, msg: FOURTH_LEVEL });
            } else if (siblingNamed(parentId, step.name)) {
              expect(res).toMatchObject({ code: CODES.conflict, msg: DUPLICATE });
            } else {
              expect(res.code, res.msg).toBe('200');
              const made = res.data as { id: number; level: number };
              expect(made.level).toBe((parent?.level ?? 0) + 1);
              model.set(made.id, { id: made.id, parentId, level: made.level, name: step.name, sort: 0, version: 0 });
              recent.push(made.id);
              accepted++;
            }
          } else if (step.kind === 'rename') {
            const c = choose(step.target);
            if (!c) continue;
            const res = await op(admin, categoryOps.update, { id: c.id, name: step.name, sort: c.sort, version: c.version });
            if (step.name === c.name) {
              expect(res.code, res.msg).toBe('200');
              expect((res.data as { changes: unknown[] }).changes).toEqual([]);
            } else if (siblingNamed(c.parentId, step.name, c.id)) {
              expect(res).toMatchObject({ code: CODES.conflict, msg: DUPLICATE });
            } else {
              expect(res.code, res.msg).toBe('200');
              model.set(c.id, { ...c, name: step.name, version: c.version + 1 });
              accepted++;
            }
          } else {
            const c = choose(step.target);
            if (!c) continue;
            const hasChildren = [...model.values()].some((n) => n.parentId === c.id);
            const held = await holdings(c.id);
            const res = await op(admin, categoryOps.delete, { id: c.id, version: c.version });
            if (hasChildren || held > 0) {
              expect(res.code).toBe(CODES.conflict);
              expect(res.msg).toMatch(/^分类“.+”下还有/);
            } else {
              expect(res.code, res.msg).toBe('200');
              model.delete(c.id);
              accepted++;
            }
          }
        }

        await assertTreeSound();
        const server = await readTree();
        expect(new Map(server.map((n) => [n.id, n]))).toEqual(model);
        expect(await rowCount(t, 'record_history')).toBe(historyBefore + accepted);
      }),
      { numRuns: 25 },
    );
  });

  it('two creates of one name under one parent at the same moment: one wins, the other hears it is a duplicate', async () => {
    const drinks = (await readTree()).find((n) => n.name === '饮料' && n.parentId === 0)!;
    for (let round = 0; round < 6; round++) {
      const name = `同时新增${round}`;
      const historyBefore = await rowCount(t, 'record_history');
      const answers = await Promise.all([
        op(admin, categoryOps.create, { parentId: drinks.id, name, sort: 0 }),
        op(admin, categoryOps.create, { parentId: drinks.id, name, sort: 1 }),
      ]);
      expect(answers.map((a) => a.code).sort()).toEqual(['200', CODES.conflict].sort());
      expect(answers.find((a) => a.code !== '200')!.msg).toBe(DUPLICATE);
      const rows = await t.db.db
        .selectFrom('goods_category')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('parent_id', '=', drinks.id)
        .where('name', '=', name)
        .execute();
      expect(rows).toHaveLength(1);
      expect(await rowCount(t, 'record_history')).toBe(historyBefore + 1);
    }
    await assertTreeSound();
  });

  it('a child created while its parent is deleted: never both, never an orphan', async () => {
    const drinks = (await readTree()).find((n) => n.name === '饮料' && n.parentId === 0)!;
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const made = await call<{ id: number }>(admin, categoryOps.create, { parentId: drinks.id, name: `待删中类${round}`, sort: 0 });
      const [child, gone] = await Promise.all([
        op(admin, categoryOps.create, { parentId: made.id, name: '新小类', sort: 0 }),
        op(admin, categoryOps.delete, { id: made.id, version: 0 }),
      ]);
      expect([child.code, gone.code]).not.toEqual(['200', '200']);
      if (gone.code === '200') {
        expect(child).toMatchObject({ code: CODES.badInput, msg: PARENT_GONE });
        outcomes.add('deleted');
      } else {
        expect(child.code, child.msg).toBe('200');
        expect(gone).toMatchObject({ code: CODES.conflict });
        expect(gone.msg).toContain('下还有下级分类');
        outcomes.add('created');
      }
      await assertTreeSound();
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
