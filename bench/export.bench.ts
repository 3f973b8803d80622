// Export throughput and memory (issue 6): 1,000,000 rows × 10 columns exported by the real export
// task (ExportTasks.run → queryExport over a merchant-scoped list query → db.stream cursor on a
// file-backed SQLite → writeXlsx → file), as a ratio to a bare exceljs streaming write of the same
// rows measured in this run, and the peak RSS of fresh processes exporting 100k and 1M rows.
// Targets: export/bare >= 0.5; peak RSS(1M) < 1.3 × peak RSS(100k) and < 300 MB.
// BENCH_EXPORT_ROWS changes the large size (the small one is a tenth of it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import { createDb } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { SessionOpContext } from '../apps/server/src/platform/gateway/op-context.ts';
import { cellValue } from '../apps/server/src/platform/export/xlsx-writer.ts';
import { BENCH_COLUMNS, BENCH_INDEX_DDL, BENCH_TABLE_DDL, bareCells, benchOrderExport, genRow, type BenchOrderRow } from './export-data.ts';

const LARGE = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const SMALL = Math.max(1, Math.round(LARGE / 10));
const TARGET_RATIO = 0.5;
const TARGET_GROWTH = 1.3;
const TARGET_RSS_MB = 300;

const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (bytes: number) => bytes / 1024 / 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
let failed = false;

