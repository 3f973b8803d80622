import { merchantInfoOps } from '@merchant/contracts/merchant/merchant-info';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './merchant-info.service.ts';

// ---- information-detail ----
export const infoDetail = implement(merchantInfoOps.detail, (ctx) => s.merchantInfo(ctx));
export const infoMainTags = implement(merchantInfoOps.mainTags, async () => s.mainTagList());
export const infoTypes = implement(merchantInfoOps.types, async () => s.merchantTypeList());

// ---- account-setting ----
export const infoSettings = implement(merchantInfoOps.settings, (ctx) => s.settings(ctx));
export const infoUpdateCheck = implement(merchantInfoOps.updateCheck, (ctx, i) => s.updateCheck(ctx, i as Record<string, unknown>));
export const infoUpdate = implement(merchantInfoOps.update, (ctx, i) => s.update(ctx, i));
