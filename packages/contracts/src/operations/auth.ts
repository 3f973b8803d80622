import { z } from 'zod';

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

export const PHONE_RE = /^1[3-9]\d{9}$/;
export const phoneSchema = z
  .string({ error: '请输入手机号' })
  .trim()
  .min(1, '请输入手机号')
  .regex(PHONE_RE, '手机号格式不正确');

export const verifyCodeSchema = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(/^\d{6}$/, '验证码为6位数字');

/** Password rule: 8–32 characters with letters and digits, no spaces. */
export const passwordSchema = z
  .string({ error: '请输入密码' })
  .min(8, '密码长度至少8位')
  .max(32, '密码长度不能超过32位')
  .regex(/^\S+$/, '密码不能包含空格')
  .regex(/[A-Za-z]/, '密码须包含字母')
  .regex(/\d/, '密码须包含数字');

export const userNameSchema = z
  .string({ error: '请输入账号' })
  .trim()
  .min(2, '账号长度至少2位')
  .max(32, '账号长度不能超过32位')
  .regex(/^[A-Za-z0-9_.@-]+$/, '账号只能包含字母、数字和 _ . @ -');

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
