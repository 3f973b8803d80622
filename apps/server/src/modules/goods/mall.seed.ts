import { gs1CheckDigit } from '@merchant/contracts/goods/goods-fields';
import { skuName } from '@merchant/contracts/goods/sku';
import type { PriceTier } from '@merchant/contracts/mall/price-tiers';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { chinaDate } from './approval-code.ts';

/**
 * The wholesale mall of the demo merchant (after the library, 40, and the goods applications, 42): 56 products
 * of its standard library listed in the mall by the case (every 8th 下架), 1–3 SKUs each (about 110 in all) with
 * 2–4 wholesale breaks (MOQ 1–10 cases, 3–6 % off per break), about two in three on sale; 51 mall applications
 * (商城新品申请 and 商城SKU申请) in every open state with their history, and the last 3 products listed by an
 * approved 商城新品申请 (已通过, pointing at the product, mall SPU and first SKU it created). Barcodes of extra SKUs and of the
 * applications in the in-store range (27…, 26…). Deterministic.
 */
export const seed: Seed = {
  order: 43,
  isEmpty: async (db) => !(await db.selectFrom('mall_goods').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedMall(db, now),
};

const UNITS: [unit: string, pieces: number][] = [
  ['箱', 24],
  ['箱', 12],
  ['提', 6],
  ['箱', 20],
  ['件', 15],
];
const EXTRA_SPECS = ['整箱装', '半箱装', '礼盒装'];
const REJECT_REASONS = ['阶梯价第二档折扣过大，请核对成本', '整箱件数与包装实物不一致', '缺少外箱条码图片', '批发价高于同类商品，请确认'];
const NEW_PRODUCTS: [brand: string, name: string, spec: string, unit: string, days: number, price: number][] = [
  ['农夫山泉', '茶π 柠檬红茶', '500ml', '瓶', 270, 500],
  ['娃哈哈', 'AD钙奶', '220g', '瓶', 270, 300],
  ['达利园', '法式软面包 香奶味', '400g', '袋', 120, 1290],
  ['康师傅', '红烧牛肉面 五连包', '515g', '袋', 180, 1490],
  ['加多宝', '凉茶', '310ml', '罐', 720, 450],
  ['乐事', '薯片 原味', '135g', '袋', 270, 990],
  ['青岛啤酒', '经典 10度', '500ml', '罐', 365, 600],
  ['维他奶', '原味豆奶', '250ml', '盒', 270, 400],
  ['今麦郎', '一菜一面 老坛酸菜牛肉面', '118g', '桶', 180, 450],
  ['旺仔', '牛奶 原味', '245ml', '罐', 365, 550],
  ['雀巢', '咖啡 丝滑拿铁', '268ml', '瓶', 270, 650],
  ['盼盼', '法式小面包 奶香味', '200g', '袋', 150, 890],
  ['脉动', '维生素饮料 青柠口味', '600ml', '瓶', 540, 500],
  ['洽洽', '香瓜子 原味', '260g', '袋', 240, 1090],
  ['哈尔滨啤酒', '冰纯', '330ml', '罐', 365, 350],
  ['银鹭', '花生牛奶', '450ml', '瓶', 270, 480],
];
/** How many open mall applications the demo has (two in three 商城新品申请, the rest 商城SKU申请). */
const MALL_APPLICATIONS = 51;

/** 2–4 breaks from a case price: MOQ 1, 5 or 10 cases, each next break 3–6 % cheaper. */
function tiersFor(casePrice: number, n: number): PriceTier[] {
  const starts = [1, 5, 10, 2][n % 4]!;
  const count = 2 + (n % 3);
  const out: PriceTier[] = [];
  let price = casePrice;
  let qty = starts;
  for (let i = 0; i < count; i++) {
    out.push({ minQty: qty, price });
    price = Math.max(1, Math.round((price * (0.94 + (n % 4) * 0.01)) / 10) * 10);
    qty = qty * (i === 0 ? 3 : 2) + 5;
  }
  return out;
}

/** How many library products the demo lists in the mall; the last APPROVED of them came through an approved application. */
const LISTED = 56;
const APPROVED = 3;

export async function seedMall(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const admin = await demoAccount(db, mid, 'admin');
  const operator = await demoAccount(db, mid, 'operator');
  const by = admin ?? operator;
  if (!by) return;
  const products = await db
    .selectFrom('standard_product')
    .select(['id', 'name', 'barcode', 'brand', 'spec', 'unit', 'shelf_life_days', 'storage_style', 'category_id', 'guide_price'])
    .where('merchant_id', '=', mid)
    .where('status', '=', 1)
    .orderBy('id')
    .limit(LISTED)
    .execute();
  if (products.length === 0) return;

  const barcode = (prefix: string, n: number) => {
    const body = `${prefix}${String(mid % 100).padStart(2, '0')}${String(n).padStart(8, '0')}`;
    return body + gs1CheckDigit(body);
  };
  const history: Insertable<Database['record_history']>[] = [];
  const entry = (
    subject: string,
    subjectId: string | number,
    action: string,
    label: string,
    at: number,
    who: { id: number; user_name: string },
    changes: object[] = [],
    remark = '',
  ) =>
    history.push({
      merchant_id: mid,
      subject,
      subject_id: String(subjectId),
      action,
      action_label: label,
      changes: JSON.stringify(changes),
      remark,
      operator_id: who.id,
      operator_name: who.user_name,
      created_at: at,
    });

  await db.transaction().execute(async (trx) => {
    let skuNo = 0;
    /** What the seed listed, by product index: the mall SPU, its first SKU and breaks (for the approved applications). */
    const listed: { goodsId: number; skuId: number; saleUnit: string; pieces: number; tiers: PriceTier[]; created: number }[] = [];
    for (const [n, p] of products.entries()) {
      const [saleUnit, pieces] = UNITS[n % UNITS.length]!;
      const created = now - (LISTED + 8 - n) * 86_400_000;
      const status = n % 8 === 7 ? 2 : 1;
      const g = await trx
        .insertInto('mall_goods')
        .values({
          merchant_id: mid,
          standard_product_id: p.id,
          mall_code: `MG${String(10_000_001 + n * 37).padStart(8, '0')}`,
          title: p.name,
          category_id: p.category_id,
          sale_unit: saleUnit,
          pieces_per_unit: pieces,
          approval_code: '',
          status,
          created_by: by.id,
          created_at: created,
          updated_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      entry('mall.goods', g.id, 'create', '上架到批发商城', created, by, [
        { field: 'saleUnit', label: '销售单位', before: '（空）', after: saleUnit },
        { field: 'piecesPerUnit', label: '每单位件数', before: '（空）', after: String(pieces) },
      ]);
      const skuCount = 1 + ((n * 5) % 3);
      for (let k = 0; k < skuCount; k++) {
        const specValues = [{ name: '规格', value: k === 0 ? p.spec : EXTRA_SPECS[(n + k) % EXTRA_SPECS.length]! }];
        const casePrice = Math.round((Number(p.guide_price) * pieces * (0.7 - k * 0.03)) / 10) * 10 || 100;
        const tiers = tiersFor(casePrice, n + k);
        const skuStatus = status === 1 && skuNo % 3 !== 2 ? 1 : 2;
        const at = created + (k + 1) * 3_600_000;
        const s = await trx
          .insertInto('mall_goods_sku')
          .values({
            merchant_id: mid,
            mall_goods_id: g.id,
            sku_code: `MK${String(20_000_001 + skuNo * 53).padStart(8, '0')}`,
            name: skuName(p.name, specValues),
            spec_values: JSON.stringify(specValues),
            barcode: k === 0 ? p.barcode : barcode('27', skuNo + 1),
            category_id: p.category_id,
            price_tiers: JSON.stringify(tiers),
            moq: tiers[0]!.minQty,
            base_price: tiers[0]!.price,
            lowest_price: tiers[tiers.length - 1]!.price,
            status: skuStatus,
            deleted_at: null,
            created_by: by.id,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        entry('mall.sku', s.id, 'create', '创建商城SKU', at, by, [], `商城商品 MG${String(10_000_001 + n * 37).padStart(8, '0')}`);
        if (skuStatus === 1)
          entry('mall.sku', s.id, 'status', '上架', at + 600_000, by, [
            { field: 'status', label: '上下架状态', before: '下架', after: '上架' },
          ]);
        if (k === 0) listed[n] = { goodsId: g.id, skuId: s.id, saleUnit, pieces, tiers, created };
        skuNo++;
      }
    }

    // mall applications: 0 草稿, 1 待审核, 3 已驳回, 4 已撤回 (已通过 below: approval creates products)
    const firstGoods = await trx
      .selectFrom('mall_goods')
      .select(['id', 'title'])
      .where('merchant_id', '=', mid)
      .orderBy('id')
      .limit(8)
      .execute();
    const applicant = operator ?? by;
    const reviewer = admin ?? by;
    for (let n = 0; n < MALL_APPLICATIONS; n++) {
      const kind = n % 3 === 2 ? 4 : 3;
      const status = [1, 0, 3, 4, 1, 3, 0, 1][n % 8]!;
      const created = now - (MALL_APPLICATIONS + 4 - n) * 86_400_000;
      const submitted = status === 0 ? null : created + 30 * 60_000;
      const reviewed = status === 3 ? created + 20 * 3_600_000 : null;
      const reason = status === 3 ? REJECT_REASONS[n % REJECT_REASONS.length]! : status === 4 ? '阶梯价需再确认' : '';
      const bc = barcode('26', n + 1);
      const [saleUnit, pieces] = UNITS[n % UNITS.length]!;
      let title: string;
      let payload: object;
      if (kind === 3) {
        const [brand, name, spec, unit, days, price] = NEW_PRODUCTS[n % NEW_PRODUCTS.length]!;
        const series = Math.floor(n / NEW_PRODUCTS.length);
        title = `${brand} ${name}${['', ' 箱装', ' 礼盒装', ' 家庭装'][series % 4]}`;
        payload = {
          name: title,
          barcode: bc,
          brand,
          categoryId: products[(n * 3) % products.length]!.category_id,
          spec,
          unit,
          shelfLifeDays: days,
          storageStyle: 1,
          imageIds: [],
          guidePrice: price,
          saleUnit,
          piecesPerUnit: pieces,
          priceTiers: tiersFor(Math.round((price * pieces * 0.72) / 10) * 10, n),
        };
      } else {
        const g = firstGoods[n % firstGoods.length]!;
        const specValues = [{ name: '规格', value: ['尝鲜装', '量贩装', '加量装'][n % 3]! }];
        title = skuName(g.title, specValues);
        payload = { mallGoodsId: g.id, specValues, barcode: bc, priceTiers: tiersFor(4800 + n * 300, n) };
      }
      const approvalCode = `${kind === 3 ? 'MP' : 'MS'}${chinaDate(created)}${String(1000 + n * 613).slice(-4)}`;
      await trx
        .insertInto('goods_approval')
        .values({
          merchant_id: mid,
          approval_code: approvalCode,
          kind,
          status,
          title,
          barcode: bc,
          payload: JSON.stringify(payload),
          applicant_id: applicant.id,
          applicant_name: applicant.user_name,
          reviewer_id: status === 3 ? reviewer.id : null,
          reviewer_name: status === 3 ? reviewer.user_name : '',
          reason,
          submitted_at: submitted,
          reviewed_at: reviewed,
          standard_product_id: null,
          goods_id: kind === 4 ? (payload as { mallGoodsId: number }).mallGoodsId : null,
          sku_id: null,
          created_by: applicant.id,
          created_at: created,
          updated_at: reviewed ?? submitted ?? created,
          deleted_at: null,
        })
        .execute();
      const state = (before: string, after: string) => [{ field: 'status', label: '申请状态', before, after }];
      entry('goods.approval', approvalCode, 'create', '创建申请', created, applicant, [
        { field: 'barcode', label: kind === 3 ? '商品条码' : 'SKU条码', before: '（空）', after: bc },
      ]);
      if (submitted !== null) entry('goods.approval', approvalCode, 'submit', '提交审核', submitted, applicant, state('草稿', '待审核'));
      if (status === 3) entry('goods.approval', approvalCode, 'reject', '审核驳回', reviewed!, reviewer, state('待审核', '已驳回'), reason);
      if (status === 4)
        entry('goods.approval', approvalCode, 'withdraw', '撤回申请', submitted! + 3_600_000, applicant, state('待审核', '已撤回'), reason);
    }
    // 已通过: the last APPROVED listed products came through a 商城新品申请 the admin approved
    for (let i = 0; i < APPROVED && products.length > APPROVED; i++) {
      const n = products.length - APPROVED + i;
      const p = products[n]!;
      const l = listed[n]!;
      const created = l.created - 2 * 86_400_000;
      const submitted = created + 30 * 60_000;
      const reviewed = l.created;
      const approvalCode = `MP${chinaDate(created)}${String(7000 + i * 131).slice(-4)}`;
      const payload = {
        name: p.name,
        barcode: p.barcode,
        brand: p.brand,
        categoryId: p.category_id,
        spec: p.spec,
        unit: p.unit,
        shelfLifeDays: p.shelf_life_days,
        storageStyle: p.storage_style,
        imageIds: [],
        guidePrice: Number(p.guide_price),
        saleUnit: l.saleUnit,
        piecesPerUnit: l.pieces,
        priceTiers: l.tiers,
      };
      await trx
        .insertInto('goods_approval')
        .values({
          merchant_id: mid,
          approval_code: approvalCode,
          kind: 3,
          status: 2,
          title: p.name,
          barcode: p.barcode,
          payload: JSON.stringify(payload),
          applicant_id: (operator ?? by).id,
          applicant_name: (operator ?? by).user_name,
          reviewer_id: (admin ?? by).id,
          reviewer_name: (admin ?? by).user_name,
          reason: '资料齐全，同意上架',
          submitted_at: submitted,
          reviewed_at: reviewed,
          standard_product_id: p.id,
          goods_id: l.goodsId,
          sku_id: l.skuId,
          created_by: (operator ?? by).id,
          created_at: created,
          updated_at: reviewed,
          deleted_at: null,
        })
        .execute();
      await trx.updateTable('mall_goods').set({ approval_code: approvalCode }).where('id', '=', l.goodsId).execute();
      const state = (before: string, after: string) => [{ field: 'status', label: '申请状态', before, after }];
      entry('goods.approval', approvalCode, 'create', '创建申请', created, operator ?? by, [
        { field: 'barcode', label: '商品条码', before: '（空）', after: p.barcode },
      ]);
      entry('goods.approval', approvalCode, 'submit', '提交审核', submitted, operator ?? by, state('草稿', '待审核'));
      entry('goods.approval', approvalCode, 'approve', '审核通过', reviewed, admin ?? by, state('待审核', '已通过'), '资料齐全，同意上架');
    }
    history.sort((a, b) => Number(a.created_at) - Number(b.created_at));
    for (let i = 0; i < history.length; i += 100)
      await trx
        .insertInto('record_history')
        .values(history.slice(i, i + 100))
        .execute();
  });
}
