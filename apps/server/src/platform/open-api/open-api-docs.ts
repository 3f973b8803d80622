import {
  OPEN_API_HEADERS,
  OPEN_API_OK_CODE,
  OPEN_API_OK_MESSAGE,
  OPEN_API_REFUSAL_CODE,
  OPEN_API_REFUSAL_MESSAGE,
  OPEN_API_WINDOW_MS,
} from '@merchant/contracts/open-api/signing';
import { z } from 'zod';
import type { OpenApiEndpointDoc } from './open-api.ts';

// The open API's part of the API document (/docs): its endpoints and the four signature headers as security schemes.

const SIGNING = [
  '开放接口（open API）：商户的开放应用（每个销售渠道一个）以 app key + secret 签名调用，服务端以该应用所属商户的身份执行。',
  '每个请求带四个请求头：x-app-key、x-timestamp（毫秒）、x-nonce（16–64位 [A-Za-z0-9_-]，窗口内不可重复）、x-signature。',
  `签名 = HMAC-SHA256(secret, 待签名串) 的小写十六进制；待签名串 = "OPEN1\\n" + 方法 + "\\n" + 路径（不含查询串）+ "\\n" + x-timestamp + "\\n" + x-nonce + "\\n" + hex(sha256(原始请求体字节))。`,
  `时间窗口 ±${OPEN_API_WINDOW_MS / 1000} 秒。校验失败一律 HTTP 401 {"code":"${OPEN_API_REFUSAL_CODE}","msg":"${OPEN_API_REFUSAL_MESSAGE}"}，不执行任何操作。详见 docs/open-api.md。`,
].join('\n\n');

export const OPEN_API_SECURITY_SCHEMES = {
  OpenAppKey: { type: 'apiKey', in: 'header', name: OPEN_API_HEADERS.appKey, description: '开放应用的 app key（OA + 14 位大写字母数字）' },
  OpenTimestamp: {
    type: 'apiKey',
    in: 'header',
    name: OPEN_API_HEADERS.timestamp,
    description: `发送时间，毫秒时间戳；与服务器相差不超过 ${OPEN_API_WINDOW_MS / 1000} 秒`,
  },
  OpenNonce: {
    type: 'apiKey',
    in: 'header',
    name: OPEN_API_HEADERS.nonce,
    description: '随机串，16–64 位 [A-Za-z0-9_-]，同一应用在窗口内不可重复',
  },
  OpenSignature: { type: 'apiKey', in: 'header', name: OPEN_API_HEADERS.signature, description: SIGNING },
} as const;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
};

const envelope = (code: string, msg: string, data: Record<string, unknown>) => ({
  type: 'object',
  properties: { code: { type: 'string', example: code }, msg: { type: 'string', example: msg }, data },
});

/** The OpenAPI path items of the open API's endpoints. */
export function openApiPaths(list: readonly OpenApiEndpointDoc[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of list) {
    (paths[e.path] ??= {})[e.method.toLowerCase()] = {
      operationId: `open-api ${e.method} ${e.path}`,
      tags: ['开放接口'],
      summary: e.summary,
      description: `${e.description ?? e.summary}\n\n${SIGNING}`,
      security: [{ OpenAppKey: [], OpenTimestamp: [], OpenNonce: [], OpenSignature: [] }],
      requestBody: { required: false, content: { 'application/json': { schema: schemaOf(e.input, 'input') } } },
      responses: {
        '200': {
          description: `{code: '${OPEN_API_OK_CODE}', msg: '${OPEN_API_OK_MESSAGE}', data}`,
          content: {
            'application/json': { schema: envelope(OPEN_API_OK_CODE, OPEN_API_OK_MESSAGE, e.output ? schemaOf(e.output, 'output') : {}) },
          },
        },
        '400': {
          description: '请求体不是合法的JSON，或不符合输入要求（msg 为中文说明并指出字段）',
          content: { 'application/json': { schema: envelope('A0400', '请求内容不是合法的JSON', { nullable: true }) } },
        },
        '401': {
          description: '签名校验失败（app key 未知或已停用、时间超出窗口、nonce 重复、签名不符、缺少请求头）：未执行任何操作',
          content: { 'application/json': { schema: envelope(OPEN_API_REFUSAL_CODE, OPEN_API_REFUSAL_MESSAGE, { nullable: true }) } },
        },
      },
    };
  }
  return paths;
}

/** Adds the open API's endpoints and security schemes to an OpenAPI document (in place). */
export function addOpenApiToDocument(
  document: { paths: Record<string, unknown>; components?: Record<string, unknown> },
  list: readonly OpenApiEndpointDoc[],
): void {
  if (list.length === 0) return;
  Object.assign(document.paths, openApiPaths(list));
  const components = (document.components ??= {});
  components.securitySchemes = { ...(components.securitySchemes as object | undefined), ...OPEN_API_SECURITY_SCHEMES };
}
