// Child process of export.bench.ts: one measured write per fresh process, so each peak RSS is its own.
//   export-child.ts export   <dir> <rows>  the real export task (ExportTasks.run → queryExport → db.stream → writeXlsx → file)
//   export-child.ts bare     <dir> <rows>  bare exceljs streaming write of the same rows, simplest loop
// Prints one JSON line with the timing, the file, the memory peaks and the longest event-loop stall.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb } from '../apps/server/src/db/database.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { ExportTasks } from '../apps/server/src/platform/export/export-tasks.ts';
import { exportOpener } from '../apps/server/src/platform/export/export.routes.ts';
import type { Services } from '../apps/server/src/platform/gateway/op-context.ts';
import { OperationRegistry } from '../apps/server/src/platform/gateway/registry.ts';
import type { JobRunner } from '../apps/server/src/platform/jobs/job-runner.ts';
import { BENCH_HEADERS, BENCH_OP, bareCells, benchOrderList, genRow } from './export-data.ts';

const [mode, dir, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg);
if (!['export', 'bare'].includes(mode) || !dir || !(rows > 0)) throw new Error('usage: export-child.ts export|bare <dir> <rows>');

// Memory sampled while the write runs (the maxRSS of the process is the authoritative peak).
const peak = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
const sample = () => {
  const m = process.memoryUsage();
  peak.rss = Math.max(peak.rss, m.rss);
  peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
  peak.external = Math.max(peak.external, m.external);
  peak.arrayBuffers = Math.max(peak.arrayBuffers, m.arrayBuffers);
};
const startRssKb = process.resourceUsage().maxRSS;
const timer = { t0: 0, t1: 0 };
// The longest the event loop went without a turn during the write: how long the requests of the
// same server would wait behind the export (a 5 ms interval timer; the gap between its ticks).
const stall = {
  max: 0,
  last: 0,
  timer: undefined as NodeJS.Timeout | undefined,
  enable() {
    this.last = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      this.max = Math.max(this.max, now - this.last);
      this.last = now;
    }, 5);
  },
  disable() {
    clearInterval(this.timer);
    this.max = Math.max(this.max, performance.now() - this.last);
  },
};

function closed(out: fs.WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    out.once('close', resolve);
    out.once('error', reject);
  });
}

async function bare(): Promise<{ file: string; rows: number }> {
  const file = path.join(dir, `bare-${rows}.xlsx`);
  const out = fs.createWriteStream(file);
  const done = closed(out);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(BENCH_HEADERS).commit();
  for (let i = 1; i <= rows; i++) ws.addRow(bareCells(genRow(i))).commit();
  ws.commit();
  await wb.commit();
  await done;
  return { file, rows };
}

async function exportTask(): Promise<{ file: string; rows: number }> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO_SEED: 'false' });
  const db = await createDb({ dataDir: dir });
  const registry = new OperationRegistry();
  registry.add(benchOrderList);
  const runner: JobRunner = { kind: 'inprocess', work() {}, async send() {}, async sendAfter() {}, async start() {}, async stop() {} };
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const services = {} as Services;
  const deps = { db, config, clock: systemClock, registry, services };
  const tasks = new ExportTasks({ db, config, clock: systemClock, runner, log, open: exportOpener(deps, log) });
  services.exports = tasks;
  const account = await db.db.selectFrom('account').select(['id', 'merchant_id']).orderBy('id').executeTakeFirstOrThrow();
  const { id } = await db.db
    .insertInto('export_task')
    .values({
      merchant_id: account.merchant_id,
      account_id: account.id,
      op_name: BENCH_OP,
      input_json: JSON.stringify({ idTo: rows }),
      file_name: `订单列表_${rows}.xlsx`,
      source_page: '订单列表（基准）',
      status: 'queued',
      total_rows: rows,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  timer.t0 = performance.now(); // the task itself: claim, re-check access, stream, write, rename, finish
  stall.enable();
  await tasks.run(id, new AbortController().signal);
  stall.disable();
  timer.t1 = performance.now();
  const task = await db.db.selectFrom('export_task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await db.destroy();
  if (task.status !== 'done' || !task.storage_name) throw new Error(`export task ${task.status}: ${task.error_message}`);
  return { file: path.join(dir, 'exports', String(task.merchant_id), task.storage_name), rows: Number(task.processed_rows) };
}

const sampler = setInterval(sample, 50);
sample();
let result: { file: string; rows: number };
if (mode === 'bare') {
  timer.t0 = performance.now();
  result = await bare();
  timer.t1 = performance.now();
} else {
  result = await exportTask();
}
clearInterval(sampler);
sample();
const usage = process.resourceUsage();
console.log(
  JSON.stringify({
    mode,
    rows: result.rows,
    ms: timer.t1 - timer.t0,
    file: result.file,
    fileSize: fs.statSync(result.file).size,
    startRssKb,
    maxRssKb: usage.maxRSS,
    sampled: peak,
    cpuUserMs: usage.userCPUTime / 1000,
    cpuSystemMs: usage.systemCPUTime / 1000,
    maxStallMs: mode === 'bare' ? null : stall.max,
  }),
);
