import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { GatewayDeps } from '../../platform/gateway/gateway.ts';
import { APPLY_QUEUE, systemContext } from './price-apply.ts';
import * as repo from './price-adjustment.repo.ts';
import { applyDue } from './price-adjustment.service.ts';

// The scheduler of 定时生效 adjustment orders (docs/prices.md): the job runner applies each at its time (pg-boss:
// startAfter in the database; in-process: a timer), and a catch-up sweep every PRICE_SWEEP_SECONDS applies every
// 待生效 order whose time has passed — what makes a schedule survive a restart when the timers died with the process.

export class PriceScheduler {
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<number>;
  constructor(
    private readonly deps: GatewayDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Applies one order if it is 待生效 and due (the job's handler); true when this call applied it. */
  async applyOne(merchantId: number, orderId: number): Promise<boolean> {
    const r = await repo.findOrderById(this.deps.db.db, orderId);
    if (!r || Number(r.merchant_id) !== merchantId) return false;
    return applyDue(systemContext(this.deps, merchantId, Number(r.submitted_by), this.log), orderId);
  }

  /** Applies every 待生效 order whose time has passed (over all merchants); returns how many it applied. */
  sweep(): Promise<number> {
    // one sweep at a time in this process (a second caller waits for the running one)
    this.sweeping ??= this.runSweep().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async runSweep(): Promise<number> {
    let applied = 0;
    for (;;) {
      const due = await repo.dueOrders(this.deps.db.db, this.deps.clock.now(), 50);
      let progressed = false;
      for (const o of due) {
        try {
          if (await this.applyOne(Number(o.merchant_id), Number(o.id))) {
            applied++;
            progressed = true;
          }
        } catch (err) {
          this.log.error({ err, orderNo: o.order_no }, 'price apply failed');
        }
      }
      if (due.length < 50 || !progressed) return applied;
    }
  }

  async start(): Promise<void> {
    const jobs = this.deps.services.jobs;
    if (jobs.kind === 'inprocess') {
      // the timers of the last process are gone: arm one per future order again
      for (const o of await repo.futureOrders(this.deps.db.db, this.deps.clock.now())) {
        await jobs.sendAfter(
          APPLY_QUEUE,
          { merchantId: Number(o.merchant_id), orderId: Number(o.id) },
          Number(o.effective_at),
          `price-apply-${o.id}`,
        );
      }
    }
    await this.sweep().catch((err: unknown) => this.log.error({ err }, 'price sweep failed'));
    const every = this.deps.config.price.sweepIntervalMs;
    if (every > 0) {
      this.timer = setInterval(() => {
        this.sweep().catch((err: unknown) => this.log.error({ err }, 'price sweep failed'));
      }, every);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping?.catch(() => undefined);
  }
}

const schedulers = new WeakMap<FastifyInstance, PriceScheduler>();
/** The price scheduler of an app (tests run its sweep). */
export const priceSchedulerOf = (app: FastifyInstance): PriceScheduler | undefined => schedulers.get(app);

export function registerRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  const scheduler = new PriceScheduler(deps, app.log);
  schedulers.set(app, scheduler);
  deps.services.jobs.work(APPLY_QUEUE, 1, async (data) => {
    await scheduler.applyOne(Number(data.merchantId), Number(data.orderId));
  });
  app.addHook('onReady', () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
}
