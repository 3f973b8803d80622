#!/usr/bin/env node
/**
 * Bundle-size check for the web app (issue 3): builds apps/web when dist is missing or older
 * than the sources (or always with --build), then prints the gzip size of
 *  - the entry chunk, and the whole initial load (entry + its static imports, JS and CSS);
 *  - the largest route chunk (a lazily loaded page), alone and with what it pulls in beyond
 *    the initial load.
 * Exit code 1 when the initial load exceeds the 160 KB gzip budget.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const dist = join(web, 'dist');
const manifestPath = join(dist, '.vite/manifest.json');
const BUDGET_KB = 160;

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

// Route chunks: lazily imported page modules (features/*/pages/*) and the lazy layout/shell.
const routes = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry)
  .map((k) => {
    const own = gzipKb(manifest[k].file);
    const extra = [...filesOf(closure(k))].filter((f) => !initialFiles.has(f));
    return { key: k, file: manifest[k].file, own, withDeps: sum(extra) };
  })
  .sort((a, b) => b.own - a.own);

const fmt = (kb) => `${kb.toFixed(1)} KB`;
console.log(`entry chunk           ${manifest[entryKey].file}  ${fmt(entryKb)} gzip`);
console.log(
  `initial load          ${initialFiles.size} files (entry + static imports + css)  ${fmt(initialKb)} gzip  (budget ${BUDGET_KB} KB)`,
);
const largest = routes[0];
if (largest) {
  console.log(`largest route chunk   ${largest.key} -> ${largest.file}  ${fmt(largest.own)} gzip`);
}
const heaviest = [...routes].sort((a, b) => b.withDeps - a.withDeps)[0];
if (heaviest) {
  console.log(`heaviest route load   ${heaviest.key}  ${fmt(heaviest.withDeps)} gzip beyond the initial load`);
}
if (process.argv.includes('--all')) {
  for (const r of routes) console.log(`  ${relative('.', r.key).padEnd(60)} ${fmt(r.own).padStart(10)} ${fmt(r.withDeps).padStart(10)}`);
}
if (initialKb > BUDGET_KB) {
  console.error(`initial load ${fmt(initialKb)} exceeds the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
