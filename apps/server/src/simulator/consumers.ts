import { OpenApiClient } from '@merchant/contracts/open-api/signing';
import type { DoorSessionState } from '@merchant/contracts/order/door-session';
import { abnormalShopper, ordinaryShopper, type Shopper, type VirtualCabinet } from './cabinet.ts';

/**
 * The simulator's consumers (docs/orders.md "模拟器"): at each cabinet, about `perMinute` visits a minute — a door-open
 * request through the open API as the merchant's consumer app sends it, then what the cabinet's shopper takes. A share
 * `abnormal` of the visits is one the server must flag (low confidence, a wrong weight, a door left open).
 * Deterministic for the seed, apart from the server's answers.
 */
export interface ConsumerOptions {
  apiUrl: string;
  perMinute: number;
  abnormal: number;
  log?: (line: string) => void;
}

export const shopperWithAbnormalShare =
  (share: number): Shopper =>
  (cabinet, random) =>
    random() < share ? abnormalShopper(cabinet, random) : ordinaryShopper(cabinet, random);

export class Consumers {
  readonly counts = { requested: 0, opened: 0, refused: 0, failed: 0 };
  private readonly busy = new Set<string>();
  private readonly refusals = new Map<string, number>();

  constructor(
    private readonly apps: Map<string, { appKey: string; secret: string }>,
    private readonly random: () => number,
    private readonly opts: ConsumerOptions,
  ) {}

  /** One simulated second at a cabinet: perhaps a consumer arrives (never while its door is open or a request is on its way). */
  tick(cabinet: VirtualCabinet, second: number): void {
    const code = cabinet.spec.deviceCode;
    const app = this.apps.get(code);
    if (!app || this.opts.perMinute <= 0 || cabinet.door === 'open' || this.busy.has(code)) return;
    if (this.random() >= this.opts.perMinute / 60) return;
    const user = 1 + Math.floor(this.random() * 500);
    const body = {
      deviceCode: code,
      userId: `sim-user-${String(user).padStart(4, '0')}`,
      userPhone: `139${String(10_000_000 + user * 7919).slice(-8)}`,
      requestId: `SIM-${code}-${second}-${Math.floor(this.random() * 1e9)}`,
    };
    const client = new OpenApiClient({ baseUrl: this.opts.apiUrl, appKey: app.appKey, secret: app.secret });
    this.busy.add(code);
    this.counts.requested++;
    client
      .post<DoorSessionState>('/open-api/v1/cabinet/door-open', body)
      .then((res) => {
        if (res.code === '200') {
          this.counts.opened++;
          this.opts.log?.(`${code} 用户${body.userId}扫码开门：开门单${res.data?.applyCode}`);
        } else {
          this.counts.refused++;
          this.refusals.set(res.msg, (this.refusals.get(res.msg) ?? 0) + 1);
          this.opts.log?.(`${code} 用户${body.userId}开门被拒：${res.msg}`);
        }
      })
      .catch((err: unknown) => {
        this.counts.failed++;
        this.opts.log?.(`${code} 开门请求失败（服务器是否在运行？）：${err instanceof Error ? err.message : String(err)}`);
      })
      .finally(() => this.busy.delete(code));
  }

  summary(): string {
    const why = [...this.refusals].map(([m, n]) => `${m}×${n}`).join('，');
    return `扫码开门 ${this.counts.requested} 次：开门 ${this.counts.opened}，被拒 ${this.counts.refused}${why ? `（${why}）` : ''}，请求失败 ${this.counts.failed}`;
  }
}
