import { categoryOps, type CategoryRoot } from '@merchant/contracts/goods/category';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';

const findByName = (tree: CategoryRoot[], path: string[]) => {
  let nodes: { name: string; children: unknown[] }[] = tree;
  let hit: (CategoryRoot | CategoryRoot['children'][number] | CategoryRoot['children'][number]['children'][number]) | undefined;
  for (const name of path) {
    hit = nodes.find((n) => n.name === name) as typeof hit;
    if (!hit) return undefined;
    nodes = hit.children as { name: string; children: unknown[] }[];
  }
  return hit;
};

describe.each(DIALECTS)('goods categories (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家超市', 'catboss', '13700000061');
  });
  afterAll(async () => {
    await t.close();
  });

  const written = async () => [await rowCount(t, 'goods_category'), await rowCount(t, 'record_history')];

  it('answers the seeded three-level tree with product counts rolled up', async () => {
    const tree = await call<CategoryRoot[]>(admin, categoryOps.tree);
    expect(tree.length).toBeGreaterThanOrEqual(8);
    const leaves = tree.flatMap((r) => r.children.flatMap((m) => m.children));
    expect(leaves.length).toBeGreaterThanOrEqual(40);
    expect(leaves.every((l) => l.level === 3 && l.children.length === 0)).toBe(true);
    const drinks = findByName(tree, ['饮料'])!;
    const water = findByName(tree, ['饮料', '水', '饮用水'])!;
    expect(water.productCount).toBeGreaterThan(0);
    expect(drinks.productCount).toBe(
      (drinks as CategoryRoot).children.reduce((s, m) => s + m.children.reduce((x, l) => x + l.productCount, 0), 0),
    );
    expect(tree.reduce((s, r) => s + r.productCount, 0)).toBeGreaterThanOrEqual(300);
    // another merchant has a tree of its own (empty)
    expect(await call<CategoryRoot[]>(other, categoryOps.tree)).toEqual([]);
  });

  it('creates three levels, refuses a fourth, a duplicate sibling name and bad input, writing nothing', async () => {
    const a = await call<{ id: number; level: number }>(admin, categoryOps.create, { parentId: 0, name: '测试根类', sort: 99 });
    const b = await call<{ id: number; level: number }>(admin, categoryOps.create, { parentId: a.id, name: '测试二级' });
    const c = await call<{ id: number; level: number }>(admin, categoryOps.create, { parentId: b.id, name: '测试三级' });
    expect([a.level, b.level, c.level]).toEqual([1, 2, 3]);
    const before = await written();
    expect(await op(admin, categoryOps.create, { parentId: c.id, name: '第四级' })).toMatchObject({
      code: CODES.badInput,
      msg: '商品分类最多三级，第三级分类下不能再新增分类（字段：parentId）',
    });
    expect(await op(admin, categoryOps.create, { parentId: a.id, name: '测试二级' })).toMatchObject({
      code: CODES.conflict,
      msg: '同一上级分类下已有同名分类，请换一个名称（字段：name）',
    });
    expect(await op(admin, categoryOps.create, { parentId: 0, name: '' })).toMatchObject({
      code: CODES.badInput,
      msg: '请输入分类名称（字段：name）',
    });
    expect(await op(admin, categoryOps.create, { parentId: 0, name: '一二三四五六七八九十一二三四五六七八九十一' })).toMatchObject({
      code: CODES.badInput,
      msg: '分类名称不能超过20个字（字段：name）',
    });
    expect(await op(admin, categoryOps.create, { parentId: 0, name: '饮料/水' })).toMatchObject({ code: CODES.badInput });
    expect(await op(admin, categoryOps.create, { parentId: 999_999, name: '无上级' })).toMatchObject({
      code: CODES.badInput,
      msg: '上级分类不存在，请刷新后重试（字段：parentId）',
    });
    // the same name under another parent is fine; a root of the same name as a leaf too
    expect(await written()).toEqual(before);
    const h = await call<Paged<HistoryEntry>>(admin, categoryOps.history, { id: c.id });
    expect(h.list[0]).toMatchObject({
      action: 'create',
      actionLabel: '新增三级分类',
      remark: '上级分类：测试根类/测试二级',
      operatorName: 'admin',
    });
  });

  it('renames with the version; a stale version is refused and nothing changes', async () => {
    const id = (await call<{ id: number }>(admin, categoryOps.create, { parentId: 0, name: '改名前' })).id;
    const res = await call<{ changes: unknown[] }>(admin, categoryOps.update, { id, name: '改名后', sort: 5, version: 0 });
    expect(res.changes).toEqual([
      { field: 'name', label: '分类名称', before: '改名前', after: '改名后' },
      { field: 'sort', label: '排序', before: '0', after: '5' },
    ]);
    const before = await written();
    expect(await op(admin, categoryOps.update, { id, name: '又改了', sort: 5, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    expect(await op(admin, categoryOps.update, { id, name: '又改了', sort: 5 })).toMatchObject({ code: CODES.badInput });
    expect(await written()).toEqual(before);
    const node = (await call<CategoryRoot[]>(admin, categoryOps.tree)).find((r) => r.id === id)!;
    expect(node).toMatchObject({ name: '改名后', sort: 5, version: 1 });
    const h = await call<Paged<HistoryEntry>>(admin, categoryOps.history, { id });
    expect(h.list.map((e) => e.action)).toEqual(['update', 'create']);
  });

  it('deletes only an empty category; refuses one with children, standard products, goods, supply goods or mall goods', async () => {
    const tree = await call<CategoryRoot[]>(admin, categoryOps.tree);
    const drinks = findByName(tree, ['饮料'])!;
    const water = findByName(tree, ['饮料', '水', '饮用水'])!;
    const before = await written();
    expect(await op(admin, categoryOps.delete, { id: drinks.id, version: drinks.version })).toMatchObject({
      code: CODES.conflict,
      msg: '分类“饮料”下还有下级分类，请先删除下级分类',
    });
    const refused = await op(admin, categoryOps.delete, { id: water.id, version: water.version });
    expect(refused.code).toBe(CODES.conflict);
    expect(refused.msg).toMatch(/^分类“饮料\/水\/饮用水”下还有\d+个标准商品，不能删除$/);
    expect(await written()).toEqual(before);

    // a leaf holding only a merchant goods row (the goods resource writes them; inserted by hand here)
    const root = await call<{ id: number }>(admin, categoryOps.create, { parentId: 0, name: '删测' });
    const mid = await call<{ id: number }>(admin, categoryOps.create, { parentId: root.id, name: '删测二' });
    const leaf = await call<{ id: number }>(admin, categoryOps.create, { parentId: mid.id, name: '删测三' });
    const merchantId = (
      await t.db.db.selectFrom('goods_category').select('merchant_id').where('id', '=', leaf.id).executeTakeFirstOrThrow()
    ).merchant_id;
    const now = t.clock.now();
    await sql`insert into goods (merchant_id, goods_code, name, category_id, unit, storage_style, status, created_at, updated_at)
      values (${merchantId}, 'G99999999', '测试商品', ${leaf.id}, '瓶', 1, 1, ${now}, ${now})`.execute(t.db.db);
    expect(await op(admin, categoryOps.delete, { id: leaf.id, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: '分类“删测/删测二/删测三”下还有1个商品（含已删除的商品），不能删除',
    });
    await sql`delete from goods where goods_code = 'G99999999'`.execute(t.db.db);
    // … or only a supply-chain SPU (of a seeded supplier)
    const supplier = await t.db.db.selectFrom('supplier').select('id').where('merchant_id', '=', merchantId).executeTakeFirstOrThrow();
    await sql`insert into supply_spu (merchant_id, supplier_id, spu_code, name, category_id, unit, status, created_at, updated_at)
      values (${merchantId}, ${supplier.id}, 'GS99999999', '测试供应商品', ${leaf.id}, '箱', 1, ${now}, ${now})`.execute(t.db.db);
    expect(await op(admin, categoryOps.delete, { id: leaf.id, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: '分类“删测/删测二/删测三”下还有1个供应链商品，不能删除',
    });
    await sql`delete from supply_spu where spu_code = 'GS99999999'`.execute(t.db.db);
    // … or only a wholesale mall SPU: it keeps the category its standard product had when listed (the product,
    // here one not listed in the mall, may have moved since), and no foreign key guards it
    const product = await t.db.db
      .selectFrom('standard_product')
      .select(['id', 'category_id'])
      .where('merchant_id', '=', merchantId)
      .where('id', 'not in', t.db.db.selectFrom('mall_goods').select('standard_product_id').where('merchant_id', '=', merchantId))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await sql`insert into mall_goods (merchant_id, standard_product_id, mall_code, title, category_id, sale_unit, pieces_per_unit, status, created_at, updated_at)
      values (${merchantId}, ${product.id}, 'MG99999999', '测试商城商品', ${leaf.id}, '箱', 12, 1, ${now}, ${now})`.execute(t.db.db);
    const mallBefore = await written();
    expect(await op(admin, categoryOps.delete, { id: leaf.id, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: '分类“删测/删测二/删测三”下还有1个批发商城商品，不能删除',
    });
    // … or only a (deleted) mall SKU whose SPU sits elsewhere
    await sql`update mall_goods set category_id = ${product.category_id} where mall_code = 'MG99999999'`.execute(t.db.db);
    const spu = await t.db.db.selectFrom('mall_goods').select('id').where('mall_code', '=', 'MG99999999').executeTakeFirstOrThrow();
    await sql`insert into mall_goods_sku (merchant_id, mall_goods_id, sku_code, name, barcode, category_id, price_tiers, moq, base_price, lowest_price, status, deleted_at, created_at, updated_at)
      values (${merchantId}, ${spu.id}, 'MK99999999', '测试商城SKU', '6901234567892', ${leaf.id}, '[{"minQty":1,"price":100}]', 1, 100, 100, 2, ${now}, ${now}, ${now})`.execute(
      t.db.db,
    );
    expect(await op(admin, categoryOps.delete, { id: leaf.id, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: '分类“删测/删测二/删测三”下还有1个批发商城SKU（含已删除的SKU），不能删除',
    });
    expect(await written()).toEqual(mallBefore);
    await sql`delete from mall_goods_sku where sku_code = 'MK99999999'`.execute(t.db.db);
    await sql`delete from mall_goods where mall_code = 'MG99999999'`.execute(t.db.db);

    expect(await op(admin, categoryOps.delete, { id: leaf.id, version: 3 })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    expect(await op(admin, categoryOps.delete, { id: leaf.id, version: 0 })).toMatchObject({ code: '200' });
    expect(await op(admin, categoryOps.delete, { id: mid.id, version: 0 })).toMatchObject({ code: '200' });
    expect(findByName(await call<CategoryRoot[]>(admin, categoryOps.tree), ['删测'])!.children).toEqual([]);
    const rows = await t.db.db
      .selectFrom('record_history')
      .select(['action', 'remark'])
      .where('subject', '=', 'goods.category')
      .where('subject_id', '=', String(leaf.id))
      .orderBy('id', 'desc')
      .execute();
    expect(rows[0]).toEqual({ action: 'delete', remark: '删测/删测二/删测三' });
  });

  it('treats another merchant’s category as not found and changes nothing', async () => {
    const water = findByName(await call<CategoryRoot[]>(admin, categoryOps.tree), ['饮料', '水', '饮用水'])!;
    const before = await written();
    expect((await op(other, categoryOps.update, { id: water.id, name: '偷改', sort: 0, version: water.version })).code).toBe(
      CODES.notFound,
    );
    expect((await op(other, categoryOps.delete, { id: water.id, version: water.version })).code).toBe(CODES.notFound);
    expect((await op(other, categoryOps.history, { id: water.id })).code).toBe(CODES.notFound);
    expect(await op(other, categoryOps.create, { parentId: water.id, name: '挂到别家' })).toMatchObject({ code: CODES.badInput });
    expect(await written()).toEqual(before);
  });

  it('lets the operator read the tree but not change it', async () => {
    const operator = await t.signIn('operator');
    expect((await call<CategoryRoot[]>(operator, categoryOps.tree)).length).toBeGreaterThanOrEqual(8);
    const before = await written();
    expect((await op(operator, categoryOps.create, { parentId: 0, name: '运营新增' })).code).toBe(CODES.forbidden);
    expect((await op(operator, categoryOps.update, { id: 1, name: '运营改', sort: 0, version: 0 })).code).toBe(CODES.forbidden);
    expect((await op(operator, categoryOps.delete, { id: 1, version: 0 })).code).toBe(CODES.forbidden);
    expect(await written()).toEqual(before);
  });
});
