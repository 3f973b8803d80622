import { z } from 'zod';
import { passwordSchema, phoneSchema, userNameSchema, verifyCodeSchema } from '../core/fields.ts';

/** Gateway operation names of sign-in and the session. */
export const AUTH_OPS = {
  loginPassword: 'permission.login.password',
  loginSms: 'permission.login.sms',
  register: 'permission.register',
  resetPassword: 'permission.password.reset',
  logout: 'permission.logout',
  channelList: 'permission.channel.list',
  resourceFetch: 'permission.resource.fetch',
  getInfo: 'permission.getInfo',
} as const;

export const loginPasswordInput = z.object({
  userName: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(64, '账号长度不能超过64位'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码长度不能超过128位'),
});

export const loginSmsInput = z.object({ phone: phoneSchema, code: verifyCodeSchema });

export const VERIFY_PURPOSES = ['login', 'register', 'reset'] as const;
export type VerifyPurpose = (typeof VERIFY_PURPOSES)[number];
export const verifyCodeRequest = z.object({
  phone: phoneSchema,
  purpose: z.enum(VERIFY_PURPOSES, { error: '验证码用途不正确' }).default('login'),
});

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

export const resourceFetchInput = z.object({
  appKey: z.string().max(32).optional(),
  busiCode: z.string().max(32).optional(),
  sceneCode: z.string().max(64).optional(),
  functionCode: z.string().max(64).optional(),
  clientType: z.string().max(32).optional(),
  organizationId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: '组织ID不正确' }).int().positive('组织ID不正确').optional(),
  ),
  roleIds: z
    .union([z.string(), z.array(z.coerce.number())])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const list = Array.isArray(v) ? v : v.split(',').map((s) => Number(s.trim()));
      if (list.some((n) => !Number.isInteger(n) || n <= 0)) {
        ctx.addIssue({ code: 'custom', message: '角色ID不正确' });
        return z.NEVER;
      }
      return list;
    }),
});

export interface LoginResult {
  token: string;
  expiresAt: number;
}
