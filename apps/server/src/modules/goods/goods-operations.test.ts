import { CODES, type ApiClient, type OperationContract } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import { approvalOps } from '@merchant/contracts/goods/approval';
import { categoryOps } from '@merchant/contracts/goods/category';
import { goodsBankOps } from '@merchant/contracts/goods/goods-bank';
import { goodsOps, type GoodsDetail } from '@merchant/contracts/goods/goods';
import { salesChannelOps } from '@merchant/contracts/goods/sales-channel';
import { skuOps, type SkuRow } from '@merchant/contracts/goods/sku';
import { standardProductOps } from '@merchant/contracts/goods/standard-product';
import { storeGoodsOps } from '@merchant/contracts/goods/store-goods';
import { supplierOps, type SupplierRow } from '@merchant/contracts/goods/supplier';
import { supplyGoodsOps } from '@merchant/contracts/goods/supply-goods';
import { supplySkuOps } from '@merchant/contracts/goods/supply-sku';
import { mallApprovalOps } from '@merchant/contracts/mall/mall-approval';
import { mallGoodsOps } from '@merchant/contracts/mall/mall-goods';
import { mallSkuOps } from '@merchant/contracts/mall/mall-sku';
import type { Paged } from '@merchant/contracts';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/calls.ts';
import { ean13, merchantOf, newProduct } from '../../test/approval-data.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';

// The failure matrix of every goods-catalogue write operation (sections 102, 107, 113): for each one, bad input,
// a role without its anchor, another merchant's ids and a stale version are refused with a clear answer and write
// nothing. Each case starts from a legal input for the demo merchant (a row in a state the operation may start
// from), so the refusal is due to exactly the one thing the test changes. Happy paths, illegal transitions and
// races live in each resource's own test file; the mall applications' illegal transitions are checked here too.

type Input = Record<string, unknown>;
type Who = 'admin' | 'operator';
interface Case {
  op: OperationContract;
  /** A legal input for `who` (default admin) of the demo merchant. */
  input: () => Promise<Input>;
  who?: Who;
  /** Roles without the operation's anchor (finance holds no goods page). */
  noRole?: ('finance' | 'operator')[];
  /**
   * What another merchant hears when it sends the same input: not found for the ids it names; creates that only
   * reference the merchant's category / parent answer bad input naming the field. `null`: the input names no id.
   */
  other?: { code: string; msg?: RegExp } | null;
}

// the matrix reads rows of every catalogue table by name, so untyped
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;
type Query = SelectQueryBuilder<any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */
type DbRow = Record<string, string | number | null>;
const raw = (t: TestApp) => t.db.db as unknown as AnyDb;

/** Every table of the catalogue: row count and version sum (an insert, delete or update changes one of them). */
const TABLES = [
  ['goods_category', true],
  ['standard_product', true],
  ['goods', true],
  ['goods_sku', true],
  ['goods_approval', true],
  ['goods_bank', true],
  ['goods_bank_price', false],
  ['store_goods', true],
  ['goods_channel_shelf', true],
  ['supplier', true],
  ['supply_spu', true],
  ['supply_sku', true],
  ['mall_goods', true],
  ['mall_goods_sku', true],
  ['record_history', false],
] as const;

