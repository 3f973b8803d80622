import type { ApiClient } from '@merchant/contracts';
import { supplierOps } from '@merchant/contracts/goods/supplier';
import { supplyGoodsOps } from '@merchant/contracts/goods/supply-goods';
import { data } from './calls.ts';
import { categoryBranch, merchantIdOf, standardProduct } from './goods-fixtures.ts';
import { op, registerMerchant, type TestApp } from './harness.ts';

// Supply-chain goods tests: a merchant of their own (the demo merchant's seeded supply goods would blur totals),
// another merchant, a category branch and a standard product to link.

let phoneSeq = 0;
/** A fresh mobile number for a supplier. */
export const nextPhone = () => `1390000${String(++phoneSeq).padStart(4, '0')}`;

export async function supplySetup(t: TestApp, tag: string, phones: [string, string]) {
  const admin = await registerMerchant(t, `供应链${tag}`, `supply${tag}`, phones[0]);
  const other = await registerMerchant(t, `别家供应链${tag}`, `supplyother${tag}`, phones[1]);
  const mid = await merchantIdOf(t, `supply${tag}`);
  const cat = await categoryBranch(t, mid);
  const standardId = await standardProduct(t, mid, cat.leaf, {
    name: '农夫山泉饮用天然水 550ml',
    barcode: '6921168509256',
    guidePrice: 200,
  });
  return { admin, other, mid, cat, standardId };
}

export async function newSupplier(client: ApiClient, name: string) {
  return data<{ supplierId: number; supplierCode: string }>(
    await op(client, supplierOps.create, { name, contact: '王经理', phone: nextPhone(), remark: '' }),
  );
}

export async function newSpu(client: ApiClient, supplierId: number, categoryId: number, name = '农夫山泉饮用天然水', standardBarcode = '') {
  return data<{ spuId: number; spuCode: string }>(
    await op(client, supplyGoodsOps.create, { supplierId, name, brand: '农夫山泉', categoryId, unit: '瓶', standardBarcode }),
  );
}
