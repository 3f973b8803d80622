import { doorSessionOps } from '@merchant/contracts/order/door-session';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './door-session.service.ts';

export const doorSessionDetail = implement(doorSessionOps.detail, (ctx, i) => s.detail(ctx, i.applyCode));
