// The layout's own rules (docs/architecture.md), checked on the source tree: one declaration per operation and
// one implementation of each, anchors that exist, no operation name written outside contracts, every table
// written by one module, no import loops. Fails with the offending files named.
import fs from 'node:fs';
import path from 'node:path';
import { contractsIn, anchorsOf, type OperationContract } from '@merchant/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueRows } from '../apps/server/src/modules/permission/menu-catalogue.ts';
import { discoverOperations, OperationRegistry } from '../apps/server/src/platform/gateway/registry.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const rel = (f: string) => path.relative(ROOT, f);

function walk(dir: string, keep: (f: string) => boolean, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name === 'artifacts') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, keep, out);
    else if (keep(p)) out.push(p);
  }
  return out;
}

const CONTRACTS = path.join(ROOT, 'packages/contracts/src');
const isSource = (f: string) => /\.(ts|tsx|mjs|js)$/.test(f);
const contractFiles = walk(CONTRACTS, (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** Every operation contract, found by importing every contracts file (no list kept anywhere). */
async function allContracts(): Promise<{ contract: OperationContract; file: string }[]> {
  const seen = new Map<OperationContract, string>();
  for (const file of contractFiles) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const c of contractsIn(mod)) if (!seen.has(c)) seen.set(c, rel(file));
  }
  return [...seen].map(([contract, file]) => ({ contract, file }));
}

describe('one declaration per operation', () => {
  let contracts: { contract: OperationContract; file: string }[];
  let registry: OperationRegistry;
  beforeAll(async () => {
    contracts = await allContracts();
    registry = new OperationRegistry();
    await discoverOperations(registry); // throws on two implementations of one name
  });

  it('declares each operation name once, with a Chinese label', () => {
    const byName = new Map<string, string[]>();
    for (const { contract, file } of contracts) byName.set(contract.name, [...(byName.get(contract.name) ?? []), file]);
    expect([...byName].filter(([, files]) => files.length > 1)).toEqual([]);
    const unlabelled = contracts.filter(({ contract: c }) => !/\p{Script=Han}/u.test(c.label)).map(({ contract: c }) => c.name);
    expect(unlabelled, 'operations whose label is not a Chinese name').toEqual([]);
    expect(contracts.length).toBeGreaterThan(50);
  });

  it('implements every contract exactly once on the server, and nothing without a contract', () => {
    const declared = new Map(contracts.map(({ contract }) => [contract.name, contract]));
    const implemented = registry.list();
    expect(declared.size - implemented.length, 'contracts without a handler').toBe(0);
    expect(
      contracts.map(({ contract }) => contract.name).filter((n) => !registry.get(n)),
      'contracts without a handler',
    ).toEqual([]);
    const orphans = implemented.filter((op) => declared.get(op.name) === undefined).map((op) => op.name);
    expect(orphans, 'handlers without a contract').toEqual([]);
    // The server runs the contract itself (same schemas, same flags): nothing re-declared beside it.
    const drifted = implemented.filter((op) => {
      const c = declared.get(op.name)!;
      return op.input !== c.input || op.output !== c.output || op.label !== c.label || op.writes !== c.writes || op.anchor !== c.anchor;
    });
    expect(
      drifted.map((op) => op.name),
      'handlers that re-declare their contract',
    ).toEqual([]);
    const exportMismatch = implemented.filter((op) => op.exportable !== Boolean(op.export)).map((op) => op.name);
    expect(exportMismatch, 'exportable contracts without an export source (or the reverse)').toEqual([]);
  });

  it('names only anchors that exist in the menu catalogue', () => {
    const anchors = new Set(
      catalogueRows()
        .map((r) => r.anchor)
        .filter(Boolean),
    );
    const missing = contracts.flatMap(({ contract: c }) =>
      anchorsOf(c)
        .filter((a) => !anchors.has(a))
        .map((a) => `${c.name} → ${a}`),
    );
    expect(missing).toEqual([]);
  });

  it('writes no operation name outside contracts (code calls the contract)', () => {
    const names = new Set(contracts.map(({ contract }) => contract.name));
    const files = [
      ...walk(path.join(ROOT, 'apps'), isSource),
      ...walk(path.join(ROOT, 'e2e'), isSource),
      ...walk(path.join(ROOT, 'bench'), isSource),
      ...walk(path.join(ROOT, 'scripts'), (f) => isSource(f) && !f.endsWith('architecture.unit.test.ts')),
    ];
    const offenders: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/['"`]([a-zA-Z]+(?:\.[a-zA-Z]+)+)(?:#export)?['"`]/g)) {
        if (names.has(m[1])) offenders.push(`${rel(file)}: ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('tables', () => {
  it('are written by exactly one module (or one platform part); others call its service', () => {
    const server = path.join(ROOT, 'apps/server/src');
    const owner = (file: string) => {
      const r = path.relative(server, file).split(path.sep);
      return r[0] === 'modules' || r[0] === 'platform' ? `${r[0]}/${r[1].replace(/\.ts$/, '')}` : r[0];
    };
    const writers = new Map<string, Set<string>>();
    for (const file of walk(server, (f) => f.endsWith('.ts') && !/\.test\.ts$|\/test\/|\/migrations\/|\.seed\.ts$/.test(f))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(?:insertInto|updateTable|deleteFrom|replaceInto)\(\s*'([a-z_]+)'/g)) {
        writers.set(m[1], (writers.get(m[1]) ?? new Set()).add(owner(file)));
      }
    }
    const shared = [...writers].filter(([, w]) => w.size > 1).map(([t, w]) => `${t}: ${[...w].sort().join(', ')}`);
    expect(shared).toEqual([]);
  });
});

describe('imports', () => {
  /** Relative imports of the three trees, type-only ones included (a loop of types is a loop of knowledge). */
  function graph(): Map<string, string[]> {
    const files = [
      ...walk(path.join(ROOT, 'apps/server/src'), (f) => /\.tsx?$/.test(f)),
      ...walk(path.join(ROOT, 'apps/web/src'), (f) => /\.tsx?$/.test(f)),
      ...walk(CONTRACTS, (f) => f.endsWith('.ts')),
    ];
    const g = new Map<string, string[]>();
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const deps: string[] = [];
      for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = path.resolve(path.dirname(file), m[1]);
        if (fs.existsSync(target)) deps.push(target);
      }
      g.set(file, deps);
    }
    return g;
  }

  it('form no loops', () => {
    const g = graph();
    // Tarjan's strongly connected components: any component of two or more files is a loop.
    let index = 0;
    const stack: string[] = [];
    const on = new Set<string>();
    const idx = new Map<string, number>();
    const low = new Map<string, number>();
    const loops: string[][] = [];
    const visit = (v: string) => {
      idx.set(v, index);
      low.set(v, index++);
      stack.push(v);
      on.add(v);
      for (const w of g.get(v) ?? []) {
        if (!idx.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
      if (low.get(v) === idx.get(v)) {
        const comp: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          on.delete(w);
          comp.push(rel(w));
        } while (w !== v);
        if (comp.length > 1) loops.push(comp.sort());
      }
    };
    for (const v of g.keys()) if (!idx.has(v)) visit(v);
    expect(loops).toEqual([]);
  });
});
