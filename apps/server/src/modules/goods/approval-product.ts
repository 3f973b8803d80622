import type { ProductValues } from './standard-product.service.ts';

// The product an application proposes — a goods 新品申请 (kind 1) and a 商城新品申请 (kind 3) alike: the fields that
// become the standard product on approval, as stored in the application's payload, and their labels in its history.

/** The applied product (productFields of the contracts). */
export type AppliedProduct = ProductValues;

/** History labels of the applied product's fields, in the form's order. */
export const APPLIED_PRODUCT_LABELS = {
  name: '商品名称',
  barcode: '商品条码',
  brand: '品牌',
  categoryId: '商品分类',
  spec: '规格',
  unit: '单位',
  shelfLifeDays: '保质期',
  storageStyle: '储存方式',
  imageIds: '商品图片',
  guidePrice: '建议零售价',
} as const;
