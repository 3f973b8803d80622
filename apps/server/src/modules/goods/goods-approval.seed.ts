import { gs1CheckDigit } from '@merchant/contracts/goods/goods-fields';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { chinaDate } from './approval-code.ts';

/**
 * New-product and SKU applications of the demo merchant (after the library, order 40, and the goods, 41): 60
 * 新品申请 and 12 SKU申请 by the operator and the admin over the last 30 days: drafts, waiting for review, rejected
 * with a reason, withdrawn; and 已通过 ones for the last 4 adopted goods (新品申请: the standard product, goods and
 * SKU the approval created) and 2 SKUs added later to a goods (SKU申请); each with its history. Barcodes in the in-store range (2…), apart from the library's.
 * Deterministic.
 */
export const seed: Seed = {
  order: 42,
  isEmpty: async (db) => !(await db.selectFrom('goods_approval').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedApprovals(db, now),
};

const PRODUCTS: [brand: string, name: string, spec: string, unit: string, days: number, price: number][] = [
  ['农夫山泉', '东方树叶 青柑普洱', '500ml', '瓶', 360, 600],
  ['元气森林', '外星人电解质水 荔枝海盐', '500ml', '瓶', 270, 650],
  ['三得利', '乌龙茶 无糖', '500ml', '瓶', 360, 550],
  ['康师傅', '冰红茶 柠檬味', '1L', '瓶', 270, 500],
  ['伊利', '安慕希 蓝莓酸奶', '230g', '瓶', 150, 750],
  ['蒙牛', '纯甄 甄酸奶 原味', '200g', '盒', 120, 550],
  ['旺旺', '雪饼', '84g', '袋', 270, 650],
  ['卫龙', '大面筋 甜辣味', '102g', '袋', 180, 500],
  ['良品铺子', '猪肉脯 原味', '100g', '袋', 240, 1990],
  ['三只松鼠', '每日坚果 混合装', '750g', '盒', 240, 12900],
  ['奥利奥', '夹心饼干 巧克力味', '97g', '盒', 365, 690],
  ['百事', '可乐 无糖', '330ml', '罐', 365, 350],
  ['可口可乐', '雪碧 零卡', '500ml', '瓶', 365, 350],
  ['统一', '阿萨姆奶茶 原味', '500ml', '瓶', 270, 550],
  ['怡宝', '至本清润 菊花茶', '450ml', '瓶', 360, 500],
  ['王老吉', '凉茶', '310ml', '罐', 720, 450],
  ['今麦郎', '凉白开 熟水', '550ml', '瓶', 360, 250],
  ['德芙', '丝滑牛奶巧克力', '43g', '条', 360, 890],
  ['好丽友', '派 巧克力味 6枚', '204g', '盒', 300, 1590],
  ['光明', '优倍 高品质鲜牛奶', '950ml', '瓶', 15, 1980],
];
const REJECT_REASONS = [
  '包装图片缺少配料表，请补充后重新提交',
  '条码与包装实物不一致，请核对',
  '建议零售价高于同类商品，请确认价格',
  '商品分类选择有误，应放在乳制品下',
  '品牌授权材料缺失',
];
const SPEC_VALUES = ['草莓味', '香草味', '家庭装', '低糖', '6瓶装', '大包装'];

export async function seedApprovals(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const leaves = await db
    .selectFrom('goods_category')
    .select('id')
    .where('merchant_id', '=', mid)
    .where('level', '=', 3)
    .orderBy('id')
    .execute();
  if (leaves.length === 0) return;
  const people = await db
    .selectFrom('account')
    .select(['id', 'user_name'])
    .where('merchant_id', '=', mid)
    .where('user_name', 'in', ['operator', 'admin'])
    .orderBy('id')
    .execute();
  const applicant = (i: number) => people.find((p) => p.user_name === (i % 4 === 3 ? 'admin' : 'operator')) ?? people[0];
  const reviewer = people.find((p) => p.user_name === 'admin') ?? people[0];
  if (!applicant(0)) return;
  const goods = await db
    .selectFrom('goods')
    .select(['id', 'name', 'storage_style'])
    .where('merchant_id', '=', mid)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(12)
    .execute();

  const barcode = (n: number) => {
    const body = `2${String(mid % 100).padStart(2, '0')}88${String(n).padStart(7, '0')}`;
    return body + gs1CheckDigit(body);
  };
  const codes = new Set<string>();
  const codeFor = (prefix: string, at: number, n: number) => {
    let c = `${prefix}${chinaDate(at)}${String((n * 7919) % 10_000).padStart(4, '0')}`;
    for (let k = 1; codes.has(c); k++) c = `${prefix}${chinaDate(at)}${String((n * 7919 + k) % 10_000).padStart(4, '0')}`;
    codes.add(c);
    return c;
  };

  const rows: Insertable<Database['goods_approval']>[] = [];
  const history: Insertable<Database['record_history']>[] = [];
  const add = (kind: 1 | 2, n: number, title: string, bc: string, payload: object) => {
    const who = applicant(n)!;
    const created = now - (30 * 24 - n * 9) * 3_600_000;
    // 0 草稿, 1 待审核, 3 已驳回, 4 已撤回
    const status = [1, 1, 0, 3, 1, 4, 3, 1][n % 8];
    const submitted = status === 0 ? null : created + 20 * 60_000;
    const reviewed = status === 3 ? created + 26 * 3_600_000 : null;
    const reason = status === 3 ? REJECT_REASONS[n % REJECT_REASONS.length] : status === 4 ? '价格需再确认' : '';
    const approvalCode = codeFor(kind === 1 ? 'XP' : 'SK', created, n + kind * 1000);
    rows.push({
      merchant_id: mid,
      approval_code: approvalCode,
      kind,
      status,
      title,
      barcode: bc,
      payload: JSON.stringify(payload),
      applicant_id: who.id,
      applicant_name: who.user_name,
      reviewer_id: status === 3 ? reviewer.id : null,
      reviewer_name: status === 3 ? reviewer.user_name : '',
      reason,
      submitted_at: submitted,
      reviewed_at: reviewed,
      standard_product_id: null,
      goods_id: kind === 2 ? (payload as { goodsId: number }).goodsId : null,
      sku_id: null,
      created_by: who.id,
      created_at: created,
      updated_at: reviewed ?? submitted ?? created,
      deleted_at: null,
    });
    const entry = (action: string, label: string, at: number, by: { id: number; user_name: string }, remark = '', changes = '[]') =>
      history.push({
        merchant_id: mid,
        subject: 'goods.approval',
        subject_id: approvalCode,
        action,
        action_label: label,
        changes,
        remark,
        operator_id: by.id,
        operator_name: by.user_name,
        created_at: at,
      });
    const state = (before: string, after: string) => JSON.stringify([{ field: 'status', label: '申请状态', before, after }]);
    entry('create', '创建申请', created, who, '', JSON.stringify([{ field: 'barcode', label: '商品条码', before: '（空）', after: bc }]));
    if (submitted !== null) entry('submit', '提交审核', submitted, who, '', state('草稿', '待审核'));
    if (status === 3) entry('reject', '审核驳回', reviewed!, reviewer, reason, state('待审核', '已驳回'));
    if (status === 4) entry('withdraw', '撤回申请', submitted! + 3_600_000, who, reason, state('待审核', '已撤回'));
  };

  for (let n = 0; n < 60; n++) {
    const [brand, name, spec, unit, days, price] = PRODUCTS[n % PRODUCTS.length];
    const series = Math.floor(n / PRODUCTS.length);
    const fullName = series ? `${brand} ${name} ${['', '新款', '礼盒装'][series]}`.trim() : `${brand} ${name}`;
    const bc = barcode(n + 1);
    const basePrice = Math.round((price * 0.92) / 10) * 10;
    add(1, n, fullName, bc, {
      name: fullName,
      barcode: bc,
      brand,
      categoryId: leaves[(n * 7) % leaves.length].id,
      spec,
      unit,
      shelfLifeDays: days,
      storageStyle: name.includes('鲜牛奶') || name.includes('酸奶') ? 2 : 1,
      imageIds: [],
      guidePrice: price,
      basePrice,
    });
  }
  goods.forEach((g, i) => {
    const value = SPEC_VALUES[i % SPEC_VALUES.length];
    const bc = barcode(500 + i);
    add(2, 60 + i, `${g.name} ${value}`.slice(0, 80), bc, {
      goodsId: g.id,
      specValues: [{ name: i % 2 ? '规格' : '口味', value }],
      barcode: bc,
      basePrice: 500 + i * 50,
      storageStyle: g.storage_style,
    });
  });

  // 已通过: the operator applied, the admin approved; the application points at what its approval created
  const approved = (
    kind: 1 | 2,
    n: number,
    title: string,
    bc: string,
    payload: object,
    made: { sp: number | null; goods: number; sku: number },
    at: number,
  ) => {
    const who = people.find((p) => p.user_name === 'operator') ?? people[0]!;
    const created = at - 2 * 86_400_000;
    const submitted = created + 40 * 60_000;
    const approvalCode = codeFor(kind === 1 ? 'XP' : 'SK', created, 5000 + n);
    rows.push({
      merchant_id: mid,
      approval_code: approvalCode,
      kind,
      status: 2,
      title,
      barcode: bc,
      payload: JSON.stringify(payload),
      applicant_id: who.id,
      applicant_name: who.user_name,
      reviewer_id: reviewer.id,
      reviewer_name: reviewer.user_name,
      reason: '',
      submitted_at: submitted,
      reviewed_at: at,
      standard_product_id: made.sp,
      goods_id: made.goods,
      sku_id: made.sku,
      created_by: who.id,
      created_at: created,
      updated_at: at,
      deleted_at: null,
    });
    const state = (before: string, after: string) => JSON.stringify([{ field: 'status', label: '申请状态', before, after }]);
    const push = (action: string, label: string, t: number, by: { id: number; user_name: string }, changes: string) =>
      history.push({
        merchant_id: mid,
        subject: 'goods.approval',
        subject_id: approvalCode,
        action,
        action_label: label,
        changes,
        remark: '',
        operator_id: by.id,
        operator_name: by.user_name,
        created_at: t,
      });
    push(
      'create',
      '创建申请',
      created,
      who,
      JSON.stringify([{ field: 'barcode', label: kind === 1 ? '商品条码' : 'SKU条码', before: '（空）', after: bc }]),
    );
    push('submit', '提交审核', submitted, who, state('草稿', '待审核'));
    push('approve', '审核通过', at, reviewer, state('待审核', '已通过'));
    return approvalCode;
  };
  const adopted = await db
    .selectFrom('goods as g')
    .innerJoin('standard_product as p', 'p.id', 'g.standard_product_id')
    .select([
      'g.id as goodsId',
      'g.created_at as at',
      'p.id as spId',
      'p.name',
      'p.barcode',
      'p.brand',
      'p.category_id',
      'p.spec',
      'p.unit',
    ])
    .select(['p.shelf_life_days', 'p.storage_style', 'p.guide_price', 'p.image_ids'])
    .where('g.merchant_id', '=', mid)
    .where('g.deleted_at', 'is', null)
    .orderBy('g.id', 'desc')
    .limit(4)
    .execute();
  const approvedProducts: { spId: number; code: string }[] = [];
  for (const [i, a] of adopted.entries()) {
    const sku = await db
      .selectFrom('goods_sku')
      .select(['id', 'base_price'])
      .where('goods_id', '=', a.goodsId)
      .where('barcode', '=', a.barcode)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!sku) continue;
    const code = approved(
      1,
      i,
      a.name,
      a.barcode,
      {
        name: a.name,
        barcode: a.barcode,
        brand: a.brand,
        categoryId: a.category_id,
        spec: a.spec,
        unit: a.unit,
        shelfLifeDays: a.shelf_life_days,
        storageStyle: a.storage_style,
        imageIds: JSON.parse(a.image_ids || '[]'),
        guidePrice: Number(a.guide_price),
        basePrice: Number(sku.base_price),
      },
      { sp: a.spId, goods: a.goodsId, sku: sku.id },
      Number(a.at),
    );
    approvedProducts.push({ spId: a.spId, code });
  }
  // SKUs added to a goods after its first one: 2 of them came through an approved SKU申请
  const later = await db
    .selectFrom('goods_sku as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(['s.id', 's.goods_id', 's.name', 's.barcode', 's.spec_values', 's.base_price', 's.storage_style', 's.created_at'])
    .where('s.merchant_id', '=', mid)
    .where('s.deleted_at', 'is', null)
    .where('g.deleted_at', 'is', null)
    .where('s.id', 'not in', (q) =>
      q
        .selectFrom('goods_sku')
        .select((eb) => eb.fn.min('id').as('first'))
        .where('merchant_id', '=', mid)
        .groupBy('goods_id'),
    )
    .orderBy('s.id', 'desc')
    .limit(2)
    .execute();
  for (const [i, k] of later.entries())
    approved(
      2,
      10 + i,
      k.name,
      k.barcode,
      {
        goodsId: k.goods_id,
        specValues: JSON.parse(k.spec_values || '[]'),
        barcode: k.barcode,
        basePrice: Number(k.base_price),
        storageStyle: k.storage_style,
      },
      { sp: null, goods: k.goods_id, sku: k.id },
      Number(k.created_at),
    );

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 50)
      await trx
        .insertInto('goods_approval')
        .values(rows.slice(i, i + 50))
        .execute();
    // in time order: 审核记录 lists by id, newest first
    history.sort((a, b) => Number(a.created_at) - Number(b.created_at));
    for (let i = 0; i < history.length; i += 100)
      await trx
        .insertInto('record_history')
        .values(history.slice(i, i + 100))
        .execute();
    // the products an approved 新品申请 created say so (source 2 新品申请, with its code)
    for (const a of approvedProducts)
      await trx.updateTable('standard_product').set({ source: 2, approval_code: a.code }).where('id', '=', a.spId).execute();
  });
}
