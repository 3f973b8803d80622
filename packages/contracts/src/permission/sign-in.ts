import { z } from 'zod';
import { APP_KEYS, BUSI_CODES } from '../core/constants.ts';
import { passwordSchema, phoneSchema, userNameSchema, verifyCodeSchema } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';
import { nothing } from '../core/paging.ts';

// 登录 / 注册 / 找回密码 (the public pages) and 退出登录 (spec §3), sent with the permission appKey and busiCode.

export const loginPasswordInput = z.object({
  userName: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(64, '账号长度不能超过64位'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码长度不能超过128位'),
});

export const loginSmsInput = z.object({ phone: phoneSchema, code: verifyCodeSchema });

/**
 * The verify-code request (`GATEWAY_PATHS.verifyCode`, spec §7 getVerifyCode/v2): a plain endpoint, not an
 * operation (rate-limited, behind the captcha hook).
 */
export const VERIFY_PURPOSES = ['login', 'register', 'reset'] as const;
export type VerifyPurpose = (typeof VERIFY_PURPOSES)[number];
export const verifyCodeRequest = z.object({
  phone: phoneSchema,
  purpose: z.enum(VERIFY_PURPOSES, { error: '验证码用途不正确' }).default('login'),
});
/** What the verify-code endpoint answers: when another code may be asked for. */
export interface VerifyCodeSent {
  resendAfter: number;
}

export const registerInput = z.object({
  merchantName: z.string({ error: '请输入商户名称' }).trim().min(2, '商户名称至少2个字').max(50, '商户名称不能超过50个字'),
  userName: userNameSchema,
  phone: phoneSchema,
  code: verifyCodeSchema,
  password: passwordSchema,
});

export const resetPasswordInput = z.object({
  phone: phoneSchema,
  code: verifyCodeSchema,
  password: passwordSchema,
});

export const loginResultSchema = z.object({ token: z.string(), expiresAt: z.number() });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const signInOps = defineOperations(
  { anchor: null, public: true, appKey: APP_KEYS.permission, busiCode: BUSI_CODES.permission },
  {
    loginPassword: {
      name: 'permission.login.password',
      label: '账号密码登录',
      input: loginPasswordInput,
      output: loginResultSchema,
    },
    loginSms: { name: 'permission.login.sms', label: '手机验证码登录', input: loginSmsInput, output: loginResultSchema },
    register: {
      name: 'permission.register',
      label: '商户注册',
      summary: '注册商户及首个管理员账号',
      writes: true,
      input: registerInput,
      output: z.object({ userName: z.string() }),
    },
    resetPassword: {
      name: 'permission.password.reset',
      label: '找回密码',
      summary: '找回密码（验证码 + 新密码）',
      writes: true,
      input: resetPasswordInput,
      output: nothing,
    },
    /** Any signed-in account (anchor null). */
    logout: {
      name: 'permission.logout',
      label: '退出登录',
      public: false,
      writes: true,
      input: z.object({}).passthrough(),
      output: nothing,
    },
  },
);
