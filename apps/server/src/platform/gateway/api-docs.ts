import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { anchorsOf, GATEWAY_PATHS } from '@merchant/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { loadAccess } from '../auth/access.ts';
import { forbidden } from '../errors.ts';
import { addOpenApiToDocument } from '../open-api/open-api-docs.ts';
import { openApiEndpointsOf } from '../open-api/open-api.ts';
import { sessionOf, type GatewayDeps } from './gateway.ts';
import type { OperationRegistry } from './registry.ts';

/**
 * OpenAPI document generated from the operation registry: one entry per gateway operation, with the
 * input schema the server validates against and the output schema of its answer (zod → JSON Schema), served at /docs.
 */
export function openApiDocument(registry: OperationRegistry, version: string) {
  const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
    const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    delete out.$schema;
    return out;
  };
  const paths: Record<string, unknown> = {};
  for (const op of registry.list()) {
    const endpoint = op.public ? GATEWAY_PATHS.ignoreSecurity : GATEWAY_PATHS.request;
    const envelope = {
      type: 'object',
      properties: {
        code: { type: 'string', example: '200' },
        msg: { type: 'string' },
        message: { type: 'string' },
        data: jsonSchema(op.output, 'output'),
      },
    };
    const entry = {
      operationId: op.name,
      tags: [op.name.split('.')[0]],
      summary: op.label === op.summary ? op.label : `${op.label}：${op.summary}`,
      description:
        `POST ${endpoint} with body {"name": "${op.name}", "body": <input>}` +
        (op.rest ? ` (also ${op.rest.method} ${op.rest.path}).` : '.') +
        (op.public ? ' No token.' : ` Token required; menu anchor: ${anchorsOf(op).join(' or ') || '(any signed-in account)'}.`) +
        (op.writes ? ' Written to the operation log.' : '') +
        (op.exportable ? ' Exportable through POST /ben-api/api/uniter/v1/common/export.' : ''),
      requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.input, 'input') } } },
      responses: { '200': { description: '{code, msg, message, data}', content: { 'application/json': { schema: envelope } } } },
    };
    paths[`/gateway/${op.name}`] = { post: entry };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: '商户管理系统 API',
      version,
      description:
        '统一网关操作（按 name 分发），以及开放接口（/open-api/…，按应用签名）。Unified gateway operations, dispatched by name; and the signed open API.',
    },
    paths,
  };
}

const DOCS_PREFIX = '/docs';

/**
 * /docs (document and UI): in `admin` mode only to a request carrying the token of a session whose
 * active role is an admin role (401 without a live session, 403 for anyone else); `public` serves
 * everyone (set explicitly with API_DOCS=public); `off` registers nothing.
 */
export async function registerApiDocs(app: FastifyInstance, deps: GatewayDeps, version: string): Promise<void> {
  const mode = deps.config.apiDocs;
  if (mode === 'off') return;
  const adminsOnly = async (req: FastifyRequest) => {
    const session = await sessionOf(deps, req);
    const access = await loadAccess(deps.db.db, session);
    if (!access.isAdmin) throw forbidden('接口文档仅对管理员开放');
  };
  // Every route under /docs (document, UI page, its static files) — the target rule has already refused any other spelling.
  if (mode === 'admin') {
    app.addHook('onRequest', async (req) => {
      const route = req.routeOptions.url ?? '';
      if (route === DOCS_PREFIX || route.startsWith(`${DOCS_PREFIX}/`)) await adminsOnly(req);
    });
  }
  const document: ReturnType<typeof openApiDocument> & { components?: Record<string, unknown> } = openApiDocument(deps.registry, version);
  // The open API's endpoints (/open-api/…) are mounted after this, by the routes: they join the document once the app
  // is ready, before any request (the static document is read, and cached, on the first one).
  app.addHook('onReady', async () => addOpenApiToDocument(document, openApiEndpointsOf(app)));
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
}
