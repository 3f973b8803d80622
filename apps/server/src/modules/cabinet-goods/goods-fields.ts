import { GOODS_STATUS } from '@merchant/contracts/goods/goods';
import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { categoryPaths } from '../goods/category.service.ts';

/** What a goods list row of this module reads from the goods join (我的商品, 相似商品). */
export interface GoodsDbFields {
  id: number;
  goods_code: string;
  name: string;
  brand: string;
  category_id: number;
  storage_style: number;
  status: number;
  standard_product_id: number | string | null;
  guide_price: number | string | null;
  cabinet_count: number | string | bigint | null;
}

export const storageStyleName = (s: number) => STORAGE_STYLES[s as keyof typeof STORAGE_STYLES] ?? String(s);

/**
 * The goods fields every goods row of this module shows, in words (category path, storage style, status); one
 * category lookup for the whole page. Returns the mapper for the page's rows.
 */
export async function goodsFieldsMapper(ctx: SessionOpContext, rows: readonly GoodsDbFields[]) {
  const paths = await categoryPaths(
    ctx.db,
    ctx.merchantId,
    rows.map((r) => r.category_id),
  );
  return (r: GoodsDbFields) => ({
    goodsId: r.id,
    goodsCode: r.goods_code,
    name: r.name,
    brand: r.brand,
    categoryPath: paths.get(r.category_id) ?? '',
    storageStyle: r.storage_style,
    storageStyleName: storageStyleName(r.storage_style),
    status: r.status,
    statusName: GOODS_STATUS[r.status as keyof typeof GOODS_STATUS] ?? String(r.status),
    spuId: Number(r.standard_product_id ?? 0),
    guideSalePrice: Number(r.guide_price ?? 0),
    cabinetCount: Number(r.cabinet_count ?? 0),
  });
}
