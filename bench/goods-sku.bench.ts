// Keyset paging of the SKU list (docs/goods.md): 100,000 SKUs of one merchant over a three-level category
// tree (8 top categories, 248 in all, skewed: 饮料 holds 40 %), plus 10,000 of another merchant whose ids
// interleave, on PostgreSQL when TEST_DATABASE_URL / DATABASE_URL is given (a schema of its own, dropped at
// the end), else on a file-backed SQLite. Times the list's own query (sku.repo.ts listSkus) searched by
// keyword and category (饮料 with its descendants, keyword "ml"), first page against page 500 read by keyset
// (the 499 cursors before it walked first, not timed) and by offset, as medians of interleaved reads; the
// same by 销售价, over the whole list, and by SKU编码 within one leaf category. Prints each query's plan
// (EXPLAIN ANALYZE on PostgreSQL, EXPLAIN QUERY PLAN on SQLite).
// Target (PostgreSQL): keyword + category page 500 / first page <= 2, and no plan reads goods_sku
// sequentially; a miss exits non-zero. BENCH_SKU_ROWS changes the size.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { createDb } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import '../apps/server/src/modules/goods/category.table.ts';
import '../apps/server/src/modules/goods/goods.table.ts';
import '../apps/server/src/modules/goods/sku.table.ts';
import { listSkus, skuQuery, type SkuFilter } from '../apps/server/src/modules/goods/sku.repo.ts';
import { medians } from './bench-kit.ts';

const ROWS = Number(process.env.BENCH_SKU_ROWS ?? 100_000);
const PAGE_SIZE = 20;
const PAGE = 500;
const ROUNDS = 31;
const TARGET = 2;

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sku-'));
const schema = url ? `bench_${randomBytes(5).toString('hex')}` : undefined;
const db = await createDb({ dataDir: dir, databaseUrl: url, pgSchema: schema });
const pg = db.dialect === 'postgres';
let failed = false;

/** A deterministic pseudo-random sequence (the same data every run). */
let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];

/** The top categories: share of the SKUs, products and spec values. */
const TOPS = [
  {
    name: '饮料',
    share: 40,
    products: ['饮用天然水', '橙汁', '绿茶', '可乐', '苏打水', '椰汁'],
    specs: ['550ml', '1.5L', '330ml', '250ml', '500ml'],
  },
  { name: '乳品', share: 12, products: ['纯牛奶', '酸奶', '早餐奶'], specs: ['250ml', '200g', '1L', '100g'] },
  { name: '休闲食品', share: 12, products: ['薯片', '饼干', '坚果', '辣条'], specs: ['70g', '100g', '500g'] },
  { name: '粮油调味', share: 8, products: ['大米', '花生油', '生抽', '陈醋'], specs: ['5kg', '1.8L', '500ml'] },
  { name: '日化清洁', share: 8, products: ['洗衣液', '洗洁精', '消毒液'], specs: ['2kg', '500g', '1L'] },
  { name: '个人护理', share: 8, products: ['洗发水', '沐浴露', '牙膏'], specs: ['400ml', '750ml', '120g'] },
  { name: '速食冻品', share: 6, products: ['方便面', '速冻水饺', '火腿肠'], specs: ['5连包', '1kg', '240g'] },
  { name: '酒水', share: 6, products: ['啤酒', '白酒', '红酒'], specs: ['500ml', '330ml', '750ml'] },
] as const;
const BRANDS = [
  '农夫',
  '康师傅',
  '统一',
  '蒙牛',
  '伊利',
  '百事',
  '可口',
  '娃哈哈',
  '三只松鼠',
  '金龙鱼',
  '海天',
  '立白',
  '蓝月亮',
  '云南白药',
];
const PRICES = [150, 200, 250, 300, 350, 450, 500, 550, 600, 800, 990, 1000, 1290, 1590, 1990, 2990, 4990];

