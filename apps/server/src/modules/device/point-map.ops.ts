import { pointMapOps } from '@merchant/contracts/device/point-map';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './point-map.service.ts';

export const mapGeocoder = implement(pointMapOps.geocoder, (ctx, i) => s.geocoder(ctx, i));
export const mapPlaceSearch = implement(pointMapOps.placeSearch, (ctx, i) => s.placeSearch(ctx, i));
