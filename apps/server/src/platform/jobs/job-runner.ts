import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';

/** Runs a job; `signal` aborts when the server stops. */
export type JobHandler = (data: Record<string, unknown>, signal: AbortSignal) => Promise<void>;

/**
 * Background jobs (DESIGN §2): in-process on SQLite (one server), pg-boss on PostgreSQL (jobs in
 * the database, picked up by whichever server instance is free).
 */
export interface JobRunner {
  readonly kind: 'inprocess' | 'pgboss';
  /** Registers a queue's handler with its concurrency; call before start(). */
  work(queue: string, concurrency: number, handler: JobHandler): void;
  send(queue: string, data: Record<string, unknown>): Promise<void>;
  /**
   * Sends a job that starts at `startAt` (epoch ms) or soon after. `key`: one job per key among those not yet run (a
   * second send with the same key is dropped). In-process: a timer, gone with the process — the job's owner keeps a
   * catch-up sweep; pg-boss: startAfter + singletonKey, in the database.
   */
  sendAfter(queue: string, data: Record<string, unknown>, startAt: number, key?: string): Promise<void>;
  start(): Promise<void>;
  /** Stops taking jobs and aborts the running ones. */
  stop(): Promise<void>;
}

interface Worker {
  concurrency: number;
  handler: JobHandler;
  pending: Record<string, unknown>[];
  running: number;
}

/** Jobs in memory: for the single-server SQLite mode; what was queued is re-sent at start by its owner. */
export class InProcessRunner implements JobRunner {
  readonly kind = 'inprocess';
  private readonly workers = new Map<string, Worker>();
  private readonly abort = new AbortController();
  private readonly active = new Set<Promise<void>>();
  private started = false;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private timerSeq = 0;
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  work(queue: string, concurrency: number, handler: JobHandler): void {
    this.workers.set(queue, { concurrency, handler, pending: [], running: 0 });
  }

  async send(queue: string, data: Record<string, unknown>): Promise<void> {
    const w = this.workers.get(queue);
    if (!w) throw new Error(`no worker for queue ${queue}`);
    w.pending.push(data);
    this.pump(w);
  }

  async sendAfter(queue: string, data: Record<string, unknown>, startAt: number, key?: string): Promise<void> {
    if (!this.workers.has(queue)) throw new Error(`no worker for queue ${queue}`);
    const id = `${queue}:${key ?? `#${++this.timerSeq}`}`;
    if (this.timers.has(id)) return;
    // setTimeout holds at most 2^31-1 ms (~24.8 days): a later start waits in steps.
    const arm = () => {
      const wait = Math.min(Math.max(0, startAt - this.now()), 2_000_000_000);
      const timer = setTimeout(() => {
        if (startAt > this.now()) return arm();
        this.timers.delete(id);
        this.send(queue, data).catch((err: unknown) => this.log.error({ err }, 'scheduled job failed to queue'));
      }, wait);
      timer.unref();
      this.timers.set(id, timer);
    };
    arm();
  }

  async start(): Promise<void> {
    this.started = true;
    for (const w of this.workers.values()) this.pump(w);
  }

  async stop(): Promise<void> {
    this.started = false;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.abort.abort(new Error('server stopping'));
    await Promise.allSettled([...this.active]);
  }

  private pump(w: Worker): void {
    while (this.started && w.running < w.concurrency && w.pending.length > 0) {
      const data = w.pending.shift()!;
      w.running++;
      const run = w
        .handler(data, this.abort.signal)
        .catch((err: unknown) => this.log.error({ err }, 'job failed'))
        .finally(() => {
          w.running--;
          this.active.delete(run);
          // Next job on a fresh tick, so one queue never starves the event loop.
          setImmediate(() => this.pump(w));
        });
      this.active.add(run);
    }
  }
}

/** Jobs in PostgreSQL through pg-boss: any server instance can take a job another one queued. */
export class PgBossRunner implements JobRunner {
  readonly kind = 'pgboss';
  private readonly boss: PgBoss;
  private readonly workers: { queue: string; concurrency: number; handler: JobHandler }[] = [];
  private readonly abort = new AbortController();
  constructor(
    connectionString: string,
    schema: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.boss = new PgBoss({ connectionString, schema, max: 4, schedule: false, supervise: true, migrate: true });
    this.boss.on('error', (err) => this.log.error({ err }, 'pg-boss error'));
  }

  work(queue: string, concurrency: number, handler: JobHandler): void {
    this.workers.push({ queue, concurrency, handler });
  }

  async send(queue: string, data: Record<string, unknown>): Promise<void> {
    // No automatic retry: a job cut off mid-run is marked failed by its owner and retried by a person.
    await this.boss.send(queue, data, { retryLimit: 0, expireInHours: 6 });
  }

  async sendAfter(queue: string, data: Record<string, unknown>, startAt: number, key?: string): Promise<void> {
    await this.boss.send(queue, data, {
      retryLimit: 0,
      expireInHours: 6,
      startAfter: new Date(startAt),
      ...(key ? { singletonKey: key } : {}),
    });
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const w of this.workers) {
      await this.boss.createQueue(w.queue);
      for (let i = 0; i < w.concurrency; i++) {
        await this.boss.work<Record<string, unknown>>(w.queue, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) await w.handler(job.data, this.abort.signal);
        });
      }
    }
  }

  async stop(): Promise<void> {
    this.abort.abort(new Error('server stopping'));
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

/** pg-boss on PostgreSQL (its tables in their own schema), in-process on SQLite; JOB_RUNNER overrides. */
export function createJobRunner(config: Config, db: Db, log: FastifyBaseLogger, now?: () => number): JobRunner {
  const kind = config.jobRunner === 'auto' ? (db.dialect === 'postgres' ? 'pgboss' : 'inprocess') : config.jobRunner;
  if (kind === 'pgboss') {
    if (!config.databaseUrl) throw new Error('JOB_RUNNER=pgboss needs DATABASE_URL');
    return new PgBossRunner(config.databaseUrl, config.pgSchema ? `${config.pgSchema}_jobs` : 'pgboss', log);
  }
  return new InProcessRunner(log, now);
}
