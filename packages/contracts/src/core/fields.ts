import { z } from 'zod';

// Field validators shared by every area: one rule, one Chinese message, on the server and in the forms.

export const idSchema = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .positive(`${label}不正确`);

/** The input of an operation on one row by its id (detail, delete, enable, ...). */
export const byIdInput = z.object({ id: idSchema('ID') });

export const requiredText = (label: string, min: number, max: number, verb = '请输入') =>
  z
    .string({ error: `${verb}${label}` })
    .trim()
    .min(1, `${verb}${label}`)
    .min(min, `${label}至少${min}个字`)
    .max(max, `${label}不能超过${max}个字`);

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字`)
    .optional()
    .transform((v) => v ?? '');

/** Mobile, landline (0xx-xxxxxxx) or 400 number. */
export const TEL_RE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|400-?\d{3}-?\d{4})$/;
export const telSchema = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .regex(TEL_RE, `${label}格式不正确（手机号、座机或400电话）`);

export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export const codeEnum = <T extends Record<string, unknown>>(map: T, label: string) =>
  z.enum(Object.keys(map) as [keyof T & string, ...(keyof T & string)[]], { error: `${label}不正确` });

export const PHONE_RE = /^1[3-9]\d{9}$/;
export const phoneSchema = z.string({ error: '请输入手机号' }).trim().min(1, '请输入手机号').regex(PHONE_RE, '手机号格式不正确');

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

/** Province, city and district of an address (stores, merchants, locations). */
export const regionFields = {
  province: requiredText('省份', 2, 20),
  city: requiredText('城市', 2, 20),
  district: optionalText('区县', 20),
};
