import { freezeOps } from '@merchant/contracts/finance/freeze';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './freeze.service.ts';

export const freezeList = implement(freezeOps.list, (ctx, i) => s.list(ctx, i));
export const freezeFreeze = implement(freezeOps.freeze, (ctx, i) => s.freeze(ctx, i));
export const freezeRelease = implement(freezeOps.release, (ctx, i) => s.release(ctx, i));
export const freezeHistory = implement(freezeOps.history, (ctx, i) => s.history(ctx, i));
