import {
  AUTH_OPS,
  loginPasswordInput,
  loginSmsInput,
  registerInput,
  resetPasswordInput,
  resourceFetchInput,
} from '@merchant/contracts';
import { z } from 'zod';
import { defineOperation } from '../../platform/gateway/registry.ts';
import * as service from './permission.service.ts';

const empty = z.object({}).passthrough();

export const loginPassword = defineOperation({
  name: AUTH_OPS.loginPassword,
  summary: '账号密码登录',
  anchor: null,
  public: true,
  input: loginPasswordInput,
  handler: (ctx, input) => service.loginWithPassword(ctx, input),
});

export const loginSms = defineOperation({
  name: AUTH_OPS.loginSms,
  summary: '手机验证码登录',
  anchor: null,
  public: true,
  input: loginSmsInput,
  handler: (ctx, input) => service.loginWithSms(ctx, input),
});

export const register = defineOperation({
  name: AUTH_OPS.register,
  summary: '注册商户及首个管理员账号',
  label: '商户注册',
  anchor: null,
  public: true,
  mutates: true,
  input: registerInput,
  handler: (ctx, input) => service.register(ctx, input),
});

export const resetPassword = defineOperation({
  name: AUTH_OPS.resetPassword,
  summary: '找回密码（验证码 + 新密码）',
  label: '找回密码',
  anchor: null,
  public: true,
  mutates: true,
  input: resetPasswordInput,
  handler: (ctx, input) => service.resetPassword(ctx, input),
});

export const logout = defineOperation({
  name: AUTH_OPS.logout,
  summary: '退出登录',
  anchor: null,
  mutates: true,
  input: empty,
  handler: (ctx) => service.logout(ctx),
});

export const getInfo = defineOperation({
  name: AUTH_OPS.getInfo,
  summary: '当前账号信息',
  anchor: null,
  input: empty,
  handler: (ctx) => service.getInfo(ctx),
});

export const resourceFetch = defineOperation({
  name: AUTH_OPS.resourceFetch,
  summary: '组织、角色与菜单资源',
  anchor: null,
  input: resourceFetchInput,
  handler: (ctx, input) => service.fetchResources(ctx, input),
});

export const channelList = defineOperation({
  name: AUTH_OPS.channelList,
  summary: '渠道与站点选项',
  anchor: null,
  input: empty,
  handler: (ctx) => service.channelList(ctx),
});
