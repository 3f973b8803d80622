import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { GATEWAY_PATHS } from '@merchant/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { anchorsOf, type OperationRegistry } from './registry.ts';

/**
 * OpenAPI document generated from the operation registry: one entry per gateway operation, with the
 * input schema the server validates against (zod → JSON Schema), served at /docs.
 */
export function openApiDocument(registry: OperationRegistry, version: string) {
  const paths: Record<string, unknown> = {};
  for (const op of registry.list()) {
    const schema = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete schema.$schema;
    const endpoint = op.public ? GATEWAY_PATHS.ignoreSecurity : GATEWAY_PATHS.request;
    paths[`/gateway/${op.name}`] = {
      post: {
        operationId: op.name,
        tags: [op.name.split('.')[0]],
        summary: op.summary,
        description:
          `POST ${endpoint} with body {"name": "${op.name}", "body": <input>}. ` +
          (op.public ? 'No token.' : `Token required; menu anchor: ${anchorsOf(op).join(' or ') || '(any signed-in account)'}.`) +
          (op.mutates ? ' Written to the operation log.' : ''),
        requestBody: { required: true, content: { 'application/json': { schema } } },
        responses: { '200': { description: '{code, msg, message, data}' } },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: '商户管理系统 API', version, description: '统一网关操作（按 name 分发）。Unified gateway operations, dispatched by name.' },
    paths,
  };
}

export async function registerApiDocs(app: FastifyInstance, registry: OperationRegistry, version: string): Promise<void> {
  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument(registry, version) as never } });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}
