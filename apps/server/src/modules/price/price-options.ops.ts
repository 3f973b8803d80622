import { priceOptionOps } from '@merchant/contracts/price/price-options';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './price-options.service.ts';

export const cabinetOptions = implement(priceOptionOps.cabinets, (ctx, i) => s.cabinets(ctx, i));
export const storeOptions = implement(priceOptionOps.stores, (ctx) => s.stores(ctx));
export const skuOptions = implement(priceOptionOps.skus, (ctx, i) => s.skus(ctx, i.skuIds));
export const matchingCabinets = implement(priceOptionOps.matchingCabinets, (ctx, i) => s.matchingCabinets(ctx, i));
