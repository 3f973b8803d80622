import { CODES } from '@merchant/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import { requireMerchantFile } from '../../platform/files/file-store.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const IMAGE_NOT_FOUND_MESSAGE = '商品图片不存在或不是本商户上传的，请重新上传（字段：imageIds）';

/**
 * Product images (imageIds: public file ids, order kept) for any goods resource: each id must be a file of this
 * merchant (else "not found", whoever owns it) uploaded for the `goods` purpose (else bad input naming the
 * file), and no image twice. Ids the record already holds (`kept`) are not looked up again: a record keeps what
 * it was saved with.
 */
export async function assertProductImages(db: Db, merchantId: number, ids: readonly string[], kept: readonly string[] = []) {
  if (new Set(ids).size !== ids.length) throw badInput('商品图片不能重复（字段：imageIds）');
  const old = new Set(kept);
  for (const id of ids) {
    if (old.has(id)) continue;
    try {
      await requireMerchantFile(db, merchantId, id, { what: '商品图片', purpose: 'goods', field: 'imageIds' });
    } catch (err) {
      if (err instanceof AppError && err.code === CODES.notFound) throw new AppError(CODES.notFound, IMAGE_NOT_FOUND_MESSAGE, 404);
      throw err;
    }
  }
}
