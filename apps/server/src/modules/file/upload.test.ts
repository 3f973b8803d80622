import { mkdtempSync, readdirSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ApiClient, CODES } from '@merchant/contracts';
import { FILE_LIMITS, FILE_PATHS, type FileMeta, fileOps, type UploadProgress } from '@merchant/contracts/file/upload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { tinyPng, upload } from '../../test/upload-kit.ts';

/** A PDF-shaped file of about `bytes` bytes. */
function bigPdf(bytes: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const tail = Buffer.from('\ntrailer\n<<>>\n%%EOF\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(bytes - head.length - tail.length, 0x20), tail]);
}

const data = <T>(res: { code: string; msg: string; data?: unknown }): T => {
  if (res.code !== '200') throw new Error(`${res.code} ${res.msg}`);
  return res.data as T;
};

describe.each(DIALECTS)('uploads (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'merchant-files-'));
  const storedCount = async () => ({
    rows: Number(
      (
        await t.db.db
          .selectFrom('file')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    files: existsSync(path.join(dataDir, 'files', '1')) ? readdirSync(path.join(dataDir, 'files', '1')).length : 0,
    parts: existsSync(path.join(dataDir, 'files', '.uploads')) ? readdirSync(path.join(dataDir, 'files', '.uploads')).length : 0,
  });

  beforeAll(async () => {
    t = await startTestApp(dialect, { dataDir });
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家便利', 'filesboss', '13700000088');
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a PNG in one go and serves it back to the owning merchant only', async () => {
    const png = tinyPng();
    const res = await upload(admin, '营业执照.png', png);
    expect(res.code).toBe('200');
    const file = res.data.file!;
    expect(file).toMatchObject({ name: '营业执照.png', mime: 'image/png', size: png.length, purpose: 'licence' });
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(file.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const row = await t.db.db.selectFrom('file').selectAll().where('public_id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.storage_name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(row.created_by).toBeGreaterThan(0);
    expect(existsSync(path.join(dataDir, 'files', String(row.merchant_id), row.storage_name))).toBe(true);

    const dl = await admin.send({ method: 'GET', path: FILE_PATHS.download, query: { id: file.id } });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('image/png');
    expect(dl.headers.get('content-disposition')).toContain(encodeURIComponent('营业执照.png'));
    expect(Buffer.from(await dl.arrayBuffer()).equals(png)).toBe(true);
    expect(data<FileMeta>(await op(admin, fileOps.info.name, { id: file.id })).name).toBe('营业执照.png');

    // another merchant: not found, nothing leaked
    const theirs = await other.envelope({ method: 'GET', path: FILE_PATHS.download, query: { id: file.id } });
    expect(theirs).toMatchObject({ code: CODES.notFound, msg: '文件不存在', data: null });
    expect((await op(other, fileOps.info.name, { id: file.id })).code).toBe(CODES.notFound);
    // no session: refused
    expect((await t.anon.envelope({ method: 'GET', path: FILE_PATHS.download, query: { id: file.id } })).code).toBe(CODES.sessionInvalid);
  });

  it('uploads a 1.3 MB PDF in chunks', async () => {
    const pdf = bigPdf(1_300_000);
    const res = await upload(admin, '采购合同.PDF', pdf, 'contract');
    expect(res.code).toBe('200');
    expect(res.data.file).toMatchObject({ mime: 'application/pdf', size: pdf.length, purpose: 'contract' });
    const dl = await admin.send({ method: 'GET', path: FILE_PATHS.download, query: { id: res.data.file!.id } });
    expect(Buffer.from(await dl.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await storedCount()).parts).toBe(0);
  });

  it('refuses a wrong type by content with a clear message, storing nothing', async () => {
    const before = await storedCount();
    const fake = await upload(admin, '营业执照.png', Buffer.from('这其实是一段文本，不是图片。'.repeat(10)));
    expect(fake.code).toBe(CODES.badInput);
    expect(fake.msg).toContain('文件类型不支持');
    expect(fake.msg).toContain('营业执照.png');
    const mismatch = await upload(admin, '合同.pdf', tinyPng());
    expect(mismatch.code).toBe(CODES.badInput);
    expect(mismatch.msg).toContain('文件扩展名与内容不符');
    const exe = await upload(admin, 'setup.exe', Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'));
    expect(exe.msg).toContain('文件类型不支持');
    // a truncated PDF (no trailer) is refused once complete
    const truncated = await upload(admin, '截断.pdf', Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n', 'latin1'));
    expect(truncated.msg).toContain('文件内容不完整或已损坏');
    expect(await storedCount()).toEqual(before);
  });

  it('refuses an oversize file before or while receiving it, storing nothing', async () => {
    const before = await storedCount();
    const declared = await op(admin, fileOps.uploadBegin.name, {
      fileName: '大文件.pdf',
      size: FILE_LIMITS.maxBytes + 1,
      purpose: 'contract',
      data: bigPdf(1000).toString('base64'),
    });
    expect(declared.code).toBe(CODES.badInput);
    expect(declared.msg).toBe('文件不能超过5MB（字段：size）');
    // declares 600 KB, then sends more than that
    const pdf = bigPdf(700_000);
    const first = data<UploadProgress>(
      await op(admin, fileOps.uploadBegin.name, {
        fileName: '超出.pdf',
        size: 600_000,
        purpose: 'contract',
        data: pdf.subarray(0, FILE_LIMITS.chunkBytes).toString('base64'),
      }),
    );
    expect(first.done).toBe(false);
    const beyond = await op(admin, fileOps.uploadAppend.name, {
      uploadId: first.uploadId,
      offset: first.received,
      data: pdf.subarray(first.received).toString('base64'),
    });
    expect(beyond.code).toBe(CODES.badInput);
    expect(beyond.msg).toContain('超过了声明的大小');
    expect((await op(admin, fileOps.uploadAppend.name, { uploadId: first.uploadId, offset: first.received, data: 'AAAA' })).code).toBe(
      CODES.notFound,
    );
    // a chunk larger than the chunk limit is refused by the schema
    const huge = await op(admin, fileOps.uploadBegin.name, {
      fileName: 'a.pdf',
      size: 600_000,
      purpose: 'contract',
      data: 'A'.repeat(800_000),
    });
    expect(huge.code).not.toBe('200');
    expect(await storedCount()).toEqual(before);
  });

  it('checks the offset, the owner of an upload and the purpose’s permission', async () => {
    const pdf = bigPdf(600_000);
    const first = data<UploadProgress>(
      await op(admin, fileOps.uploadBegin.name, {
        fileName: '合同.pdf',
        size: pdf.length,
        purpose: 'contract',
        data: pdf.subarray(0, FILE_LIMITS.chunkBytes).toString('base64'),
      }),
    );
    const wrongOffset = await op(admin, fileOps.uploadAppend.name, { uploadId: first.uploadId, offset: 10, data: 'AAAA' });
    expect(wrongOffset).toMatchObject({ code: CODES.conflict, msg: `续传位置不正确：应从第${first.received}字节继续` });
    const theirs = await op(other, fileOps.uploadAppend.name, {
      uploadId: first.uploadId,
      offset: first.received,
      data: pdf.subarray(first.received).toString('base64'),
    });
    expect(theirs.code).toBe(CODES.notFound);
    const done = data<UploadProgress>(
      await op(admin, fileOps.uploadAppend.name, {
        uploadId: first.uploadId,
        offset: first.received,
        data: pdf.subarray(first.received).toString('base64'),
      }),
    );
    expect(done.done).toBe(true);

    const operator = await t.signIn('operator');
    const denied = await upload(operator, '营业执照.png', tinyPng());
    expect(denied.code).toBe(CODES.forbidden);
    expect(denied.msg).toBe('没有上传营业执照/证件照片的权限');
    const bad = await op(admin, fileOps.uploadBegin.name, { fileName: '', size: 10, purpose: 'licence', data: 'AAAA' });
    expect(bad).toMatchObject({ code: CODES.badInput, msg: '请选择文件（字段：fileName）' });
    const badPurpose = await op(admin, fileOps.uploadBegin.name, { fileName: 'a.png', size: 10, purpose: 'avatar', data: 'AAAA' });
    expect(badPurpose.msg).toBe('文件用途不正确（字段：purpose）');
    // the operation log has the uploads
    const log = await t.db.db.selectFrom('operation_log').select('operation').where('operation', 'like', 'file.upload.%').execute();
    expect(log.length).toBeGreaterThan(3);
  });
});