const pick = (o: OperationContract, values: Input): Input => {
  const shape = (o.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  return Object.fromEntries(
    Object.keys(shape)
      .filter((k) => k in values)
      .map((k) => [k, values[k]]),
  );
};

/** The same input at an older version (or, for a row never changed, another one): someone else changed the row. */
function staleOf(input: Input): Input {
  const older = (v: number) => (v > 0 ? v - 1 : v + 1);
  if (typeof input.version === 'number') return { ...input, version: older(input.version) };
  const items = input.items as { version: number }[];
  return { ...input, items: items.map((i) => ({ ...i, version: older(i.version) })) };
}

const isVersioned = (input: Input) =>
  typeof input.version === 'number' || (Array.isArray(input.items) && (input.items as Input[]).every((i) => 'version' in i));

const MALL_TIERS = [
  { minQty: 2, price: 4800 },
  { minQty: 10, price: 4560 },
];

describe.each(DIALECTS)('goods operations: the failure matrix (%s)', (dialect) => {
  let t: TestApp;
  const clients = {} as Record<Who | 'finance' | 'other', ApiClient>;
  let mid: number;
  let leaf: number;
  let level2: number;
  let seq = 700;
  const barcode = () => ean13(`26${String(++seq).padStart(10, '0')}`);
  const fingerprint = async () => {
    const db = raw(t);
    const out: string[] = [];
    for (const [table, versioned] of TABLES) {
      const r = await db
        .selectFrom(table)
        .select((eb) => [eb.fn.countAll().as('n'), versioned ? eb.fn.sum('version').as('v') : eb.val(0).as('v')])
        .executeTakeFirstOrThrow();
      out.push(`${table}:${Number(r.n)}:${Number(r.v ?? 0)}`);
    }
    return out;
  };
  /** The first row of a demo-merchant table matching `where` (column → value). */
  const row = async (table: string, where: Input = {}, extra?: (q: Query) => Query) => {
    let q = raw(t).selectFrom(table).selectAll().where('merchant_id', '=', mid);
    for (const [k, v] of Object.entries(where)) q = v === null ? q.where(k, 'is', null) : q.where(k, '=', v);
    if (extra) q = extra(q);
    const r = await q.orderBy('id').executeTakeFirst();
    if (!r) throw new Error(`no demo ${table} row with ${JSON.stringify(where)}`);
    return r as DbRow;
  };

  // applications of both families in the states the actions start from (made by the operator)
  const apps = {} as Record<'draft' | 'pending' | 'mallDraft' | 'mallPending', { approvalCode: string; version: number }>;
  const mallProduct = () => ({
    kind: 3,
    name: '怡宝 纯净水 矩阵测试',
    barcode: barcode(),
    brand: '怡宝',
    categoryId: leaf,
    spec: '555ml',
    unit: '瓶',
    shelfLifeDays: 365,
    storageStyle: 1,
    imageIds: [],
    guidePrice: 200,
    saleUnit: '箱',
    piecesPerUnit: 24,
    priceTiers: MALL_TIERS,
  });
  let goodsDraft: Input;
  let mallDraft: Input;
  let emptyLeaf: { id: number };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    clients.admin = await t.signIn('admin');
    clients.operator = await t.signIn('operator');
    clients.finance = await t.signIn('finance');
    clients.other = await registerMerchant(t, '别家矩阵', 'matrixboss', '13700000079');
    mid = await merchantOf(t, 'admin');
    leaf = Number((await row('goods_category', { level: 3 })).id);
    level2 = Number((await row('goods_category', { level: 2 })).id);
    emptyLeaf = await call<{ id: number }>(clients.admin, categoryOps.create, { parentId: level2, name: '矩阵空分类' });

    goodsDraft = newProduct(leaf, barcode(), { name: '康师傅 矩阵测试 冰红茶' });
    apps.draft = await call(clients.operator, approvalOps.save, goodsDraft);
    const p = await call<{ approvalCode: string }>(clients.operator, approvalOps.save, newProduct(leaf, barcode()));
    apps.pending = await call(clients.operator, approvalOps.submit, { approvalCode: p.approvalCode, version: 0 });
    mallDraft = mallProduct();
    apps.mallDraft = await call(clients.operator, mallApprovalOps.save, mallDraft);
    const mp = await call<{ approvalCode: string }>(clients.operator, mallApprovalOps.save, mallProduct());
    apps.mallPending = await call(clients.operator, mallApprovalOps.submit, { approvalCode: mp.approvalCode, version: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  const NOT_FOUND: { code: string; msg?: RegExp } = { code: CODES.notFound };
  const goodsDetail = async (where: Input) => {
    const g = await row('goods', { deleted_at: null, ...where });
    return call<GoodsDetail>(clients.admin, goodsOps.detail, { goodsId: Number(g.id) });
  };
  const skuDetail = async (where: Input, extra?: Parameters<typeof row>[2]) => {
    const s = await row('goods_sku', { deleted_at: null, ...where }, extra);
    return call<SkuRow>(clients.admin, skuOps.detail, { skuId: Number(s.id) });
  };

  const cases: Case[] = [
    // ---- 102: applications (新品申请 / SKU申请) ----
    {
      op: approvalOps.save,
      who: 'operator',
      input: async () => ({ ...goodsDraft, ...apps.draft }),
      noRole: ['finance'],
      // the category it names is not the other merchant's: refused before the code is even looked up
      other: { code: CODES.badInput, msg: /categoryId/ },
    },
    { op: approvalOps.submit, who: 'operator', input: async () => apps.draft, noRole: ['finance'] },
    {
      op: approvalOps.withdraw,
      who: 'operator',
      input: async () => ({ ...apps.pending, reason: '' }),
      noRole: ['finance'],
    },
    { op: approvalOps.delete, who: 'operator', input: async () => apps.draft, noRole: ['finance'] },
    {
      op: approvalOps.approve,
      input: async () => ({ ...apps.pending, remark: '' }),
      noRole: ['finance', 'operator'],
    },
    {
      op: approvalOps.reject,
      input: async () => ({ ...apps.pending, reason: '资料不全' }),
      noRole: ['finance', 'operator'],
    },
    // ---- 102: categories and the standard library ----
    {
      op: categoryOps.create,
      input: async () => ({ parentId: level2, name: '矩阵新分类', sort: 0 }),
      noRole: ['finance', 'operator'],
      other: { code: CODES.badInput, msg: /parentId/ },
    },
    {
      op: categoryOps.update,
      input: async () => {
        const c = await row('goods_category', { id: emptyLeaf.id });
        return { id: c.id, name: '矩阵改名', sort: 1, version: Number(c.version) };
      },
      noRole: ['finance', 'operator'],
    },
    {
      op: categoryOps.delete,
      input: async () => ({ id: emptyLeaf.id, version: Number((await row('goods_category', { id: emptyLeaf.id })).version) }),
      noRole: ['finance', 'operator'],
    },
    {
      op: standardProductOps.update,
      input: async () => {
        const p = await row('standard_product', { status: 1 });
        return pick(standardProductOps.update, {
          ...(await call<Input>(clients.admin, standardProductOps.detail, { goodsNo: p.goods_no })),
          name: '矩阵改名标准商品',
        });
      },
      noRole: ['finance', 'operator'],
    },
    {
      op: standardProductOps.setStatus,
      input: async () => {
        const p = await row('standard_product', { status: 1 });
        return { goodsNo: p.goods_no, status: 2, version: Number(p.version) };
      },
      noRole: ['finance', 'operator'],
    },
    // ---- 102: merchant goods and SKUs ----
    {
      op: goodsOps.create,
      input: async () => ({
        name: '矩阵测试商品',
        brand: '统一',
        categoryId: leaf,
        unit: '瓶',
        storageStyle: 1,
        shelfLifeDays: 180,
        imageIds: [],
        description: '',
        skus: [{ specValues: [{ name: '规格', value: '500ml' }], barcode: barcode(), basePrice: 350 }],
      }),
      noRole: ['finance'],
      other: { code: CODES.badInput, msg: /categoryId/ },
    },
    {
      op: goodsOps.adopt,
      input: async () => {
        const p = await row('standard_product', { status: 1 }, (q) =>
          q.where('id', 'not in', raw(t).selectFrom('goods').select('standard_product_id').where('standard_product_id', 'is not', null)),
        );
        return { standardProductIds: [Number(p.id)] };
      },
      noRole: ['finance'],
    },
    {
      op: goodsOps.update,
      input: async () => pick(goodsOps.update, { ...(await goodsDetail({ status: 1 })), name: '矩阵改名商品' }),
      noRole: ['finance'],
    },
    {
      op: goodsOps.setStatus,
      input: async () => {
        const g = await goodsDetail({ status: 1 });
        return { goodsId: g.goodsId, version: g.version, status: 2 };
      },
      noRole: ['finance'],
    },
    {
      op: goodsOps.delete,
      input: async () => {
        const g = await goodsDetail({ status: 2 });
        return { goodsId: g.goodsId, version: g.version };
      },
      noRole: ['finance'],
    },
    {
      op: skuOps.create,
      input: async () => ({
        goodsId: Number((await row('goods', { status: 1, deleted_at: null })).id),
        specValues: [{ name: '规格', value: '矩阵装' }],
        barcode: barcode(),
        basePrice: 990,
      }),
      noRole: ['finance'],
    },
    {
      op: skuOps.update,
      input: async () => pick(skuOps.update, { ...(await skuDetail({ status: 1 })), basePrice: 1234 }),
      noRole: ['finance'],
    },
    {
      op: skuOps.setStatus,
      input: async () => {
        const s = await skuDetail({ status: 1 });
        return { skuId: s.skuId, version: s.version, status: 2 };
      },
      noRole: ['finance'],
    },
    {
      op: skuOps.delete,
      input: async () => {
        // a 下架 SKU that is not its goods' last live one
        const s = await skuDetail({ status: 2 }, (q) =>
          q.where(
            'goods_id',
            'in',
            raw(t)
              .selectFrom('goods_sku')
              .select('goods_id')
              .where('deleted_at', 'is', null)
              .groupBy('goods_id')
              .having((eb) => eb.fn.countAll(), '>', 1),
          ),
        );
        return { skuId: s.skuId, version: s.version };
      },
      noRole: ['finance'],
    },
    // ---- 102: goods bank, store goods, sales channels ----
    {
      op: goodsBankOps.create,
      input: async () => {
        const g = await row('goods', { deleted_at: null }, (q) =>
          q.where('id', 'not in', raw(t).selectFrom('goods_bank').select('goods_id')),
        );
        return { goodsId: Number(g.id), status: 1, remark: '', prices: [] };
      },
      noRole: ['finance'],
    },
    {
      op: goodsBankOps.update,
      input: async () => {
        const b = await row('goods_bank', { status: 1 });
        return { goodsId: Number(b.goods_id), version: Number(b.version), remark: '矩阵备注', prices: [] };
      },
      noRole: ['finance'],
    },
    {
      op: goodsBankOps.setStatus,
      input: async () => {
        const b = await row('goods_bank', { status: 1 });
        return { goodsId: Number(b.goods_id), version: Number(b.version), status: 2 };
      },
      noRole: ['finance'],
    },
    {
      op: goodsBankOps.delete,
      input: async () => {
        const b = await row('goods_bank', { status: 2 }, (q) =>
          q.where('goods_id', 'not in', raw(t).selectFrom('store_goods').select('goods_id')),
        );
        return { goodsId: Number(b.goods_id), version: Number(b.version) };
      },
      noRole: ['finance'],
    },
    {
      op: storeGoodsOps.assign,
      input: async () => {
        // a SKU of a 可售 banked goods, to a store it is not in yet
        const b = await row('goods_bank', { status: 1 });
        const sku = await row('goods_sku', { goods_id: b.goods_id, deleted_at: null });
        const store = await row('store', {}, (q) =>
          q.where('id', 'not in', raw(t).selectFrom('store_goods').select('store_id').where('sku_id', '=', sku.id)),
        );
        return { storeIds: [Number(store.id)], items: [{ skuId: Number(sku.id), price: 500 }] };
      },
      noRole: ['finance'],
    },
    {
      op: storeGoodsOps.update,
      input: async () => {
        const s = await row('store_goods');
        return { storeGoodsId: Number(s.id), version: Number(s.version), price: 777 };
      },
      noRole: ['finance'],
    },
    {
      op: storeGoodsOps.setStatus,
      input: async () => {
        const s = await row('store_goods', { status: 1 });
        return { storeGoodsId: Number(s.id), version: Number(s.version), status: 2 };
      },
      noRole: ['finance'],
    },
    {
      op: storeGoodsOps.delete,
      input: async () => {
        const s = await row('store_goods', { status: 2 });
        return { storeGoodsId: Number(s.id), version: Number(s.version) };
      },
      noRole: ['finance'],
    },
    {
      op: salesChannelOps.setShelf,
      input: async () => {
        const s = await row('goods_channel_shelf', { status: 1 });
        return { channelCode: s.channel_code, status: 2, items: [{ skuId: Number(s.sku_id), version: Number(s.version) }] };
      },
      noRole: ['finance'],
      // a new merchant has opened no channel: refused on the channel before its SKUs are looked up
      other: { code: CODES.badInput, msg: /channelCode/ },
    },
    // ---- 113: suppliers and supply-chain goods ----
    {
      op: supplierOps.create,
      input: async () => ({ name: '矩阵测试供应商', contact: '王经理', phone: '13912345678', remark: '' }),
      noRole: ['finance'],
      other: null,
    },
    {
      op: supplierOps.update,
      input: async () => {
        const s = (await call<Paged<SupplierRow>>(clients.admin, supplierOps.list, { status: 1 })).list[0]!;
        return pick(supplierOps.update, { ...s, name: `${s.name}改` });
      },
      noRole: ['finance'],
    },
    {
      op: supplierOps.setStatus,
      input: async () => {
        const s = await row('supplier', { status: 1 });
        return { supplierId: Number(s.id), version: Number(s.version), status: 2 };
      },
      noRole: ['finance'],
    },
    {
      op: supplyGoodsOps.create,
      input: async () => ({
        supplierId: Number((await row('supplier', { status: 1 })).id),
        name: '矩阵供应链商品',
        brand: '康师傅',
        categoryId: leaf,
        unit: '箱',
        standardBarcode: '',
        remark: '',
      }),
      noRole: ['finance'],
    },
    {
      op: supplyGoodsOps.update,
      input: async () => {
        const s = await row('supply_spu', { status: 1 });
        return pick(supplyGoodsOps.update, {
          ...(await call<Input>(clients.admin, supplyGoodsOps.detail, { spuId: Number(s.id) })),
          name: '矩阵改名供应链商品',
        });
      },
      noRole: ['finance'],
    },
    {
      op: supplyGoodsOps.setStatus,
      input: async () => {
        const s = await row('supply_spu', { status: 1 });
        return { spuId: Number(s.id), version: Number(s.version), status: 2 };
      },
      noRole: ['finance'],
    },
    {
      op: supplySkuOps.create,
      input: async () => ({
        spuId: Number((await row('supply_spu', { status: 1 })).id),
        specValues: [{ name: '规格', value: '矩阵箱' }],
        barcode: barcode(),
        purchasePrice: 1200,
        moq: 6,
        leadTimeDays: 3,
      }),
      noRole: ['finance'],
    },
    {
      op: supplySkuOps.update,
      input: async () => {
        const s = await row('supply_sku', { status: 1, deleted_at: null });
        return pick(supplySkuOps.update, {
          ...(await call<Input>(clients.admin, supplySkuOps.detail, { skuId: Number(s.id) })),
          purchasePrice: 1111,
        });
      },
      noRole: ['finance'],
    },
    {
      op: supplySkuOps.setStatus,
      input: async () => {
        const s = await row('supply_sku', { status: 1, deleted_at: null });
        return { skuId: Number(s.id), version: Number(s.version), status: 2 };
      },
      noRole: ['finance'],
    },
    {
      op: supplySkuOps.delete,
      input: async () => {
        const s = await row('supply_sku', { status: 2, deleted_at: null });
        return { skuId: Number(s.id), version: Number(s.version) };
      },
      noRole: ['finance'],
    },
    // ---- 107: wholesale mall ----
    {
      op: mallApprovalOps.save,
      who: 'operator',
      input: async () => ({ ...mallDraft, ...apps.mallDraft }),
      noRole: ['finance'],
      other: { code: CODES.badInput, msg: /categoryId/ },
    },
    { op: mallApprovalOps.submit, who: 'operator', input: async () => apps.mallDraft, noRole: ['finance'] },
    {
      op: mallApprovalOps.withdraw,
      who: 'operator',
      input: async () => ({ ...apps.mallPending, reason: '' }),
      noRole: ['finance'],
    },
    { op: mallApprovalOps.delete, who: 'operator', input: async () => apps.mallDraft, noRole: ['finance'] },
    {
      op: mallApprovalOps.approve,
      input: async () => ({ ...apps.mallPending, remark: '' }),
      noRole: ['finance', 'operator'],
    },
    {
      op: mallApprovalOps.reject,
      input: async () => ({ ...apps.mallPending, reason: '批发价偏高' }),
      noRole: ['finance', 'operator'],
    },
    {
      op: mallGoodsOps.update,
      input: async () => {
        const g = await row('mall_goods', { status: 1 });
        return pick(mallGoodsOps.update, {
          ...(await call<Input>(clients.admin, mallGoodsOps.detail, { mallGoodsId: Number(g.id) })),
          title: '矩阵改名商城商品',
        });
      },
      noRole: ['finance'],
    },
    {
      op: mallGoodsOps.setStatus,
      input: async () => {
        const g = await row('mall_goods', { status: 1 });
        return { mallGoodsId: Number(g.id), version: Number(g.version), status: 2 };
      },
      noRole: ['finance'],
    },
    {
      op: mallSkuOps.create,
      input: async () => ({
        mallGoodsId: Number((await row('mall_goods', { status: 1 })).id),
        specValues: [{ name: '规格', value: '矩阵箱' }],
        barcode: barcode(),
        priceTiers: MALL_TIERS,
      }),
      noRole: ['finance'],
    },
    {
      op: mallSkuOps.update,
      input: async () => {
        const s = await row('mall_goods_sku', { status: 1, deleted_at: null });
        return pick(mallSkuOps.update, {
          ...(await call<Input>(clients.admin, mallSkuOps.detail, { mallSkuId: Number(s.id) })),
          priceTiers: MALL_TIERS,
        });
      },
      noRole: ['finance'],
    },
    {
      op: mallSkuOps.setStatus,
      input: async () => {
        const s = await row('mall_goods_sku', { status: 1, deleted_at: null });
        return { items: [{ mallSkuId: Number(s.id), version: Number(s.version) }], status: 2 };
      },
      noRole: ['finance'],
    },
  ];

  it('covers every write operation of the goods and mall contracts', () => {
    const declared = [
      approvalOps,
      categoryOps,
      goodsBankOps,
      goodsOps,
      salesChannelOps,
      skuOps,
      standardProductOps,
      storeGoodsOps,
      supplierOps,
      supplyGoodsOps,
      supplySkuOps,
      mallApprovalOps,
      mallGoodsOps,
      mallSkuOps,
    ].flatMap((ops) =>
      Object.values(ops as Record<string, OperationContract>)
        .filter((o) => o.writes)
        .map((o) => o.name),
    );
    expect(cases.map((c) => c.op.name).sort()).toEqual(declared.sort());
  });

  describe.each(cases.map((c) => [c.op.name, c] as const))('%s', (_name, c) => {
    const who = () => clients[c.who ?? 'admin'];

    it('bad input: an empty body is refused naming a field, nothing written', async () => {
      const before = await fingerprint();
      const res = await op(who(), c.op, {});
      expect(res.code).toBe(CODES.badInput);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
      expect(res.msg).toMatch(/字段：\w+/);
      expect(await fingerprint()).toEqual(before);
    });

    it('missing permission: a role without the anchor is refused, nothing written', async () => {
      const input = await c.input();
      const before = await fingerprint();
      for (const role of c.noRole ?? ['finance']) expect((await op(clients[role], c.op, input)).code).toBe(CODES.forbidden);
      expect(await fingerprint()).toEqual(before);
    });

    it('another merchant: the same ids are not found (or its own references are refused), nothing written', async () => {
      if (c.other === null) return;
      const input = await c.input();
      const before = await fingerprint();
      const res = await op(clients.other, c.op, input);
      const expected = c.other ?? NOT_FOUND;
      expect(res.code).toBe(expected.code);
      if (expected.msg) expect(res.msg).toMatch(expected.msg);
      expect(await fingerprint()).toEqual(before);
    });

    it('stale version: someone else changed the row, nothing written', async () => {
      const input = await c.input();
      // creates (create, adopt, assign) start no row: they carry no version
      expect(isVersioned(input)).toBe(!/\.(create|adopt|assign)$/.test(c.op.name));
      if (!isVersioned(input)) return;
      const before = await fingerprint();
      expect(await op(who(), c.op, staleOf(input))).toMatchObject({ code: CODES.conflict, msg: STALE_VERSION_MESSAGE });
      expect(await fingerprint()).toEqual(before);
    });
  });

  it('mall applications: every action outside the transition table is refused and changes nothing', async () => {
    const { operator, admin } = clients;
    const d = apps.mallDraft;
    const p = apps.mallPending;
    const before = await fingerprint();
    const refused = [
      await op(operator, mallApprovalOps.withdraw, { ...d, reason: '' }), // 草稿 cannot be withdrawn
      await op(admin, mallApprovalOps.approve, { ...d, remark: '' }), // … nor approved
      await op(admin, mallApprovalOps.reject, { ...d, reason: '不通过' }), // … nor rejected
      await op(operator, mallApprovalOps.submit, p), // 待审核 cannot be submitted again
      await op(operator, mallApprovalOps.delete, p), // … nor deleted
      await op(operator, mallApprovalOps.save, { ...mallProduct(), ...p }), // … nor edited
    ];
    for (const r of refused) {
      expect(r.code).toBe(CODES.conflict);
      expect(r.msg).toMatch(/^申请当前为「(草稿|待审核)」，不能/);
    }
    expect(await fingerprint()).toEqual(before);
  });
});
