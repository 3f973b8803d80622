#!/usr/bin/env node
/**
 * Bundle-size check for the web app (issue 3): builds apps/web when dist is missing or older
 * than the sources (or always with --build), then prints the gzip size of
 *  - the entry chunk, and the whole initial load (entry + its static imports, JS and CSS);
 *  - every route (lazily loaded page or layout): its own chunk and its route weight, what it pulls
 *    in beyond what is loaded before it (initial load, app shell, signed-in layout).
 * Exit code 1 when the entry chunk or the initial load exceeds 160 KB gzip, or a route's weight
 * exceeds 250 KB gzip (issue 20).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const dist = join(web, 'dist');
const manifestPath = join(dist, '.vite/manifest.json');
const BUDGET_KB = 160;
const ENTRY_BUDGET_KB = 160;
const ROUTE_BUDGET_KB = 250;

function newestMtime(dir) {
  let newest = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    if (name.name === 'node_modules' || name.name === 'dist') continue;
    const p = join(dir, name.name);
    newest = Math.max(newest, name.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function sourcesMtime() {
  return Math.max(
    newestMtime(join(web, 'src')),
    statSync(join(web, 'index.html')).mtimeMs,
    statSync(join(web, 'vite.config.ts')).mtimeMs,
    newestMtime(join(root, 'packages/contracts/src')),
  );
}

const force = process.argv.includes('--build');
if (force || !existsSync(manifestPath) || statSync(manifestPath).mtimeMs < sourcesMtime()) {
  console.log('building apps/web …');
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
  });
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gz = new Map();
const gzipKb = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024);
  return gz.get(file);
};

/** Files loaded with a chunk: itself, its static imports (recursively) and their CSS. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imp of chunk.imports ?? []) closure(imp, seen);
  return seen;
}
const filesOf = (keys) => {
  const files = new Set();
  for (const k of keys) {
    files.add(manifest[k].file);
    for (const css of manifest[k].css ?? []) files.add(css);
  }
  return files;
};
const sum = (files) => [...files].reduce((n, f) => n + gzipKb(f), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const initialKeys = closure(entryKey);
const initialFiles = filesOf(initialKeys);
const entryKb = gzipKb(manifest[entryKey].file);
const initialKb = sum(initialFiles);

// Route chunks: lazily imported page modules (features/*/pages/*) and the two lazy layouts. A route's
// weight is the script and CSS it loads beyond what is necessarily loaded before it: the initial load,
// the app shell (root route) and, for pages under /website, the signed-in layout (every back-office
// page renders inside it). Public pages (route entries with `public: true`) sit under the shell only.
const SHELL = 'src/app/app-shell.tsx';
const LAYOUT = 'src/app/layout/basic-layout.tsx';
const publicPages = new Set();
const featuresDir = join(web, 'src/features');
for (const feature of readdirSync(featuresDir)) {
  const routesFile = join(featuresDir, feature, 'routes.ts');
  if (!existsSync(routesFile)) continue;
  for (const line of readFileSync(routesFile, 'utf8').split('\n')) {
    const m = /public:\s*true.*import\('\.\/(.+?)'\)/.exec(line);
    if (m) publicPages.add(`src/features/${feature}/${m[1]}`);
  }
}
const loadedBefore = (key) => {
  const keys = new Set(initialKeys);
  if (key !== SHELL && manifest[SHELL]) closure(SHELL, keys);
  if (key !== SHELL && key !== LAYOUT && !publicPages.has(key) && manifest[LAYOUT]) closure(LAYOUT, keys);
  return filesOf(keys);
};
const routes = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry && (k.includes('/pages/') || k === SHELL || k === LAYOUT))
  .map((k) => {
    const before = loadedBefore(k);
    const own = gzipKb(manifest[k].file);
    const extra = [...filesOf(closure(k))].filter((f) => !before.has(f));
    const total = [...filesOf(closure(k))].filter((f) => !initialFiles.has(f));
    return { key: k, file: manifest[k].file, own, weight: sum(extra), total: sum(total) };
  })
  .sort((a, b) => b.weight - a.weight);

const fmt = (kb) => `${kb.toFixed(1)} KB`;
console.log(`entry chunk           ${manifest[entryKey].file}  ${fmt(entryKb)} gzip  (budget ${ENTRY_BUDGET_KB} KB)`);
console.log(
  `initial load          ${initialFiles.size} files (entry + static imports + css)  ${fmt(initialKb)} gzip  (budget ${BUDGET_KB} KB)`,
);
console.log(
  `\nroute weight: gzip script + css loaded beyond the initial load, the app shell and (signed-in pages) the layout; budget ${ROUTE_BUDGET_KB} KB\n(with shared: everything the route module imports beyond the initial load, counting chunks the shell/layout already loaded)`,
);
console.log(`  ${'route module'.padEnd(62)} ${'own chunk'.padStart(10)} ${'route weight'.padStart(12)} ${'with shared'.padStart(12)}`);
for (const r of routes) {
  const flag = r.weight > ROUTE_BUDGET_KB ? '  OVER BUDGET' : '';
  console.log(`  ${r.key.padEnd(62)} ${fmt(r.own).padStart(10)} ${fmt(r.weight).padStart(12)} ${fmt(r.total).padStart(12)}${flag}`);
}
let failed = false;
if (entryKb > ENTRY_BUDGET_KB) {
  console.error(`entry chunk ${fmt(entryKb)} exceeds the ${ENTRY_BUDGET_KB} KB budget`);
  failed = true;
}
if (initialKb > BUDGET_KB) {
  console.error(`initial load ${fmt(initialKb)} exceeds the ${BUDGET_KB} KB budget`);
  failed = true;
}
for (const r of routes.filter((r) => r.weight > ROUTE_BUDGET_KB)) {
  console.error(`route ${r.key} loads ${fmt(r.weight)} beyond the initial load, over the ${ROUTE_BUDGET_KB} KB budget`);
  failed = true;
}
if (failed) process.exit(1);
