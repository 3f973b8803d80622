import { z } from 'zod';

// Field rules shared by every goods resource (standard library, merchant goods, SKUs, applications, supply
// chain, wholesale mall): storage styles, barcodes with their check digit, prices in cents.

/** storageStyleCode (spec: 1 常温, 2 冷藏, 3 冷冻). */
export const STORAGE_STYLES = { 1: '常温', 2: '冷藏', 3: '冷冻' } as const;
export type StorageStyle = keyof typeof STORAGE_STYLES;

export const storageStyleSchema = z.coerce
  .number({ error: '请选择储存方式' })
  .int('储存方式不正确')
  .refine((v) => v in STORAGE_STYLES, '储存方式只能是常温、冷藏或冷冻');

/**
 * Whether a barcode's last digit is its GS1 check digit. EAN-13, EAN-8 and UPC-A (12 digits) share the rule:
 * from the right (check digit excluded), digits are weighted 3, 1, 3, 1…; the check digit brings the sum to a
 * multiple of 10.
 */
export function barcodeCheckDigitOk(code: string): boolean {
  if (!/^\d+$/.test(code) || ![8, 12, 13].includes(code.length)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);
}

/** The GS1 check digit of a barcode's leading digits (everything but the check digit). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export const barcodeSchema = (label = '商品条码') =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .regex(/^\d+$/, `${label}只能是数字`)
    .refine((c) => [8, 12, 13].includes(c.length), `${label}应为13位（EAN-13）、8位（EAN-8）或12位（UPC-A）`)
    .refine(barcodeCheckDigitOk, `${label}校验位不正确，请核对`);

/** The most a price may be: 99,999,999 分 (¥999,999.99). */
export const MAX_PRICE_CENTS = 99_999_999;

/** A price in cents (分) on the wire (DESIGN §5), checked as a whole number within bounds. */
export const priceCentsSchema = (label: string, { min = 0 }: { min?: number } = {}) =>
  z.coerce
    .number({ error: `请输入${label}` })
    .int(`${label}以分为单位，须为整数`)
    .min(min, min > 0 ? `${label}须大于0` : `${label}不能为负数`)
    .max(MAX_PRICE_CENTS, `${label}不能超过999999.99元`);

/** A category id (a leaf of the three-level tree, checked by the server). */
export const categoryIdSchema = z.coerce.number({ error: '请选择商品分类' }).int('请选择商品分类').positive('请选择商品分类');

/** Uploaded image ids (public file ids from the upload, content-checked there), at most 6. */
export const imageIdsSchema = z
  .array(z.string().trim().min(8, '图片不正确').max(64, '图片不正确'), { error: '图片格式不正确' })
  .max(6, '商品图片最多6张')
  .default([]);

/**
 * What a product is (标准商品, 新品申请, 供应链商品, 商城商品 share it): name, barcode, brand, category leaf,
 * spec, unit, shelf life, storage style, images, guide price.
 */
export const productFields = {
  name: z.string({ error: '请输入商品名称' }).trim().min(2, '商品名称至少2个字').max(60, '商品名称不能超过60个字'),
  barcode: barcodeSchema(),
  brand: z.string({ error: '请输入品牌' }).trim().min(1, '请输入品牌').max(30, '品牌不能超过30个字'),
  categoryId: categoryIdSchema,
  spec: z.string({ error: '请输入规格' }).trim().min(1, '请输入规格').max(30, '规格不能超过30个字'),
  unit: z.string({ error: '请输入单位' }).trim().min(1, '请输入单位').max(10, '单位不能超过10个字'),
  shelfLifeDays: z.coerce
    .number({ error: '请输入保质期' })
    .int('保质期须为整数天')
    .min(1, '保质期至少1天')
    .max(3650, '保质期不能超过3650天'),
  storageStyle: storageStyleSchema,
  imageIds: imageIdsSchema,
  guidePrice: priceCentsSchema('建议零售价', { min: 1 }),
};

/** One spec value of a SKU (规格: 口味 = 原味). */
export const specValueSchema = z.object({
  name: z.string({ error: '请输入规格名' }).trim().min(1, '请输入规格名').max(10, '规格名不能超过10个字'),
  value: z.string({ error: '请输入规格值' }).trim().min(1, '请输入规格值').max(20, '规格值不能超过20个字'),
});
export type SpecValue = z.infer<typeof specValueSchema>;

/** What a SKU is: its spec values, barcode, base sale price, storage style. */
export const skuFields = {
  specValues: z.array(specValueSchema, { error: '规格格式不正确' }).max(3, '规格最多3项').default([]),
  barcode: barcodeSchema('SKU条码'),
  basePrice: priceCentsSchema('销售价', { min: 1 }),
  storageStyle: storageStyleSchema,
};

/** What the goods resources' key fields name in the 操作日志 (each group's `targets`). */
export const GOODS_TARGETS = {
  goodsNo: '标准商品',
  standardProductIds: '标准商品',
  goodsId: '商品',
  skuId: 'SKU',
  categoryId: '商品分类',
  imageIds: '商品图片',
  approvalCode: '申请单',
  storeGoodsId: '门店商品',
  channelCode: '销售渠道',
} as const;

/** What the supply-chain resources' key fields name in the 操作日志. */
export const SUPPLY_TARGETS = { supplierId: '供应商', spuId: '供应链商品', skuId: '供应链SKU', categoryId: '商品分类' } as const;
