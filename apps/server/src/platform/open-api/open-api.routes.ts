import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayDeps } from '../gateway/gateway.ts';
import { openApiRoute } from './open-api.ts';

/** The answer of 连通性测试: who the server takes the caller for, and its clock (to check the caller's). */
export const openPingOutput = z.object({
  appKey: z.string(),
  appName: z.string(),
  /** The app's sales channel (channel.code). */
  channelCode: z.string(),
  merchantName: z.string(),
  /** Server time, epoch ms. */
  serverTime: z.number(),
  /** The request's `echo`, when it sent one. */
  echo: z.string().optional(),
});

/** 连通性测试's body: may be empty; `echo` comes back as it was sent. */
export const openPingInput = z.object({
  echo: z.string({ error: '回显内容须为文本' }).max(64, '回显内容不能超过64个字').optional(),
});

/** The open API's own endpoints (the business ones are mounted by their modules with openApiRoute). */
export function registerOpenApiRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  openApiRoute(app, deps, {
    method: 'POST',
    path: '/open-api/v1/ping',
    summary: '连通性测试',
    description:
      '校验签名并返回调用方所属的应用、销售渠道、商户与服务器时间（毫秒），可用于联调与校对时钟。请求体可为空或 {}；带 echo（最多64个字）时原样返回。',
    input: openPingInput,
    output: openPingOutput,
    async handler(ctx, input, openApp) {
      const merchant = await ctx.db.selectFrom('merchant').select('name').where('id', '=', ctx.merchantId).executeTakeFirst();
      return {
        appKey: openApp.appKey,
        appName: openApp.name,
        channelCode: openApp.channelCode,
        merchantName: merchant?.name ?? '',
        serverTime: ctx.clock.now(),
        ...(input.echo === undefined ? {} : { echo: input.echo }),
      };
    },
  });
}
