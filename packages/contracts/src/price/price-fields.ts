import { z } from 'zod';
import { idSchema } from '../core/fields.ts';
import { MAX_PRICE_CENTS } from '../goods/goods-fields.ts';

// Field rules shared by every price resource (second channels, adjustment orders, price sheets, the price ledger):
// the price layers, their scope keys and prices in cents. docs/prices.md explains the model.

/**
 * The layers a price can be set on (sku_price.scope_type / price_adjustment.scope_type), each with the key that names
 * its target (scopeKey): channel1 → the first channel's code (container, mall, online, locallife); channel2 → the
 * second channel's id; cabinet → the cabinet's device code; localLife → a store id, or LOCAL_LIFE_ALL_STORES.
 */
export const PRICE_SCOPES = { channel1: '一级渠道价', channel2: '二级渠道价', cabinet: '单柜价', localLife: '本地生活价' } as const;
export type PriceScope = keyof typeof PRICE_SCOPES;
export const PRICE_SCOPE_TARGETS: Readonly<Record<PriceScope, string>> = {
  channel1: '一级渠道',
  channel2: '二级渠道',
  cabinet: '智能柜',
  localLife: '门店',
};

/** The layer a resolved price came from: a scope, or the SKU's own base price. */
export const PRICE_LAYERS = {
  cabinet: '单柜价',
  channel2: '二级渠道价',
  channel1: '一级渠道价',
  localLife: '本地生活价',
  base: '基础价',
} as const;
export type PriceLayer = keyof typeof PRICE_LAYERS;

/** The first channel whose cabinets carry cabinet and second-channel prices (智能柜). */
export const CABINET_CHANNEL = 'container';
/** The first channel of local-life prices (本地生活). */
export const LOCAL_LIFE_CHANNEL = 'locallife';
/** The localLife scope key of a price for every store of the merchant (a store's own price wins over it). */
export const LOCAL_LIFE_ALL_STORES = 'all';

/** The sanest highest price: 999,999.99 元. */
export const MAX_SET_PRICE_CENTS = MAX_PRICE_CENTS;

/** A price a person sets (分): a whole number above 0, at most 999999.99 元. */
export const setPriceSchema = (label = '新价格') =>
  z.coerce
    .number({ error: `请输入${label}` })
    .int(`${label}以分为单位，须为整数`)
    .min(1, `${label}须大于0`)
    .max(MAX_SET_PRICE_CENTS, `${label}不能超过999999.99元`);

export const priceScopeSchema = z.enum(Object.keys(PRICE_SCOPES) as [PriceScope, ...PriceScope[]], {
  error: '调价范围只能是一级渠道、二级渠道、单柜或本地生活',
});

/** A scope key: a channel code, a second channel id, a device code, a store id or 'all' (checked by the server). */
export const scopeKeySchema = z
  .string({ error: '请选择调价对象' })
  .trim()
  .min(1, '请选择调价对象')
  .max(32, '调价对象不正确')
  .regex(/^[A-Za-z0-9_-]+$/, '调价对象不正确');

export const priceSkuIdSchema = idSchema('SKU');
export const secondChannelIdSchema = idSchema('二级渠道');
