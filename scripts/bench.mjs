// npm run bench: every benchmark prints ratios against a baseline measured in the same run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benches = [
  ['web bundle sizes', [path.join(root, 'bench/web-chunks.mjs')]],
  ['gateway throughput', ['--import', 'tsx', path.join(root, 'bench/gateway.bench.ts')]],
  ['export throughput and memory', ['--import', 'tsx', path.join(root, 'bench/export.bench.ts')]],
  ['operation log keyset paging', ['--import', 'tsx', path.join(root, 'bench/operation-log.bench.ts')]],
  ['goods SKU list keyset paging', ['--import', 'tsx', path.join(root, 'bench/goods-sku.bench.ts')]],
  ['device link (MQTT)', ['--import', 'tsx', path.join(root, 'bench/device-link.bench.ts')]],
  ['price resolver', ['--import', 'tsx', path.join(root, 'bench/price-resolver.bench.ts')]],
  ['stock movements keyset paging', ['--import', 'tsx', path.join(root, 'bench/stock-movements.bench.ts')]],
  ['stock statement (monthly, 1 s)', ['--import', 'tsx', path.join(root, 'bench/stock-statement.bench.ts')]],
  ['orders keyset paging (device + date range + status)', ['--import', 'tsx', path.join(root, 'bench/orders.bench.ts')]],
  ['sustained cabinet purchases', ['--import', 'tsx', path.join(root, 'bench/purchases.bench.ts')]],
];
let failed = 0;
for (const [name, args] of benches) {
  console.log(`\n== ${name} ==`);
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
