import { createReadStream } from 'node:fs';
import { FILE_PATHS, fileInfoInput } from '@merchant/contracts/file/upload';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { locateForDownload } from '../../platform/files/file-store.ts';
import { inputError, sessionOf, type GatewayDeps } from '../../platform/gateway/gateway.ts';
import { foreignMerchantId } from '../../platform/tenant.ts';

/**
 * File download (secure GET `?id=` with the file's public id, parameters encrypted by the channel):
 * the bytes go only to a session of the merchant that owns the file whose active role holds one of
 * the file's pages (else a refusal, no bytes); any other id answers "not found".
 */
export function registerRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  app.get(FILE_PATHS.download, async (req, reply) => {
    const session = await sessionOf(deps, req);
    if (foreignMerchantId([req.query], session.merchantId) !== undefined) throw forbidden('不能访问其他商户的数据');
    const parsed = fileInfoInput.safeParse(req.query ?? {});
    if (!parsed.success) throw inputError(parsed.error);
    const { path, meta } = await locateForDownload(deps.db.db, deps.config.dataDir, session, parsed.data.id);
    return reply
      .header('content-type', meta.mime)
      .header('content-length', meta.size)
      .header('content-disposition', contentDisposition(meta.name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(path));
  });
}
