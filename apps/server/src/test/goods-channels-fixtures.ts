import type { ApiClient } from '@merchant/contracts';
import { goodsOps } from '@merchant/contracts/goods/goods';
import { skuOps, type SkuRow } from '@merchant/contracts/goods/sku';
import { storeOps } from '@merchant/contracts/merchant/store';
import type { Paged } from '@merchant/contracts';
import { data } from './calls.ts';
import { categoryBranch, merchantIdOf, nextBarcode } from './goods-fixtures.ts';
import { op, registerMerchant, type TestApp } from './harness.ts';
import { validStore } from './store-data.ts';

// A merchant of its own for the goods bank, store goods and sales-channel tests: a category branch, goods with
// SKUs (created through the goods operations), stores (through the store operations) and the sales channels
// (merchant_channel rows, as the permission seed gives the demo merchant).

export interface ChannelMerchant {
  client: ApiClient;
  merchantId: number;
  /** A goods with two SKUs. */
  newGoods(name: string, prices?: number[]): Promise<{ goodsId: number; skus: SkuRow[] }>;
  newStore(name: string): Promise<number>;
}

export async function channelMerchant(t: TestApp, merchantName: string, userName: string, phone: string): Promise<ChannelMerchant> {
  const client = await registerMerchant(t, merchantName, userName, phone);
  const merchantId = await merchantIdOf(t, userName);
  const cat = await categoryBranch(t, merchantId);
  await t.db.db
    .insertInto('merchant_channel')
    .values(['container', 'mall', 'online', 'locallife'].map((channel_code) => ({ merchant_id: merchantId, channel_code })))
    .execute();
  let storeNo = 0;
  return {
    client,
    merchantId,
    async newGoods(name, prices = [300, 450]) {
      const { goodsId } = data<{ goodsId: number }>(
        await op(client, goodsOps.create, {
          name,
          brand: '农夫山泉',
          categoryId: cat.leaf,
          unit: '瓶',
          storageStyle: 1,
          shelfLifeDays: 365,
          skus: prices.map((basePrice, i) => ({
            specValues: [{ name: '规格', value: `${550 + i * 500}ml` }],
            barcode: nextBarcode(),
            basePrice,
          })),
        }),
      );
      const skus = data<Paged<SkuRow>>(await op(client, skuOps.list, { goodsId, sortOrder: 'ascend' })).list;
      return { goodsId, skus };
    },
    async newStore(name) {
      storeNo += 1;
      const res = data<{ id: number; storeCode: string }>(
        await op(client, storeOps.create, { ...validStore, name, contactPhone: `1381726${String(3500 + storeNo).padStart(4, '0')}` }),
      );
      return res.id;
    },
  };
}
