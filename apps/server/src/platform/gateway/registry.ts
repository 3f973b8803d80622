import { promises as fs } from 'node:fs';
import path from 'node:path';
import { anchorsOf, type OperationContract } from '@merchant/contracts';
import type { z } from 'zod';
import type { ExportSource } from '../export/export-spec.ts';
import type { OpContext, SessionOpContext } from './op-context.ts';

/** The context an operation's handler gets: a public operation may run without a session. */
export type HandlerContext<C extends OperationContract> = C['public'] extends true ? OpContext : SessionOpContext;

/** A handler must answer what its contract's output declares. */
export type Handler<C extends OperationContract> = (ctx: HandlerContext<C>, input: z.output<C['input']>) => Promise<z.input<C['output']>>;

export interface Implementation<C extends OperationContract> {
  handler: Handler<C>;
  /**
   * How the list is exported (导出) — required exactly when the contract is `exportable`: the export re-runs
   * this query with the same input, permission and merchant scope through `POST /ben-api/api/uniter/v1/common/export`.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  export?: ExportSource<z.output<C['input']>, any>;
}

/** An operation as the gateway runs it: its contract (from `@merchant/contracts`) and the server's implementation. */
export interface Operation extends OperationContract {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler(ctx: OpContext, input: any): Promise<unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  export?: ExportSource<any, any>;
}

/** Every operation implemented in this process, by name: the operation log names its entries from their contracts. */
const defined = new Map<string, Operation>();

/**
 * The server's half of an operation: its handler (typed from the contract: it receives the parsed input and
 * must return the declared output) and, for an exportable list, its export source.
 */
export function implement<C extends OperationContract>(contract: C, impl: Implementation<C> | Handler<C>): Operation {
  const { handler, export: exportSource } = typeof impl === 'function' ? { handler: impl, export: undefined } : impl;
  if (contract.exportable !== Boolean(exportSource)) {
    throw new Error(
      `operation ${contract.name}: ${contract.exportable ? 'exportable but no export source' : 'an export source but not exportable'}`,
    );
  }
  const op: Operation = { ...contract, handler: handler as Operation['handler'], export: exportSource };
  defined.set(op.name, op);
  return op;
}

/** An operation defined in this process (all of them once the app has discovered its modules). */
export function definedOperation(name: string): Operation | undefined {
  return defined.get(name);
}

/** Every operation defined in this process. */
export function definedOperations(): Operation[] {
  return [...defined.values()];
}

export { anchorsOf };

export class OperationRegistry {
  private readonly ops = new Map<string, Operation>();
  add(op: Operation): void {
    if (this.ops.has(op.name)) throw new Error(`duplicate operation ${op.name}`);
    this.ops.set(op.name, op);
  }
  get(name: string): Operation | undefined {
    return this.ops.get(name);
  }
  list(): Operation[] {
    return [...this.ops.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}

/** Imports every `modules/<area>/*.<kind>.ts` file, in a stable order (area, then file name). */
export async function importModuleFiles(kind: 'ops' | 'routes' | 'seed' | 'reconcile'): Promise<Record<string, unknown>[]> {
  const modulesDir = path.join(import.meta.dirname, '../../modules');
  const areas = (await fs.readdir(modulesDir, { withFileTypes: true })).filter((d) => d.isDirectory());
  const re = new RegExp(`\\.${kind}\\.(ts|js)$`);
  const out: Record<string, unknown>[] = [];
  for (const area of areas.sort((a, b) => a.name.localeCompare(b.name))) {
    const files = (await fs.readdir(path.join(modulesDir, area.name))).filter((f) => re.test(f)).sort();
    for (const file of files) out.push((await import(path.join(modulesDir, area.name, file))) as Record<string, unknown>);
  }
  return out;
}

/** Registers every operation exported by a `modules/<area>/*.ops.ts` file (any export built by `implement`). */
export async function discoverOperations(registry: OperationRegistry): Promise<void> {
  for (const mod of await importModuleFiles('ops')) {
    for (const value of Object.values(mod)) {
      if (isOperation(value)) registry.add(value);
    }
  }
}

function isOperation(v: unknown): v is Operation {
  return typeof v === 'object' && v !== null && 'name' in v && 'handler' in v && 'output' in v && 'merchantScope' in v;
}
