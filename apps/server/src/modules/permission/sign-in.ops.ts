import { signInOps } from '@merchant/contracts/permission/sign-in';
import { implement } from '../../platform/gateway/registry.ts';
import * as service from './sign-in.service.ts';

// Sign-in (public) and sign-out.

export const loginPassword = implement(signInOps.loginPassword, (ctx, input) => service.loginWithPassword(ctx, input));
export const loginSms = implement(signInOps.loginSms, (ctx, input) => service.loginWithSms(ctx, input));
export const register = implement(signInOps.register, (ctx, input) => service.register(ctx, input));
export const resetPassword = implement(signInOps.resetPassword, (ctx, input) => service.resetPassword(ctx, input));
export const logout = implement(signInOps.logout, (ctx) => service.logout(ctx));
