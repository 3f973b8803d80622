import type { InputOf, OperationContract, OutputOf } from '@merchant/contracts';
import { http } from './http-client.ts';
import type { CallOptions } from './http-core.ts';

/** The input argument is optional where the operation needs none. */
type CallArgs<C extends OperationContract> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  {} extends InputOf<C> ? [input?: InputOf<C>, opts?: CallOptions] : [input: InputOf<C>, opts?: CallOptions];

/**
 * Calls an operation from its contract: typed input, typed answer (the contract's output). A REST alias is
 * called at its spec §7 path, a public operation through the public gateway, everything else through the
 * signed-in gateway; the contract's merchant scope and appKey go with it. The one way pages call the server.
 */
export function call<C extends OperationContract>(op: C, ...[input, opts = {}]: CallArgs<C>): Promise<OutputOf<C>> {
  const body = (input ?? {}) as Record<string, unknown>;
  const options: CallOptions = { ...opts, merchantScope: op.merchantScope || undefined, appKey: opts.appKey ?? op.appKey ?? undefined };
  if (op.rest) {
    return op.rest.method === 'GET'
      ? http.get<OutputOf<C>>(op.rest.path, queryOf(body), options)
      : http.post<OutputOf<C>>(op.rest.path, body, options);
  }
  const descriptor = { name: op.name, body, appKey: op.appKey ?? undefined, busiCode: op.busiCode ?? undefined };
  return op.public ? http.publicGateway<OutputOf<C>>(descriptor, options) : http.gateway<OutputOf<C>>(descriptor, options);
}

/** A GET alias's input as query parameters: lists joined with commas; absent values and empty lists left out (an empty text is sent as given). */
function queryOf(body: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) {
      if (v.length > 0) out[k] = v.join(',');
    } else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/**
 * A list page's loader: the search form's values and paging through the list operation. The form's values
 * are untyped until the server checks them against the contract's input (a wrong one answers a clear error).
 */
export function listLoader<C extends OperationContract>(op: C): (params: Record<string, unknown>) => Promise<OutputOf<C>> {
  const untyped = call as (op: OperationContract, input: unknown) => Promise<OutputOf<C>>;
  return (params) => untyped(op, params);
}
