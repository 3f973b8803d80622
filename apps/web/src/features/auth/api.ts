import { APP_KEYS, BUSI_CODES, GATEWAY_PATHS } from '@merchant/contracts';
import { type LoginResult, signInOps, type VerifyPurpose } from '@merchant/contracts/permission/sign-in';
import { http } from '../../platform/http-client.ts';

const permission = { appKey: APP_KEYS.permission, busiCode: BUSI_CODES.permission } as const;

export function loginByPassword(body: { userName: string; password: string }): Promise<LoginResult> {
  return http.publicGateway<LoginResult>({ ...permission, name: signInOps.loginPassword.name, body });
}

export function loginBySms(body: { phone: string; code: string }): Promise<LoginResult> {
  return http.publicGateway<LoginResult>({ ...permission, name: signInOps.loginSms.name, body });
}

export function registerMerchant(body: {
  merchantName: string;
  userName: string;
  phone: string;
  code: string;
  password: string;
}): Promise<{ userName: string }> {
  return http.publicGateway<{ userName: string }>({ ...permission, name: signInOps.register.name, body });
}

export function resetPassword(body: { phone: string; code: string; password: string }): Promise<null> {
  return http.publicGateway<null>({ ...permission, name: signInOps.resetPassword.name, body });
}

export function sendVerifyCode(phone: string, purpose: VerifyPurpose): Promise<{ resendAfter: number }> {
  return http.post<{ resendAfter: number }>(GATEWAY_PATHS.verifyCode, { phone, purpose });
}
