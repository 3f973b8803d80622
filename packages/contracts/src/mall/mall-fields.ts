import { z } from 'zod';

// Field rules shared by the wholesale mall's resources (section 107 批发商城): the mall SPU's sale unit and
// its statuses, the words of its keys in the 操作日志.

/** A mall SPU's / SKU's status in the mall: 1 上架, 2 下架. */
export const MALL_STATUS = { 1: '上架', 2: '下架' } as const;
export type MallStatus = keyof typeof MALL_STATUS;
export const MALL_ON = 1;
export const MALL_OFF = 2;

export const mallStatusSchema = z.coerce
  .number({ error: '请选择上下架状态' })
  .int('上下架状态不正确')
  .refine((v) => v in MALL_STATUS, '上下架状态只能是上架或下架');

/** How the mall sells a product: a sale unit (箱) holding a number of pieces. */
export const mallSaleFields = {
  saleUnit: z.string({ error: '请输入销售单位' }).trim().min(1, '请输入销售单位').max(4, '销售单位不能超过4个字'),
  piecesPerUnit: z.coerce
    .number({ error: '请输入每单位件数' })
    .int('每单位件数须为整数')
    .min(1, '每单位件数至少为1')
    .max(999, '每单位件数不能超过999'),
};

/** What the mall resources' key fields name in the 操作日志. */
export const MALL_TARGETS = {
  mallGoodsId: '商城商品',
  mallSkuId: '商城SKU',
  skuIds: '商城SKU',
  approvalCode: '申请单',
  categoryId: '商品分类',
  imageIds: '商品图片',
} as const;

export const mallGoodsCodeRe = /^MG\d{8}$/;
export const mallSkuCodeRe = /^MK\d{8}$/;
