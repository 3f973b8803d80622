import { OpenApiClient, type OpenApiClientOptions } from '@merchant/contracts/open-api/signing';
import { CHANNEL_ORDER_KINDS, type ChannelOrderIntake, type ChannelOrderState } from '@merchant/contracts/order/channel-order';
import type { ChannelBuying } from '../modules/order/order.provision.ts';

/**
 * The simulator's channel buyers (docs/orders.md "模拟器"): about `perMinute` orders a minute from the merchant's
 * 线上零售, 批发 and 本地生活 apps through the open API's intake — most then paid, some cancelled by the buyer, some
 * left unpaid for the time-out sweep. Deterministic for the seed, apart from the server's answers.
 */
export interface ChannelBuyerOptions {
  apiUrl: string;
  perMinute: number;
  /** Share of the orders paid (the rest: a tenth cancelled, the others left unpaid). */
  payShare?: number;
  fetch?: OpenApiClientOptions['fetch'];
  now?: () => number;
  log?: (line: string) => void;
}

const NAMES = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨帆'];

export class ChannelBuyers {
  readonly counts = { ordered: 0, refused: 0, paid: 0, cancelled: 0, failed: 0 };
  private readonly refusals = new Map<string, number>();
  private readonly pending = new Set<Promise<void>>();
  private seq = 0;

  constructor(
    private readonly buying: ChannelBuying[],
    private readonly random: () => number,
    private readonly opts: ChannelBuyerOptions,
  ) {}

  /** One simulated second: perhaps a buyer orders from one of the channels. */
  tick(second: number): void {
    if (!this.buying.length || this.opts.perMinute <= 0) return;
    if (this.random() >= this.opts.perMinute / 60) return;
    const b = this.buying[Math.floor(this.random() * this.buying.length)];
    const lines = 1 + Math.floor(this.random() * Math.min(2, b.skus.length));
    const picked = [...b.skus].sort(() => this.random() - 0.5).slice(0, lines);
    const user = 1 + Math.floor(this.random() * 500);
    const body: ChannelOrderIntake = {
      channelOrderNo: `SIM${b.channel.toUpperCase()}${second}${++this.seq}${Math.floor(this.random() * 1e6)}`,
      userId: `sim-buyer-${String(user).padStart(4, '0')}`,
      storeCode: b.storeCode,
      receiverName: NAMES[user % NAMES.length],
      receiverPhone: `139${String(10_000_000 + user * 7919).slice(-8)}`,
      receiverAddress: `上海市浦东新区模拟路${user}号`,
      lines: picked.map((s) => ({ skuCode: s.code, quantity: s.minQty + Math.floor(this.random() * 2) })),
    };
    const fate = this.random();
    const pay = fate < (this.opts.payShare ?? 0.85);
    const cancel = !pay && fate < (this.opts.payShare ?? 0.85) + 0.1;
    const client = new OpenApiClient({ baseUrl: this.opts.apiUrl, ...b.app, fetch: this.opts.fetch, now: this.opts.now });
    const title = CHANNEL_ORDER_KINDS[b.channel].title;
    const run = (async () => {
      const res = await client.post<ChannelOrderState>('/open-api/v1/orders/create', body);
      if (res.code !== '200' || !res.data) {
        this.counts.refused++;
        this.refusals.set(res.msg, (this.refusals.get(res.msg) ?? 0) + 1);
        this.opts.log?.(`${title} 下单被拒：${res.msg}`);
        return;
      }
      this.counts.ordered++;
      const orderNoSub = res.data.orderNoSub;
      this.opts.log?.(`${title} ${body.userId} 下单 ${orderNoSub}（${(res.data.payAmount / 100).toFixed(2)}元）`);
      if (pay) {
        const p = await client.post<ChannelOrderState>('/open-api/v1/orders/pay', { orderNoSub });
        if (p.data?.statusName === '待发货') this.counts.paid++;
      } else if (cancel) {
        const c = await client.post<ChannelOrderState>('/open-api/v1/orders/cancel', { orderNoSub, reason: '买家取消订单' });
        if (c.data?.statusName === '已取消') this.counts.cancelled++;
      }
    })()
      .catch((err: unknown) => {
        this.counts.failed++;
        this.opts.log?.(`${title} 下单请求失败（服务器是否在运行？）：${err instanceof Error ? err.message : String(err)}`);
      })
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /** Waits for the calls under way. */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  summary(): string {
    const why = [...this.refusals].map(([m, n]) => `${m}×${n}`).join('，');
    return `渠道下单 ${this.counts.ordered} 单：支付 ${this.counts.paid}，取消 ${this.counts.cancelled}，被拒 ${this.counts.refused}${why ? `（${why}）` : ''}，请求失败 ${this.counts.failed}`;
  }
}