try {
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} CPUs (other processes skew the wall-clock ratio; the CPU-time ratio less so)`,
  );
  // ---------------------------------------------------------------- seed (not timed)
  const tSeed = performance.now();
  const db = await createDb({ dataDir: dir });
  await migrateToLatest(db.db);
  const now = Date.now();
  const merchant = await db.db
    .insertInto('merchant')
    .values({ code: 'BENCH', name: '基准商户', bus_code: 'BENCH', status: 1, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.db
    .insertInto('account')
    .values({
      merchant_id: merchant.id,
      user_name: 'bench',
      phone: '13800000000',
      password_hash: 'x',
      bus_code: 'BENCH',
      status: 1,
      merchant_account_type: 0,
      use_site: 0,
      password_changed_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db.destroy();
  const raw = new SQLite(path.join(dir, 'merchant.db'));
  raw.pragma('synchronous = OFF');
  raw.exec(BENCH_TABLE_DDL);
  const insert = raw.prepare('INSERT INTO bench_order VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertRange = raw.transaction((from: number, to: number) => {
    for (let i = from; i <= to; i++) {
      const r = genRow(i, merchant.id);
      insert.run(
        r.id,
        r.merchant_id,
        r.order_no,
        r.store_name,
        r.goods_name,
        r.quantity,
        r.amount,
        r.pay_amount,
        r.status,
        r.created_at,
        r.paid_at,
        r.address,
      );
    }
  });
  for (let i = 1; i <= LARGE; i += 100_000) insertRange(i, Math.min(LARGE, i + 99_999));
  raw.exec(BENCH_INDEX_DDL);
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  const dbSize = fs.statSync(path.join(dir, 'merchant.db')).size;
  console.log(
    `seeded ${fmtInt(LARGE)} rows × ${BENCH_COLUMNS.length} columns into bench_order (${mb(dbSize).toFixed(0)} MB SQLite file) in ${((performance.now() - tSeed) / 1000).toFixed(1)} s (not timed)`,
  );

  // Same values: the export's cells (read back through the export source) equal the baseline's.
  {
    const check = await createDb({ dataDir: dir });
    const ctx = {
      db: check.db,
      dialect: check.dialect,
      stream: check.stream,
      session: { merchantId: merchant.id },
      merchantId: merchant.id,
    } as unknown as SessionOpContext;
    let i = 0;
    for await (const batch of benchOrderExport.rows(ctx, { idTo: 2000 })) {
      for (const row of batch as BenchOrderRow[]) {
        const want = bareCells(genRow(++i, merchant.id));
        const got = BENCH_COLUMNS.map((c) => cellValue(c, row));
        if (JSON.stringify(got) !== JSON.stringify(want))
          throw new Error(`row ${i}: export cells ${JSON.stringify(got)} ≠ baseline cells ${JSON.stringify(want)}`);
      }
    }
    await check.destroy();
    if (i !== Math.min(2000, LARGE)) throw new Error(`value check read ${i} rows`);
  }

  // ---------------------------------------------------------------- measured runs, one fresh process each
  interface ChildResult {
    mode: 'bare' | 'export';
    rows: number;
    ms: number;
    file: string;
    fileSize: number;
    startRssKb: number;
    maxRssKb: number;
    sampled: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
    cpuUserMs: number;
    cpuSystemMs: number;
    maxStallMs: number | null;
  }
  const child = path.join(import.meta.dirname, 'export-child.ts');
  const runChild = (mode: ChildResult['mode'], rows: number): ChildResult => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', child, mode, dir, String(rows)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 20,
    });
    if (r.status !== 0) throw new Error(`${mode} ${rows}: child exited with ${r.status ?? r.signal}`);
    return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as ChildResult;
  };

  /** Opens the .xlsx as a zip (central directory) and streams each sheet, counting rows: constant memory. */
  async function verifyXlsx(file: string, rows: number): Promise<string> {
    const fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const head = Buffer.alloc(4);
      fs.readSync(fd, head, 0, 4, 0);
      if (head.readUInt32LE(0) !== 0x04034b50) throw new Error('not a zip file');
      const tailLen = Math.min(size, 65_557);
      const tail = Buffer.alloc(tailLen);
      fs.readSync(fd, tail, 0, tailLen, size - tailLen);
      const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      if (eocd < 0) throw new Error('zip end of central directory missing');
      const cdSize = tail.readUInt32LE(eocd + 12);
      const cdOffset = tail.readUInt32LE(eocd + 16);
      if (cdOffset === 0xffffffff) throw new Error('zip64 not handled by this check');
      const cd = Buffer.alloc(cdSize);
      fs.readSync(fd, cd, 0, cdSize, cdOffset);
      const entries: { name: string; method: number; compSize: number; offset: number }[] = [];
      for (let p = 0; p < cd.length;) {
        if (cd.readUInt32LE(p) !== 0x02014b50) throw new Error('bad zip central directory');
        const nameLen = cd.readUInt16LE(p + 28);
        entries.push({
          method: cd.readUInt16LE(p + 10),
          compSize: cd.readUInt32LE(p + 20),
          offset: cd.readUInt32LE(p + 42),
          name: cd.toString('utf8', p + 46, p + 46 + nameLen),
        });
        p += 46 + nameLen + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
      }
      const names = entries.map((e) => e.name.replace(/^\//, ''));
      for (const need of ['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'])
        if (!names.includes(need)) throw new Error(`zip lacks ${need}`);
      let total = 0;
      let lastRowNumber = 0;
      let sample = '';
      for (const e of entries.filter((x) => /worksheets\/sheet\d+\.xml$/.test(x.name))) {
        const local = Buffer.alloc(30);
        fs.readSync(fd, local, 0, 30, e.offset);
        const start = e.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
        const src = fs.createReadStream(file, { start, end: start + e.compSize - 1 });
        const body = e.method === 8 ? src.pipe(zlib.createInflateRaw()) : src;
        let carry: Buffer = Buffer.alloc(0);
        let count = 0;
        let tailText = '';
        for await (const chunk of body as AsyncIterable<Buffer>) {
          const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
          for (let at = buf.indexOf('<row '); at >= 0; at = buf.indexOf('<row ', at + 5)) count++;
          carry = buf.subarray(Math.max(0, buf.length - 4));
          if (sample.length < 4000) sample += buf.toString('utf8', 0, Math.min(buf.length, 4000));
          tailText = (tailText + buf.toString('latin1', Math.max(0, buf.length - 4000))).slice(-4000);
        }
        const lastR = [...tailText.matchAll(/<row r="(\d+)"/g)].at(-1);
        total += count - 1; // header row of each sheet
        lastRowNumber = Number(lastR?.[1] ?? 0);
      }
      if (total !== rows) throw new Error(`sheet holds ${total} data rows, expected ${rows}`);
      if (lastRowNumber !== rows + 1) throw new Error(`last row is r=${lastRowNumber}, expected ${rows + 1}`);
      const first = genRow(1, merchant.id);
      for (const text of [first.order_no, first.store_name, first.goods_name])
        if (!sample.includes(text)) throw new Error(`first row lacks ${text}`);
      return `zip ok, ${entries.length} entries, ${fmtInt(total)} data rows`;
    } finally {
      fs.closeSync(fd);
    }
  }

  type Mode = ChildResult['mode'];
  const LABEL: Record<Mode, string> = { bare: 'bare exceljs WorkbookWriter', export: 'export task (writeXlsx)' };
  const plan: [Mode, number][] = [
    ['bare', SMALL],
    ['export', SMALL],
    ['bare', LARGE],
    ['export', LARGE],
  ];
  const results = new Map<string, ChildResult>();
  const rps = (r: ChildResult) => r.rows / (r.ms / 1000);
  console.log(
    `${'run'.padEnd(29)}${'rows'.padStart(10)}${'time'.padStart(8)}${'rows/s'.padStart(9)}${'peak RSS'.padStart(10)}  (start / heap / buffers)   cpu  max stall   file`,
  );
  for (const [mode, rows] of plan) {
    const r = runChild(mode, rows);
    if (r.rows !== rows) throw new Error(`${mode} wrote ${r.rows} rows, expected ${rows}`);
    const check = await verifyXlsx(r.file, rows);
    fs.rmSync(r.file, { force: true });
    results.set(`${mode}:${rows}`, r);
    console.log(
      `${LABEL[mode].padEnd(29)}${fmtInt(rows).padStart(10)}${`${(r.ms / 1000).toFixed(1)} s`.padStart(8)}${fmtInt(rps(r)).padStart(9)}${`${(r.maxRssKb / 1024).toFixed(0)} MB`.padStart(10)}` +
        `  (${(r.startRssKb / 1024).toFixed(0)} / ${mb(r.sampled.heapUsed).toFixed(0)} / ${mb(r.sampled.arrayBuffers).toFixed(0)} MB)`.padEnd(
          26,
        ) +
        `${((r.cpuUserMs + r.cpuSystemMs) / 1000).toFixed(1).padStart(5)} s ${(r.maxStallMs === null ? '–' : r.maxStallMs >= 1000 ? `${(r.maxStallMs / 1000).toFixed(1)} s` : `${r.maxStallMs.toFixed(0)} ms`).padStart(9)}` +
        `   ${mb(r.fileSize).toFixed(1)} MB, ${check}`,
    );
  }

  // ---------------------------------------------------------------- summary
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  const get = (mode: Mode, rows: number) => results.get(`${mode}:${rows}`)!;
  const summarize = (mode: Mode) => {
    const ratioL = rps(get(mode, LARGE)) / rps(get('bare', LARGE));
    const ratioS = rps(get(mode, SMALL)) / rps(get('bare', SMALL));
    const rssS = get(mode, SMALL).maxRssKb / 1024;
    const rssL = get(mode, LARGE).maxRssKb / 1024;
    const growth = rssL / rssS;
    const cpu = (r: ChildResult) => r.cpuUserMs + r.cpuSystemMs;
    const cpuRatioL = cpu(get('bare', LARGE)) / cpu(get(mode, LARGE));
    const stallL = get(mode, LARGE).maxStallMs ?? 0;
    const name = mode;
    console.log(
      `${name} / bare rows/s at ${fmtInt(LARGE)}: ${ratioL.toFixed(2)}  (target >= ${TARGET_RATIO})  ${verdict(ratioL >= TARGET_RATIO)}   ` +
        `[at ${fmtInt(SMALL)}: ${ratioS.toFixed(2)}; by CPU time at ${fmtInt(LARGE)}: ${cpuRatioL.toFixed(2)}]`,
    );
    console.log(
      `${name} peak RSS ${fmtInt(SMALL)} → ${fmtInt(LARGE)}: ${rssS.toFixed(0)} MB → ${rssL.toFixed(0)} MB = ×${growth.toFixed(2)}  (target < ×${TARGET_GROWTH})  ${verdict(growth < TARGET_GROWTH)}`,
    );
    console.log(
      `${name} peak RSS at ${fmtInt(LARGE)}: ${rssL.toFixed(0)} MB  (target < ${TARGET_RSS_MB} MB)  ${verdict(rssL < TARGET_RSS_MB)}`,
    );
    console.log(
      `${name} longest event-loop stall at ${fmtInt(LARGE)}: ${(stallL / 1000).toFixed(2)} s (the server's other requests wait that long)`,
    );
  };
  console.log(
    `load average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  summarize('export');
  console.log(
    `(peak RSS is each fresh process's maxRSS; a process starts at ~${(get('export', SMALL).startRssKb / 1024).toFixed(0)} MB after loading tsx and the server modules. ` +
      `The bare loop never waits, so it holds the whole sheet in memory: ${(get('bare', SMALL).maxRssKb / 1024).toFixed(0)} → ${(get('bare', LARGE).maxRssKb / 1024).toFixed(0)} MB.)`,
  );
} catch (err) {
  failed = true;
  console.error('export bench failed:', err);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