/** Each executed query's tree (to EXPLAIN it afterwards). */
const captured: RootOperationNode[] = [];
const capture: KyselyPlugin = {
  transformQuery: (a) => {
    captured.push(a.node);
    return a.node;
  },
  transformResult: async (a) => a.result,
};

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
/** The plan of the last query `run` executes, one line per node. */
async function explain(run: (d: typeof db.db) => Promise<unknown>): Promise<string[]> {
  captured.length = 0;
  await run(db.db.withPlugin(capture));
  const c = db.db.getExecutor().compileQuery(captured[captured.length - 1], { queryId: 'bench' });
  if (pg) {
    const r = await db.db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${c.sql}`, [...c.parameters]),
    );
    const plan = (r.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan;
    const lines: string[] = [];
    const walk = (n: PlanNode, depth: number) => {
      const on = n['Index Name'] ? ` using ${n['Index Name']}` : '';
      const rel = n['Relation Name'] ? ` on ${n['Relation Name']}` : '';
      const removed = n['Rows Removed by Filter'] ? `, ${n['Rows Removed by Filter']} filtered out` : '';
      lines.push(`${'  '.repeat(depth)}${n['Node Type']}${on}${rel} (rows ${n['Actual Rows']}${removed})`);
      for (const p of n.Plans ?? []) walk(p, depth + 1);
    };
    walk(plan, 0);
    return lines;
  }
  const r = await db.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]));
  return r.rows.map((x) => x.detail);
}

/** Median milliseconds of each case over ROUNDS rounds (after a warm-up), interleaved in every round. */

async function insertCategories(merchantId: number, now: number): Promise<{ tops: number[]; leavesOf: number[][] }> {
  const tops: number[] = [];
  const leavesOf: number[][] = [];
  const row = (parentId: number, level: number, name: string, sort: number) => ({
    merchant_id: merchantId,
    parent_id: parentId,
    level,
    name,
    sort,
    created_by: 0,
    created_at: now,
    updated_at: now,
  });
  for (const [i, top] of TOPS.entries()) {
    const { id } = await db.db
      .insertInto('goods_category')
      .values(row(0, 1, top.name, i))
      .returning('id')
      .executeTakeFirstOrThrow();
    tops.push(Number(id));
    const mids = await db.db
      .insertInto('goods_category')
      .values([1, 2, 3, 4, 5].map((j) => row(Number(id), 2, `${top.name}${j}类`, j)))
      .returning('id')
      .execute();
    const leaves: number[] = [];
    for (const [j, m] of mids.entries()) {
      const ls = await db.db
        .insertInto('goods_category')
        .values([1, 2, 3, 4, 5].map((k) => row(Number(m.id), 3, `${top.name}${j + 1}-${k}`, k)))
        .returning('id')
        .execute();
      leaves.push(...ls.map((l) => Number(l.id)));
    }
    leavesOf.push(leaves);
  }
  return { tops, leavesOf };
}

try {
  console.log(
    `${db.dialect}${url ? ` (schema ${schema})` : ''}: ${ROWS.toLocaleString('en-US')} SKUs of one merchant (+${(ROWS / 10).toLocaleString('en-US')} of another), page size ${PAGE_SIZE}`,
  );
  await migrateToLatest(db.db);

  // ---------------------------------------------------------------- seed (not timed)
  const t0 = performance.now();
  const now = Date.UTC(2026, 0, 1);
  const merchants = await db.db
    .insertInto('merchant')
    .values([
      { code: 'BENCH1', name: '压测商户', bus_code: 'B1', status: 1, created_at: now },
      { code: 'BENCH2', name: '其他商户', bus_code: 'B2', status: 1, created_at: now },
    ])
    .returning('id')
    .execute();
  const [MERCHANT, OTHER] = merchants.map((m) => Number(m.id));
  const mine = await insertCategories(MERCHANT, now);
  const theirs = await insertCategories(OTHER, now);
  const shares = TOPS.flatMap((t, i) => Array.from({ length: t.share }, () => i));

  // Goods of 2 or 3 SKUs; every eleventh goods the other merchant's (their ids interleave with ours).
  interface Planned {
    merchantId: number;
    top: number;
    leaf: number;
    name: string;
    skus: number;
  }
  const planned: Planned[] = [];
  const counts = new Map<number, number>([
    [MERCHANT, 0],
    [OTHER, 0],
  ]);
  while ((counts.get(MERCHANT) ?? 0) < ROWS) {
    const merchantId = planned.length % 11 === 10 ? OTHER : MERCHANT;
    const tree = merchantId === MERCHANT ? mine : theirs;
    const top = pick(shares);
    const skus = Math.min(planned.length % 2 ? 3 : 2, merchantId === MERCHANT ? ROWS - (counts.get(MERCHANT) ?? 0) : 3);
    counts.set(merchantId, (counts.get(merchantId) ?? 0) + skus);
    planned.push({ merchantId, top, leaf: pick(tree.leavesOf[top]), name: `${pick(BRANDS)}${pick(TOPS[top].products)}`, skus });
  }
  const batch = pg ? 2000 : 1000;
  const goodsIds: number[] = [];
  for (let from = 0; from < planned.length; from += batch) {
    const rows = planned.slice(from, from + batch).map((g, j) => ({
      merchant_id: g.merchantId,
      goods_code: `G${String(from + j + 1).padStart(8, '0')}`,
      name: g.name,
      category_id: g.leaf,
      brand: '',
      unit: '件',
      storage_style: 1,
      shelf_life_days: 0,
      image_ids: '[]',
      description: '',
      status: 1,
      created_by: 0,
      created_at: now,
      updated_at: now,
    }));
    const ids = await db.db.insertInto('goods').values(rows).returning('id').execute();
    goodsIds.push(...ids.map((r) => Number(r.id)));
  }
  const skuRows = [];
  const serial = new Map<number, number>();
  for (const [gi, g] of planned.entries()) {
    const specs = [...TOPS[g.top].specs].sort(() => rand() - 0.5).slice(0, g.skus);
    for (const spec of specs) {
      const n = (serial.get(g.merchantId) ?? 0) + 1;
      serial.set(g.merchantId, n);
      skuRows.push({
        merchant_id: g.merchantId,
        goods_id: goodsIds[gi],
        // codes unique per merchant, not in id order
        sku_code: `K${String((n * 7919) % 100_000_000).padStart(8, '0')}`,
        name: `${g.name} ${spec}`,
        spec_values: JSON.stringify([{ name: '规格', value: spec }]),
        barcode: `69${String(n).padStart(11, '0')}`,
        category_id: g.leaf,
        base_price: pick(PRICES),
        storage_style: 1 + Math.floor(rand() * 3),
        status: rand() < 0.9 ? 1 : 2,
        deleted_at: null,
        created_by: 0,
        created_at: now + skuRows.length * 1000,
        updated_at: now,
      });
    }
  }
  for (let from = 0; from < skuRows.length; from += batch) {
    await db.db
      .insertInto('goods_sku')
      .values(skuRows.slice(from, from + batch))
      .execute();
  }
  await sql`analyze`.execute(db.db);
  console.log(`seeded ${skuRows.length.toLocaleString('en-US')} SKUs in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // ---------------------------------------------------------------- the cases
  const drinks = mine.tops[0];
  const leaf = mine.leavesOf[0][7];
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  const cases: { name: string; filter: SkuFilter; page: number; target?: number }[] = [
    {
      name: 'keyword "ml" + category 饮料 (with descendants), 创建时间 newest first',
      filter: { keyword: 'ml', categoryId: drinks, sortOrder: 'descend' },
      page: PAGE,
      target: TARGET,
    },
    {
      name: 'keyword "ml" + category 饮料, 销售价 lowest first',
      filter: { keyword: 'ml', categoryId: drinks, sortField: 'basePrice', sortOrder: 'ascend' },
      page: PAGE,
    },
    { name: 'the whole list, 创建时间 newest first', filter: { sortOrder: 'descend' }, page: PAGE },
    { name: 'one leaf category, SKU编码', filter: { categoryId: leaf, sortField: 'skuCode', sortOrder: 'ascend' }, page: 0 },
    {
      name: 'one leaf category, 销售价 highest first',
      filter: { categoryId: leaf, sortField: 'basePrice', sortOrder: 'descend' },
      page: 0,
    },
  ];
  for (const c of cases) {
    const page = (cursor?: string, d = db.db) => listSkus(d, MERCHANT, { ...c.filter, cursor, pageSize: PAGE_SIZE });
    // Walk to page N (page 0: to the last page); the cursor of its fetch.
    const firstPage = await listSkus(db.db, MERCHANT, { ...c.filter, pageSize: PAGE_SIZE }, 10_000);
    let cursor: string | undefined;
    let at = 1;
    while (at !== c.page) {
      const p = await page(cursor);
      if (!p.nextCursor) {
        if (c.page) throw new Error(`${c.name}: only ${at} pages`);
        break;
      }
      cursor = p.nextCursor;
      at++;
    }
    const deep = at;
    const offsetQuery = () =>
      skuQuery(db.db, MERCHANT, c.filter)
        .limit(PAGE_SIZE)
        .offset((deep - 1) * PAGE_SIZE)
        .execute();
    const byKeyset = (await page(cursor)).list.map((r) => r.id);
    const byOffset = (await offsetQuery()).map((r) => r.id);
    if (JSON.stringify(byKeyset) !== JSON.stringify(byOffset)) throw new Error(`${c.name}: page ${deep} differs between keyset and offset`);

    console.log(
      `\n-- ${c.name}: ${firstPage.total === undefined ? 'more than 10,000' : firstPage.total.toLocaleString('en-US')} SKUs match`,
    );
    const r = await medians(
      {
        first: () => page(),
        firstCounted: () => listSkus(db.db, MERCHANT, { ...c.filter, pageSize: PAGE_SIZE }, 10_000),
        keyset: () => page(cursor),
        offset: offsetQuery,
      },
      ROUNDS,
    );
    const ratio = r.keyset / r.first;
    console.log(`first page (keyset):                    ${ms(r.first)}  (baseline)`);
    console.log(
      `first page as the list answers it (counted up to 10,000): ${ms(r.firstCounted)}  ratio ${(r.firstCounted / r.first).toFixed(2)}`,
    );
    console.log(
      `page ${deep} by keyset:                     ${ms(r.keyset)}  ratio ${ratio.toFixed(2)}${c.target ? ` (target <= ${c.target})` : ''}`,
    );
    console.log(`page ${deep} by offset:                     ${ms(r.offset)}  ratio ${(r.offset / r.first).toFixed(2)}`);
    for (const [label, run] of [
      ['first page', (d: typeof db.db) => page(undefined, d)],
      [`page ${deep}`, (d: typeof db.db) => page(cursor, d)],
    ] as const) {
      const plan = await explain(run);
      console.log(`plan of the ${label}:\n    ${plan.join('\n    ')}`);
      if (pg && plan.some((l) => /Seq Scan on goods_sku/.test(l))) {
        failed = true;
        console.log(`MISSED: the ${label} reads goods_sku sequentially`);
      }
    }
    if (c.target && pg && ratio > c.target) {
      failed = true;
      console.log(`MISSED: keyset page ${deep} costs more than ${c.target}× the first page`);
    }
  }
} catch (err) {
  failed = true;
  console.error('goods SKU bench failed:', err);
} finally {
  if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db.db);
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
