import type { SpecValue } from '@merchant/contracts/goods/goods-fields';
import { skuName } from '@merchant/contracts/goods/sku';
import type { MallApprovalSaveInput } from '@merchant/contracts/mall/mall-approval';
import { tierText, type PriceTier } from '@merchant/contracts/mall/price-tiers';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badInput, conflict } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { createStandardProduct } from './standard-product.service.ts';
import { APPLIED_PRODUCT_LABELS, type AppliedProduct } from './approval-product.ts';
import { createMallGoods } from './mall-goods.service.ts';
import { createMallSku } from './mall-sku.service.ts';
import * as mallSkuRepo from './mall-sku.repo.ts';

// What the goods applications' service (goods/approval.service.ts) needs to know about the mall's kinds:
// 3 商城新品申请 and 4 商城SKU申请 — their payload, labels, references, barcode rule and what approval creates.

type Db = Kysely<Database> | Transaction<Database>;

export const isMallKind = (kind: number) => kind === 3 || kind === 4;

export interface MallNewProductPayload extends AppliedProduct {
  saleUnit: string;
  piecesPerUnit: number;
  priceTiers: PriceTier[];
}
export interface MallSkuApplyPayload {
  mallGoodsId: number;
  specValues: SpecValue[];
  barcode: string;
  priceTiers: PriceTier[];
}
export type MallPayload = MallNewProductPayload | MallSkuApplyPayload;

export const MALL_PRODUCT_LABELS = {
  ...APPLIED_PRODUCT_LABELS,
  saleUnit: '销售单位',
  piecesPerUnit: '每单位件数',
  priceTiers: '批发价',
} as const;
export const MALL_SKU_APPLY_LABELS = {
  mallGoodsId: '所属商城商品',
  specValues: 'SKU规格',
  barcode: 'SKU条码',
  priceTiers: '批发价',
} as const;

export function mallPayloadOf(input: MallApprovalSaveInput): MallPayload {
  if (input.kind === 3) {
    const {
      name,
      barcode,
      brand,
      categoryId,
      spec,
      unit,
      shelfLifeDays,
      storageStyle,
      imageIds,
      guidePrice,
      saleUnit,
      piecesPerUnit,
      priceTiers,
    } = input;
    return {
      name,
      barcode,
      brand,
      categoryId,
      spec,
      unit,
      shelfLifeDays,
      storageStyle,
      imageIds,
      guidePrice,
      saleUnit,
      piecesPerUnit,
      priceTiers,
    };
  }
  const { mallGoodsId, specValues, barcode, priceTiers } = input;
  return { mallGoodsId, specValues, barcode, priceTiers };
}

export function findMallGoodsBrief(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('mall_goods')
    .select(['id', 'mall_code', 'title', 'sale_unit', 'category_id', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Kind 4: the mall SPU exists; answers the list title and the SPU's words for the history. */
export async function mallSkuReference(db: Db, merchantId: number, p: MallSkuApplyPayload) {
  const g = await findMallGoodsBrief(db, merchantId, p.mallGoodsId);
  if (!g) throw badInput('所属商城商品不存在（字段：mallGoodsId）');
  return { title: skuName(g.title, p.specValues), goodsText: `${g.title}（${g.mall_code}）`, saleUnit: g.sale_unit };
}

/** For the history and the PDF: tiers in words with the sale unit. */
export const tiersInWords = (v: unknown, unit: string) => tierText(v as PriceTier[], unit) || '（空）';

/** The barcode held by a live mall SKU (kinds 3 and 4). */
export async function assertNoMallSkuBarcode(db: Db, merchantId: number, barcode: string) {
  const holder = await mallSkuRepo.mallSkuWithBarcode(db, merchantId, barcode);
  if (holder) throw conflict(`条码${barcode}已被商城SKU ${holder.sku_code} 使用（字段：barcode）`);
}

/**
 * Approval of a mall application, inside the approval's transaction: kind 3 enters the standard library
 * (source 2), is listed in the mall (上架) with one SKU (spec value 规格 = the product's spec, the product's
 * barcode, the breaks; 下架 until 销售管理 puts it on sale); kind 4 becomes a SKU of its mall SPU.
 */
export async function approveMall(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  kind: number,
  payload: MallPayload,
  approvalCode: string,
) {
  if (kind === 3) {
    const { saleUnit, piecesPerUnit, priceTiers, ...values } = payload as MallNewProductPayload;
    const sp = await createStandardProduct(trx, ctx, values, { source: 2, approvalCode });
    const g = await createMallGoods(
      trx,
      ctx,
      { id: sp.id, name: values.name, categoryId: values.categoryId },
      { saleUnit, piecesPerUnit },
      approvalCode,
    );
    const k = await createMallSku(
      trx,
      ctx,
      g.mallGoodsId,
      { specValues: [{ name: '规格', value: values.spec }], barcode: values.barcode, priceTiers },
      `由申请 ${approvalCode} 审核通过`,
    );
    return { standardProductId: sp.id, goodsId: g.mallGoodsId, skuId: k.mallSkuId };
  }
  const s = payload as MallSkuApplyPayload;
  const k = await createMallSku(
    trx,
    ctx,
    s.mallGoodsId,
    { specValues: s.specValues, barcode: s.barcode, priceTiers: s.priceTiers },
    `由申请 ${approvalCode} 审核通过`,
  );
  return { standardProductId: null, goodsId: s.mallGoodsId, skuId: k.mallSkuId };
}
