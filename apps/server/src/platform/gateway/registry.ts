import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import type { SessionContext } from '../auth/session.service.ts';
import type { HumanCheck } from '../auth/verify-code.service.ts';
import type { ChannelStores } from '../secure/channel-stores.ts';
import type { SmsSender } from '../sms/sms-sender.ts';
import type { ExportSource } from '../export/export-spec.ts';
import type { ExportTasks } from '../export/export-tasks.ts';

/** What every operation handler receives. */
export interface OpContext {
  db: Db['db'];
  dialect: Db['dialect'];
  /** Streams a query's rows from a database cursor (exports). */
  stream: Db['stream'];
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  ip: string;
  userAgent: string;
  /** The signed-in session; present for every non-public operation. */
  session?: SessionContext;
  /** The raw token of the request (for logout). */
  token?: string;
  /** The anchor the client said it came from (audit only, never trusted). */
  clientAnchor?: string;
  services: Services;
}

/** Cross-module services, attached once at start-up (modules call services, never each other's repos). */
export interface Services {
  sms: SmsSender;
  channels: ChannelStores;
  /** The export center: tasks of 导出文件. */
  exports: ExportTasks;
  /** The captcha / slider hook every verify-code request passes (default: none). */
  humanCheck: HumanCheck;
}

export interface Operation<S extends z.ZodType = z.ZodType> {
  /** Gateway name, e.g. 'permission.login.password'. */
  name: string;
  /**
   * Menu anchor the active role must hold; with a list, any one of them (a read shared by several
   * pages). `null`: any signed-in account (session-level operations such as logout). Ignored for
   * public operations.
   */
  anchor: string | readonly string[] | null;
  /** Reachable without a token (through ignoreSecurity). */
  public?: boolean;
  /** Changes state: written to the operation log (issue 4). */
  mutates?: boolean;
  /** What the operation does, for the API documentation (may carry notes in parentheses). */
  summary: string;
  /**
   * The operation's short Chinese name in the 操作日志 and its export (编辑角色, 提交入驻申请; an export of
   * this list reads 导出（<label>）). Defaults to `summary`; give one when the summary is longer or carries notes.
   * Every logged operation (mutates, or exportable) must have one a person reads as an action (see `logLabel`).
   */
  label?: string;
  input: S;
  handler(ctx: OpContext, input: z.output<S>): Promise<unknown>;
  /**
   * A list operation that can be exported (导出): the export re-runs this query with the same input,
   * permission and merchant scope through `POST /ben-api/api/uniter/v1/common/export`.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  export?: ExportSource<z.output<S>, any>;
}

/** Every operation defined in this process, by name: the operation log names its entries from their own definitions. */
const defined = new Map<string, Operation>();

export function defineOperation<S extends z.ZodType>(op: Operation<S>): Operation<S> {
  defined.set(op.name, op as unknown as Operation);
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

/** The anchors that open an operation (empty: any signed-in account). */
export function anchorsOf(op: Pick<Operation, 'anchor'>): readonly string[] {
  return op.anchor === null ? [] : typeof op.anchor === 'string' ? [op.anchor] : op.anchor;
}

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

/** Imports every `modules/<area>/*.<kind>.ts` file, in a stable order. */
export async function importModuleFiles(kind: 'ops' | 'routes'): Promise<Record<string, unknown>[]> {
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

/** Registers every operation exported by a `modules/<area>/*.ops.ts` file (any export built by defineOperation). */
export async function discoverOperations(registry: OperationRegistry): Promise<void> {
  for (const mod of await importModuleFiles('ops')) {
    for (const value of Object.values(mod)) {
      if (isOperation(value)) registry.add(value);
    }
  }
}

function isOperation(v: unknown): v is Operation {
  return typeof v === 'object' && v !== null && 'name' in v && 'handler' in v && 'input' in v && 'anchor' in v;
}
