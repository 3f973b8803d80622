import type { z } from 'zod';

/**
 * One declaration per operation. Everything else about an operation is derived from this: the server
 * handler's type (`implement` on the server), the typed web call (`call` in the web app), the REST alias,
 * the operation-log label, the web client's merchant-id injection and the OpenAPI document. Nothing about
 * an operation is listed a second time anywhere.
 */

/**
 * Menu anchor the active role must hold; with a list, any one of them (a read shared by several pages).
 * `null`: any signed-in account (session-level operations such as logout). Ignored for public operations.
 */
export type Anchor = string | readonly string[] | null;

/** A spec §7 REST path that is a thin alias of the operation (same permission, validation and audit). */
export interface RestAlias {
  method: 'GET' | 'POST';
  path: string;
}

/**
 * Whether the web client adds the merchant scope to the request (spec §7: price, stock, goods and merchant
 * endpoints): `merchant` adds the merchant id of the stored login org-role and the confirmed channel list;
 * `merchant-operator` also the merchant name and the user id (the price update). The server never obeys
 * it: the merchant always comes from the session, and a different one is refused.
 */
export type MerchantScope = false | 'merchant' | 'merchant-operator';

export interface OperationContract<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  P extends boolean = boolean,
  N extends string = string,
> {
  /** Gateway name, e.g. 'merchant.store.list'. The only place the name is written. */
  readonly name: N;
  /**
   * The operation's short Chinese name: the 操作日志 shows it for every logged call, and an export of this
   * list reads 导出（<label>）.
   */
  readonly label: string;
  /** What the operation does, for the API documentation (defaults to `label`; may carry notes). */
  readonly summary: string;
  readonly anchor: Anchor;
  readonly input: I;
  /** What `data` holds on success. The server checks every answer against it (see docs/decisions.md). */
  readonly output: O;
  /** Reachable without a token (through ignoreSecurity). */
  readonly public: P;
  /** Changes state: every call is written to the operation log. */
  readonly writes: boolean;
  readonly merchantScope: MerchantScope;
  readonly rest: RestAlias | null;
  /** A list that can be exported (导出) with the same input: the server must give it an export source. */
  readonly exportable: boolean;
  /** appKey / busiCode headers the web call sends (spec §7), when not the defaults. */
  readonly appKey: string | null;
  readonly busiCode: string | null;
  /**
   * What the operation's own key fields name, in words, for the 操作日志 (`{ goodsNo: '标准商品', id: '商品分类' }`):
   * a logged `goodsNo=SP12345678` reads 标准商品：SP12345678. Fields every area shares (organizationId, storeCode…)
   * have their words in the platform already.
   */
  readonly targets: Readonly<Record<string, string>>;
}

/** What a declaration says; flags left out take the group's defaults, then false / null. */
export interface OperationDeclaration {
  name: string;
  label: string;
  summary?: string;
  anchor?: Anchor;
  input: z.ZodType;
  output: z.ZodType;
  public?: boolean;
  writes?: boolean;
  merchantScope?: MerchantScope;
  /** A POST path, or a method and path. */
  rest?: string | RestAlias;
  exportable?: boolean;
  appKey?: string;
  busiCode?: string;
  /** Words for the operation's key fields in the 操作日志 (merged over the group's). */
  targets?: Readonly<Record<string, string>>;
}

type Defaults = Partial<Pick<OperationDeclaration, 'anchor' | 'public' | 'writes' | 'merchantScope' | 'appKey' | 'busiCode' | 'targets'>>;

type PublicOf<D, G> = D extends { public: true } ? true : D extends { public: false } ? false : G extends { public: true } ? true : false;

type ContractOf<D extends OperationDeclaration, G extends Defaults> = OperationContract<D['input'], D['output'], PublicOf<D, G>, D['name']>;

/**
 * Declares a resource's operations. `defaults` are the flags its operations share (usually the page anchor
 * and the merchant scope); each declaration may override them.
 *
 *   export const storeOps = defineOperations({ anchor: 'shop-management-list', merchantScope: 'merchant' }, {
 *     list: { name: 'merchant.store.list', label: '门店列表', input: storeListInput, output: pagedOf(storeRow), exportable: true },
 *   });
 */
export function defineOperations<const G extends Defaults, const T extends Record<string, OperationDeclaration>>(
  defaults: G,
  declarations: T,
): { readonly [K in keyof T]: ContractOf<T[K], G> } {
  const out: Record<string, OperationContract> = {};
  for (const [key, d] of Object.entries(declarations)) {
    const anchor = d.anchor !== undefined ? d.anchor : defaults.anchor;
    if (anchor === undefined) throw new Error(`operation ${d.name} declares no anchor (null: any signed-in account)`);
    const rest = d.rest === undefined ? null : typeof d.rest === 'string' ? { method: 'POST' as const, path: d.rest } : d.rest;
    out[key] = Object.freeze({
      name: d.name,
      label: d.label,
      summary: d.summary ?? d.label,
      anchor,
      input: d.input,
      output: d.output,
      public: d.public ?? defaults.public ?? false,
      writes: d.writes ?? defaults.writes ?? false,
      merchantScope: d.merchantScope ?? defaults.merchantScope ?? false,
      rest,
      exportable: d.exportable ?? false,
      appKey: d.appKey ?? defaults.appKey ?? null,
      busiCode: d.busiCode ?? defaults.busiCode ?? null,
      targets: Object.freeze({ ...defaults.targets, ...d.targets }),
    });
  }
  return out as { readonly [K in keyof T]: ContractOf<T[K], G> };
}

/** What an operation accepts (before its schema's defaults and coercions). */
export type InputOf<C extends OperationContract> = z.input<C['input']>;
/** What the server's handler receives (after validation). */
export type ParsedInputOf<C extends OperationContract> = z.output<C['input']>;
/** What the caller receives in `data`. */
export type OutputOf<C extends OperationContract> = z.output<C['output']>;

/** Is this value an operation contract (a `defineOperations` entry)? */
export function isOperationContract(v: unknown): v is OperationContract {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as OperationContract).name === 'string' &&
    'input' in v &&
    'output' in v &&
    'label' in v &&
    'merchantScope' in v
  );
}

/** Every operation contract among a module's exports (values, or resource groups of them). */
export function contractsIn(mod: Record<string, unknown>): OperationContract[] {
  const out: OperationContract[] = [];
  for (const v of Object.values(mod)) {
    if (isOperationContract(v)) out.push(v);
    else if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      for (const inner of Object.values(v)) if (isOperationContract(inner)) out.push(inner);
    }
  }
  return out;
}

/** The anchors that open an operation (empty: any signed-in account). */
export function anchorsOf(op: Pick<OperationContract, 'anchor'>): readonly string[] {
  return op.anchor === null ? [] : typeof op.anchor === 'string' ? [op.anchor] : op.anchor;
}
