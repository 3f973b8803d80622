import { standardProductOps, type StandardProductRow } from '@merchant/contracts/goods/standard-product';
import { fileOps, type FileMeta } from '@merchant/contracts/file/upload';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';
import { tinyPng, upload } from '../../test/upload-kit.ts';
import { IMAGE_NOT_FOUND_MESSAGE } from './product-images.ts';

/** A real 1×1 lossless WebP. */
const tinyWebp = () => Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

describe.each(DIALECTS)('standard product images (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let sample: StandardProductRow;

  const detail = (goodsNo: string) => call<StandardProductRow>(admin, standardProductOps.detail, { goodsNo });
  const editBody = (p: StandardProductRow, imageIds: string[]) => ({
    goodsNo: p.goodsNo,
    name: p.name,
    barcode: p.barcode,
    brand: p.brand,
    categoryId: p.categoryId,
    spec: p.spec,
    unit: p.unit,
    shelfLifeDays: p.shelfLifeDays,
    storageStyle: p.storageStyle,
    imageIds,
    guidePrice: p.guidePrice,
    version: p.version,
  });
  const written = async () => [await rowCount(t, 'standard_product'), await rowCount(t, 'record_history')];
  const uploaded = async (client: ApiClient, name: string, bytes: Buffer, purpose = 'goods'): Promise<FileMeta> => {
    const res = await upload(client, name, bytes, purpose);
    if (res.code !== '200') throw new Error(`${res.code} ${res.msg}`);
    return res.data.file!;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家图片便利', 'imgboss', '13700000071');
    sample = (await call<Paged<StandardProductRow>>(admin, standardProductOps.list, { keyword: '农夫山泉饮用天然水 550ml' })).list[0];
  });
  afterAll(async () => {
    await t.close();
  });

  it('uploads goods images (PNG, WebP) checked by content and size; a PDF or an oversized file is refused', async () => {
    const png = await uploaded(admin, '正面.png', tinyPng());
    expect(png).toMatchObject({ mime: 'image/png', purpose: 'goods', name: '正面.png' });
    const webp = await uploaded(admin, '背面.webp', tinyWebp());
    expect(webp).toMatchObject({ mime: 'image/webp', purpose: 'goods' });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n', 'latin1');
    const refusedPdf = await upload(admin, '说明书.pdf', pdf, 'goods');
    expect(refusedPdf.code).toBe(CODES.badInput);
    expect(refusedPdf.msg).toContain('商品图片只能上传 JPEG、PNG、WebP 图片');
    // a truncated WebP (the RIFF header promises more) is refused when it completes
    const cut = tinyWebp().subarray(0, 30);
    expect((await upload(admin, '残缺.webp', cut, 'goods')).msg).toContain('文件内容不完整或已损坏');
    const big = await op(admin, fileOps.uploadBegin, {
      fileName: '大图.png',
      size: 2 * 1024 * 1024 + 1,
      purpose: 'goods',
      data: tinyPng().toString('base64'),
    });
    expect(big).toMatchObject({ code: CODES.badInput, msg: '商品图片不能超过2MB（字段：size）' });
    // a licence still takes a PDF, never a WebP
    expect((await upload(admin, '执照.webp', tinyWebp(), 'licence')).msg).toContain('文件类型不支持');
    // 运营 holds the library's pages: it sees goods images
    const operator = await t.signIn('operator');
    expect((await call<FileMeta>(operator, fileOps.info, { id: png.id })).purpose).toBe('goods');
  });

  it('saves images on a standard product in order, records the change, and keeps them on later edits', async () => {
    const a = await uploaded(admin, '图一.png', tinyPng());
    const b = await uploaded(admin, '图二.webp', tinyWebp());
    const p = await detail(sample.goodsNo);
    const res = await call<{ changes: { field: string; before: string; after: string }[] }>(
      admin,
      standardProductOps.update,
      editBody(p, [b.id, a.id]),
    );
    expect(res.changes).toEqual([{ field: 'imageIds', label: '商品图片', before: '（无）', after: '2张' }]);
    const saved = await detail(p.goodsNo);
    expect(saved.imageIds).toEqual([b.id, a.id]);
    expect(saved.version).toBe(p.version + 1);
    const listed = await call<Paged<StandardProductRow>>(admin, standardProductOps.list, { keyword: p.goodsNo });
    expect(listed.list[0].imageIds).toEqual([b.id, a.id]);
    // reordering is a change; removing one too
    await call(admin, standardProductOps.update, editBody(saved, [a.id, b.id]));
    const reordered = await detail(p.goodsNo);
    expect(reordered.imageIds).toEqual([a.id, b.id]);
    await call(admin, standardProductOps.update, editBody(reordered, [a.id]));
    expect((await detail(p.goodsNo)).imageIds).toEqual([a.id]);
    const h = await call<Paged<HistoryEntry>>(admin, standardProductOps.history, { goodsNo: p.goodsNo });
    expect(h.list[0].changes).toEqual([{ field: 'imageIds', label: '商品图片', before: '2张', after: '1张' }]);
  });

  it("refuses another merchant's image, an unknown id, a file of another purpose, a repeated image and a 7th image, writing nothing", async () => {
    const theirs = await uploaded(other, '别家.png', tinyPng());
    const licence = await uploaded(admin, '执照.png', tinyPng(), 'licence');
    const mine = await uploaded(admin, '自家.png', tinyPng());
    const p = await detail(sample.goodsNo);
    const before = await written();
    for (const [ids, code, msg] of [
      [[mine.id, theirs.id], CODES.notFound, IMAGE_NOT_FOUND_MESSAGE],
      [['NoSuchFileId_0000000'], CODES.notFound, IMAGE_NOT_FOUND_MESSAGE],
      [[licence.id], CODES.badInput, '“执照.png”是作为营业执照/证件照片上传的，不能用作商品图片，请重新上传（字段：imageIds）'],
      [[mine.id, mine.id], CODES.badInput, '商品图片不能重复（字段：imageIds）'],
      [Array.from({ length: 7 }, () => mine.id), CODES.badInput, '商品图片最多6张（字段：imageIds）'],
    ] as const) {
      expect(await op(admin, standardProductOps.update, editBody(p, [...ids]))).toMatchObject({ code, msg });
    }
    expect(await written()).toEqual(before);
    expect(await detail(p.goodsNo)).toEqual(p);
    // the other merchant cannot read the admin's image either
    expect((await op(other, fileOps.info, { id: mine.id })).code).toBe(CODES.notFound);
  });
});
