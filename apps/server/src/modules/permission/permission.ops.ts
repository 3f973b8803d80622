import { sessionOps } from '@merchant/contracts/permission/session';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { implement } from '../../platform/gateway/registry.ts';
import * as service from './permission.service.ts';

// Sign-in (public) and the signed-in session's own operations. getInfo and resource fetch answer at their
// spec §7 paths too (REST aliases from their contracts).

export const loginPassword = implement(signInOps.loginPassword, (ctx, input) => service.loginWithPassword(ctx, input));
export const loginSms = implement(signInOps.loginSms, (ctx, input) => service.loginWithSms(ctx, input));
export const register = implement(signInOps.register, (ctx, input) => service.register(ctx, input));
export const resetPassword = implement(signInOps.resetPassword, (ctx, input) => service.resetPassword(ctx, input));
export const logout = implement(signInOps.logout, (ctx) => service.logout(ctx));

export const getInfo = implement(sessionOps.getInfo, (ctx) => service.getInfo(ctx));
export const resourceFetch = implement(sessionOps.resourceFetch, (ctx, input) => service.fetchResources(ctx, input));
export const channelList = implement(sessionOps.channelList, (ctx) => service.channelList(ctx));
