import {
  channelOrderCancelSchema,
  channelOrderIntakeSchema,
  channelOrderPaySchema,
  channelOrderRefSchema,
  channelOrderStateSchema,
  CHANNEL_ORDER_KINDS,
  CHANNEL_PAY_TIMEOUT_MS,
  isChannelOrderKind,
  type ChannelOrderKind,
} from '@merchant/contracts/order/channel-order';
import { doorOpenRequestSchema, doorSessionQuerySchema, doorSessionStateSchema } from '@merchant/contracts/order/door-session';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../platform/errors.ts';
import { appEnv, type GatewayDeps } from '../../platform/gateway/gateway.ts';
import { actingAsSystem } from '../../platform/gateway/op-context.ts';
import { openApiRoute } from '../../platform/open-api/open-api.ts';
import type { OpenApp } from '../../platform/open-api/open-app.repo.ts';
import * as channelOrders from './channel-order.service.ts';
import * as doors from './door-session.service.ts';

/** The channel of an open app that takes orders (线上零售, 批发商城, 本地生活); another app is refused. */
function orderChannelOf(app: OpenApp): ChannelOrderKind {
  if (!isChannelOrderKind(app.channelCode)) throw forbidden('该开放应用的销售渠道不接收订单（仅线上零售、批发商城、本地生活）');
  return app.channelCode;
}
const channelsText = Object.values(CHANNEL_ORDER_KINDS)
  .map((k) => k.title)
  .join('、');

/**
 * The consumer app's side of 智能柜购物 on the open API (docs/open-api.md, docs/orders.md): ask a cabinet to open for a
 * consumer, then follow the session until its order. Signed by the merchant's open app of the 智能柜 channel.
 */
export function registerRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  openApiRoute(app, deps, {
    method: 'POST',
    path: '/open-api/v1/cabinet/door-open',
    summary: '扫码开门',
    description:
      '为一位用户打开一台智能柜的柜门：设备须已激活、在线、已配置商品且无人使用。返回开门单号（applyCode）与状态；同一 requestId 重复请求返回同一开门记录、不再下发指令。关门后设备上报所取商品，服务器按开门时的价格生成订单并通过支付渠道扣款。',
    input: doorOpenRequestSchema,
    output: doorSessionStateSchema,
    handler: (ctx, input, openApp) => doors.requestOpen(ctx, openApp.name, input),
  });
  openApiRoute(app, deps, {
    method: 'POST',
    path: '/open-api/v1/cabinet/door-session',
    summary: '查询开门记录',
    description: '开门单的当前状态（待开门、已开门、已完成、开门失败、异常）及其订单号（已生成订单时）。',
    input: doorSessionQuerySchema,
    output: doorSessionStateSchema,
    handler: (ctx, input) => doors.state(ctx, input.applyCode),
  });

  registerChannelOrderRoutes(app, deps);
}

/**
 * The channels' order intake on the open API (docs/open-api.md, docs/orders.md "渠道订单"): the app's channel is the
 * order's channel. And the sweep that cancels unpaid orders past their deadline.
 */
function registerChannelOrderRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  openApiRoute(app, deps, {
    method: 'POST',
    path: '/open-api/v1/orders/create',
    summary: '渠道下单',
    description: `${channelsText}的应用提交订单（订单渠道即应用的销售渠道）。按渠道订单号幂等：同一渠道订单号再次提交返回已生成的订单（created=false）。商品在发货仓（线上零售：库存中心；批发：批发商库存，按商城SKU的阶梯批发价；本地生活：所填门店）锁定，库存不足则拒绝下单。${CHANNEL_PAY_TIMEOUT_MS / 60_000}分钟内未支付的订单自动取消并释放库存。`,
    input: channelOrderIntakeSchema,
    output: channelOrderStateSchema,
    handler: (ctx, input, openApp) => channelOrders.intake(ctx, orderChannelOf(openApp), openApp.name, input),
  });
  openApiRoute(app, deps, {
    method: 'POST',
    path: '/open-api/v1/orders/pay',
    summary: '订单支付',
    description: '通过支付渠道为待付款订单收款；支付成功后订单变为待发货。支付中的订单再次调用返回同一支付。',
    input: channelOrderPaySchema,
    output: channelOrderStateSchema,
    handler: (ctx, input, openApp) => channelOrders.pay(ctx, orderChannelOf(openApp), input),
  });
  openApiRoute(app, deps, {
    method: 'POST',
    path: '/open-api/v1/orders/cancel',
    summary: '取消订单',
    description: '取消待付款或待发货的订单：锁定库存释放，已付款项原路退回。支付中的订单须待支付结果后再取消。',
    input: channelOrderCancelSchema,
    output: channelOrderStateSchema,
    handler: (ctx, input, openApp) => channelOrders.cancel(ctx, orderChannelOf(openApp), input),
  });
  openApiRoute(app, deps, {
    method: 'POST',
    path: '/open-api/v1/orders/receive',
    summary: '确认收货',
    description: '已发货的订单确认收货，订单完成。',
    input: channelOrderRefSchema,
    output: channelOrderStateSchema,
    handler: (ctx, input, openApp) => channelOrders.receive(ctx, orderChannelOf(openApp), input),
  });
  openApiRoute(app, deps, {
    method: 'POST',
    path: '/open-api/v1/orders/query',
    summary: '查询订单',
    description: '订单的状态、支付状态、支付截止时间与物流信息。',
    input: channelOrderRefSchema,
    output: channelOrderStateSchema,
    handler: (ctx, input, openApp) => channelOrders.stateByRef(ctx, orderChannelOf(openApp), input),
  });

  const sweepContext = (merchantId: number) =>
    actingAsSystem(appEnv(deps, app.log), merchantId, { userName: '系统（超时关闭）', userAgent: 'order-sweep' });
  const sweep = () =>
    channelOrders.sweepUnpaid(appEnv(deps, app.log), sweepContext).catch((err: unknown) => app.log.error({ err }, 'order sweep failed'));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    const every = deps.config.order.sweepIntervalMs;
    if (every <= 0) return;
    timer = setInterval(() => {
      running ??= sweep().finally(() => (running = undefined));
    }, every);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
