import { PRODUCT_FIELD_LABELS, type ProductValues } from './standard-product.service.ts';

// The product an application proposes — a goods 新品申请 (kind 1) and a 商城新品申请 (kind 3) alike: the fields that
// become the standard product on approval, as stored in the application's payload, and their labels in its history.

/** The applied product (productFields of the contracts). */
export type AppliedProduct = ProductValues;

const { status: _status, ...libraryLabels } = PRODUCT_FIELD_LABELS;

/** History labels of the applied product's fields, in the form's order (the library's, shelf life without 天: the value says it). */
export const APPLIED_PRODUCT_LABELS = { ...libraryLabels, shelfLifeDays: '保质期' } as const;
