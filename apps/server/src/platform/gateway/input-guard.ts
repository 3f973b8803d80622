import { GATEWAY_PATHS } from '@merchant/contracts';
import type { FastifyInstance } from 'fastify';
import { badInput, type AppError } from '../errors.ts';

/** Routes whose body is the unified envelope `{name, body, …}`: a field inside `body` is named as the operation sees it. */
const ENVELOPE_ROUTES = new Set<string>([GATEWAY_PATHS.request, GATEWAY_PATHS.ignoreSecurity, GATEWAY_PATHS.export]);

/**
 * Where `value` holds a string (or an object key) with a NUL character: the field path (`a.b.0`), or
 * undefined. Walks without recursion, so a deeply nested body cannot overflow the stack.
 */
export function findNul(value: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, join(path, String(i))]));
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes('\u0000')) return join(path, k.replaceAll('\u0000', ''));
        stack.push([item, join(path, k)]);
      }
    }
  }
  return undefined;
}

/** The refusal for a NUL character in a field (PostgreSQL cannot store one in text; nobody types one). */
export function nulRefusal(field: string): AppError {
  const message = '内容包含不可见的空字符，请删除后重试';
  return badInput(field ? `${message}（字段：${field}）` : message, { fields: [{ field, message }] });
}

/**
 * One check for every input of every route: a NUL character anywhere in the body (after the secure
 * channel opened it), the query string or the route parameters is bad input (A0400 naming the field),
 * refused before any handler runs. Register it after the secure channel's own preHandler.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    const inBody = findNul(req.body);
    if (inBody !== undefined) {
      const envelope = ENVELOPE_ROUTES.has(req.routeOptions.url ?? '');
      throw nulRefusal(envelope && inBody.startsWith('body.') ? inBody.slice('body.'.length) : inBody);
    }
    const inQuery = findNul(req.query) ?? findNul(req.params);
    if (inQuery !== undefined) throw nulRefusal(inQuery);
  });
}
