import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { approvalOps, type ApprovalRow } from '@merchant/contracts/goods/approval';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { MALL_APPROVAL_PDF_PATH, mallApprovalOps, type MallApprovalDetail } from '@merchant/contracts/mall/mall-approval';
import { mallGoodsOps, type MallGoodsRow } from '@merchant/contracts/mall/mall-goods';
import { mallSkuOps, type MallSkuRow } from '@merchant/contracts/mall/mall-sku';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';
import { exportList } from '../../test/export-kit.ts';
import { ean13, merchantOf, seedCategories } from '../../test/approval-data.ts';

type State = { approvalCode: string; status: number; version: number };
type Approved = State & { standardProductId: number | null; mallGoodsId: number | null; mallSkuId: number | null };

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mall-pdf-'));
  try {
    const file = path.join(dir, 'a.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const TIERS = [
  { minQty: 2, price: 4800 },
  { minQty: 10, price: 4560 },
  { minQty: 50, price: 4320 },
];

describe.each(DIALECTS)('wholesale mall goods (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let operator: ApiClient;
  let finance: ApiClient;
  let other: ApiClient;
  let cats: Awaited<ReturnType<typeof seedCategories>>;
  let seq = 300;
  const barcode = () => ean13(`25${String(++seq).padStart(10, '0')}`);
  const counts = async () => [
    await rowCount(t, 'goods_approval'),
    await rowCount(t, 'mall_goods'),
    await rowCount(t, 'mall_goods_sku'),
    await rowCount(t, 'standard_product'),
    await rowCount(t, 'record_history'),
  ];
  const newProduct = (patch: Record<string, unknown> = {}) => ({
    kind: 3,
    name: '农夫山泉 茶π 蜜桃乌龙茶',
    barcode: barcode(),
    brand: '农夫山泉',
    categoryId: cats.leaf,
    spec: '500ml',
    unit: '瓶',
    shelfLifeDays: 270,
    storageStyle: 1,
    imageIds: [],
    guidePrice: 500,
    saleUnit: '箱',
    piecesPerUnit: 15,
    priceTiers: TIERS,
    ...patch,
  });
  /** A mall product through the whole flow: apply, submit, approve. */
  const approvedProduct = async (patch: Record<string, unknown> = {}) => {
    const s = await call<State>(operator, mallApprovalOps.save, newProduct(patch));
    await call(operator, mallApprovalOps.submit, { approvalCode: s.approvalCode, version: 0 });
    return call<Approved>(admin, mallApprovalOps.approve, { approvalCode: s.approvalCode, version: 1 });
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    operator = await t.signIn('operator');
    finance = await t.signIn('finance');
    other = await registerMerchant(t, '别家批发', 'mallboss', '13700000078');
    cats = await seedCategories(t, await merchantOf(t, 'admin'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo mall has SPUs with SKUs and price tiers to page through, and applications in every state', async () => {
    const spus = await call<Paged<MallGoodsRow>>(operator, mallGoodsOps.list, { pageSize: 10 });
    expect(spus.total).toBeGreaterThanOrEqual(50);
    expect(spus.list[0]!.skuCount).toBeGreaterThan(0);
    const first = await call<KeysetPage<MallSkuRow>>(operator, mallSkuOps.list, { pageSize: 20 });
    expect(first.total).toBeGreaterThanOrEqual(50);
    expect(first.list.every((r) => r.priceTiers.length >= 2 && r.tierText.includes('¥'))).toBe(true);
    const second = await call<KeysetPage<MallSkuRow>>(operator, mallSkuOps.list, { pageSize: 20, cursor: first.nextCursor });
    expect(second.list[0]!.mallSkuId).toBeLessThan(first.list[19]!.mallSkuId);
    const apps = await call<Paged<ApprovalRow>>(operator, mallApprovalOps.list, { pageSize: 100 });
    expect(new Set(apps.list.map((r) => r.status))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(new Set(apps.list.map((r) => r.kind))).toEqual(new Set([3, 4]));
    // the goods pages do not see the mall's applications and the other way round
    const goodsApps = await call<Paged<ApprovalRow>>(operator, approvalOps.list, { pageSize: 200 });
    expect(goodsApps.list.some((r) => r.kind > 2)).toBe(false);
    expect(await op(operator, approvalOps.detail, { approvalCode: apps.list[0]!.approvalCode })).toMatchObject({ code: CODES.notFound });
    expect(await op(operator, mallApprovalOps.detail, { approvalCode: goodsApps.list[0]!.approvalCode })).toMatchObject({
      code: CODES.notFound,
    });
    const rejected = apps.list.find((r) => r.status === 3)!;
    expect(await call(operator, mallApprovalOps.reviewReason, { approvalCode: rejected.approvalCode })).toMatchObject({
      status: 3,
      statusName: '已驳回',
      reason: rejected.reason,
    });
  });

  it('refuses bad price tiers and a bad barcode naming the field, writing nothing', async () => {
    const before = await counts();
    const bad = await op(
      operator,
      mallApprovalOps.save,
      newProduct({
        priceTiers: [
          { minQty: 5, price: 4000 },
          { minQty: 5, price: 4200 },
        ],
      }),
    );
    expect(bad.code).toBe(CODES.badInput);
    expect(bad.msg).toContain('第2档起批数量须大于第1档');
    const pricier = await op(
      operator,
      mallApprovalOps.save,
      newProduct({
        priceTiers: [
          { minQty: 5, price: 4000 },
          { minQty: 6, price: 4200 },
        ],
      }),
    );
    expect(pricier.msg).toContain('第2档批发价不能高于第1档（40.00元）');
    expect((await op(operator, mallApprovalOps.save, newProduct({ priceTiers: [] }))).msg).toContain('请至少填写一档批发价');
    const six = Array.from({ length: 6 }, (_, i) => ({ minQty: i + 1, price: 100 }));
    expect((await op(operator, mallApprovalOps.save, newProduct({ priceTiers: six }))).msg).toContain('批发价最多5档');
    expect((await op(operator, mallApprovalOps.save, newProduct({ barcode: '6901234567890' }))).msg).toContain('校验位不正确');
    expect((await op(operator, mallApprovalOps.save, newProduct({ categoryId: cats.l2 }))).msg).toContain('请选择三级商品分类');
    // a goods application's kind through the mall's operation, and the other way round
    expect((await op(operator, mallApprovalOps.save, { ...newProduct(), kind: 1 })).code).toBe(CODES.badInput);
    expect((await op(operator, approvalOps.save, newProduct())).code).toBe(CODES.badInput);
    expect(await counts()).toEqual(before);
  });

  it('apply → submit → approve creates the standard product, the mall SPU (上架) and its SKU (下架) in one transaction; the PDF prints the tiers', async () => {
    const s = await call<State>(operator, mallApprovalOps.save, newProduct({ name: '元气森林 冰茶 减糖柠檬' }));
    expect(s.approvalCode).toMatch(/^MP\d{10}$/);
    const sub = await call<State>(operator, mallApprovalOps.submit, { approvalCode: s.approvalCode, version: 0 });
    expect(sub.status).toBe(1);
    // 运营 is withheld the review point
    expect(await op(operator, mallApprovalOps.approve, { approvalCode: s.approvalCode, version: 1 })).toMatchObject({
      code: CODES.forbidden,
    });
    const r = await call<Approved>(admin, mallApprovalOps.approve, { approvalCode: s.approvalCode, version: 1, remark: '同意上架' });
    expect(r).toMatchObject({ status: 2, version: 2 });
    const spu = await call<MallGoodsRow>(admin, mallGoodsOps.detail, { mallGoodsId: r.mallGoodsId });
    expect(spu).toMatchObject({
      title: '元气森林 冰茶 减糖柠檬',
      status: 1,
      saleUnit: '箱',
      piecesPerUnit: 15,
      skuCount: 1,
      moq: 2,
      approvalCode: s.approvalCode,
    });
    const sku = await call<MallSkuRow>(admin, mallSkuOps.detail, { mallSkuId: r.mallSkuId });
    expect(sku).toMatchObject({ status: 2, moq: 2, basePrice: 4800, lowestPrice: 4320, priceTiers: TIERS, specText: '规格：500ml' });
    expect(sku.tierText).toBe('2-9箱 ¥48.00；10-49箱 ¥45.60；50箱起 ¥43.20');
    const d = await call<MallApprovalDetail>(operator, mallApprovalOps.detail, { approvalCode: s.approvalCode });
    expect(d.mallProduct?.tierText).toBe(sku.tierText);
    expect(d.statusName).toBe('已通过');
    expect(d.createdCodes).toEqual({ goodsNo: expect.stringMatching(/^SP\d{8}$/), spuCode: spu.mallCode, skuCode: sku.skuCode });

    const res = await operator.send({ method: 'GET', path: MALL_APPROVAL_PDF_PATH, query: { approvalCode: s.approvalCode } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(`商城新品申请_${s.approvalCode}.pdf`));
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const word of [
      s.approvalCode,
      '商城新品申请单',
      '元气森林 冰茶 减糖柠檬',
      '批发阶梯价',
      '第3档',
      '50箱起',
      '43.20元',
      '已通过',
      '同意上架',
    ])
      expect(text).toContain(word);
    // the finance role holds no mall page
    expect((await finance.send({ method: 'GET', path: MALL_APPROVAL_PDF_PATH, query: { approvalCode: s.approvalCode } })).status).not.toBe(
      200,
    );
  });

  it('a SKU application adds a SKU to its mall SPU; a barcode held by a mall SKU is refused at submit', async () => {
    const p = await approvedProduct();
    const own = await call<MallSkuRow>(admin, mallSkuOps.detail, { mallSkuId: p.mallSkuId });
    const taken = await call<State>(operator, mallApprovalOps.save, {
      kind: 4,
      mallGoodsId: p.mallGoodsId,
      specValues: [],
      barcode: own.barcode,
      priceTiers: TIERS,
    });
    const refused = await op(operator, mallApprovalOps.submit, { approvalCode: taken.approvalCode, version: 0 });
    expect(refused).toMatchObject({ code: CODES.conflict });
    expect(refused.msg).toContain(own.skuCode);
    const bc = barcode();
    const s = await call<State>(operator, mallApprovalOps.save, {
      kind: 4,
      mallGoodsId: p.mallGoodsId,
      specValues: [{ name: '规格', value: '量贩装' }],
      barcode: bc,
      priceTiers: [{ minQty: 1, price: 9000 }],
    });
    expect(s.approvalCode).toMatch(/^MS\d{10}$/);
    await call(operator, mallApprovalOps.submit, { approvalCode: s.approvalCode, version: 0 });
    await call(admin, mallApprovalOps.reject, { approvalCode: s.approvalCode, version: 1, reason: '量贩装价格偏高' });
    expect(await call(operator, mallApprovalOps.reviewReason, { approvalCode: s.approvalCode })).toMatchObject({
      reason: '量贩装价格偏高',
      reviewerName: 'admin',
    });
    await call(operator, mallApprovalOps.save, {
      kind: 4,
      approvalCode: s.approvalCode,
      version: 2,
      mallGoodsId: p.mallGoodsId,
      specValues: [{ name: '规格', value: '量贩装' }],
      barcode: bc,
      priceTiers: [{ minQty: 1, price: 8600 }],
    });
    await call(operator, mallApprovalOps.submit, { approvalCode: s.approvalCode, version: 3 });
    const r = await call<Approved>(admin, mallApprovalOps.approve, { approvalCode: s.approvalCode, version: 4 });
    expect(r.mallGoodsId).toBe(p.mallGoodsId);
    const skus = await call<KeysetPage<MallSkuRow>>(admin, mallSkuOps.list, { mallGoodsId: p.mallGoodsId });
    expect(skus.list.map((k) => k.barcode).sort()).toEqual([own.barcode, bc].sort());
    const h = (await call<Paged<HistoryEntry>>(operator, mallApprovalOps.history, { approvalCode: s.approvalCode })).list;
    expect(h.map((e) => e.action)).toEqual(['approve', 'submit', 'edit', 'reject', 'submit', 'create']);
    expect(h.find((e) => e.action === 'edit')!.changes[0]).toMatchObject({
      label: '批发价',
      before: '1件起 ¥90.00'.replace('件', '箱'),
      after: '1箱起 ¥86.00',
    });
  });

  it('销售管理: 上架/下架 of ticked SKUs follows the transition table; an SPU 下架 takes its SKUs off; stale versions are refused', async () => {
    const p = await approvedProduct();
    const sku = await call<MallSkuRow>(admin, mallSkuOps.detail, { mallSkuId: p.mallSkuId });
    // 运营 holds 销售管理
    await call(operator, mallSkuOps.setStatus, { items: [{ mallSkuId: sku.mallSkuId, version: sku.version }], status: 1 });
    const on = await call<MallSkuRow>(admin, mallSkuOps.detail, { mallSkuId: sku.mallSkuId });
    expect(on).toMatchObject({ status: 1, version: sku.version + 1 });
    const before = await counts();
    expect(await op(admin, mallSkuOps.setStatus, { items: [{ mallSkuId: sku.mallSkuId, version: on.version }], status: 1 })).toMatchObject({
      code: CODES.conflict,
    });
    expect(await op(admin, mallSkuOps.setStatus, { items: [{ mallSkuId: sku.mallSkuId, version: sku.version }], status: 2 })).toMatchObject(
      {
        code: CODES.conflict,
        msg: '该记录已被他人修改，请刷新后重试',
      },
    );
    expect(await counts()).toEqual(before);
    // SPU 下架 → SKU 下架 with it; then SKU 上架 is refused until the SPU is 上架
    const spu = await call<MallGoodsRow>(admin, mallGoodsOps.detail, { mallGoodsId: p.mallGoodsId });
    await call(admin, mallGoodsOps.setStatus, { mallGoodsId: spu.mallGoodsId, version: spu.version, status: 2 });
    const off = await call<MallSkuRow>(admin, mallSkuOps.detail, { mallSkuId: sku.mallSkuId });
    expect(off.status).toBe(2);
    const h = (await call<Paged<HistoryEntry>>(admin, mallSkuOps.history, { mallSkuId: sku.mallSkuId })).list;
    expect(h[0]).toMatchObject({ actionLabel: '下架', remark: '随商城商品下架' });
    const refused = await op(admin, mallSkuOps.setStatus, { items: [{ mallSkuId: sku.mallSkuId, version: off.version }], status: 1 });
    expect(refused.code).toBe(CODES.conflict);
    expect(refused.msg).toContain('已下架');
    expect(await op(admin, mallGoodsOps.setStatus, { mallGoodsId: spu.mallGoodsId, version: spu.version + 1, status: 2 })).toMatchObject({
      code: CODES.conflict,
      msg: '商城商品已是下架状态',
    });
  });

  it('edits an SKU’s tiers and the SPU with their versions; SKU names follow the SPU title; barcodes stay unique', async () => {
    const p = await approvedProduct();
    const sku = await call<MallSkuRow>(admin, mallSkuOps.detail, { mallSkuId: p.mallSkuId });
    const tiers = [
      { minQty: 1, price: 5000 },
      { minQty: 20, price: 4700 },
    ];
    const u = await call<{ version: number }>(operator, mallSkuOps.update, {
      mallSkuId: sku.mallSkuId,
      version: sku.version,
      specValues: sku.specValues,
      barcode: sku.barcode,
      priceTiers: tiers,
    });
    expect(u.version).toBe(sku.version + 1);
    expect(
      await op(operator, mallSkuOps.update, {
        mallSkuId: sku.mallSkuId,
        version: sku.version,
        specValues: [],
        barcode: sku.barcode,
        priceTiers: tiers,
      }),
    ).toMatchObject({
      code: CODES.conflict,
    });
    const badTiers = await op(operator, mallSkuOps.update, {
      mallSkuId: sku.mallSkuId,
      version: u.version,
      specValues: [],
      barcode: sku.barcode,
      priceTiers: [
        { minQty: 1, price: 100 },
        { minQty: 2, price: 200 },
      ],
    });
    expect(badTiers.code).toBe(CODES.badInput);
    // another mall SKU's barcode
    const demo = (await call<KeysetPage<MallSkuRow>>(admin, mallSkuOps.list, { pageSize: 1 })).list[0]!;
    const dup = await op(operator, mallSkuOps.create, {
      mallGoodsId: p.mallGoodsId,
      specValues: [{ name: '规格', value: '整件' }],
      barcode: demo.barcode,
      priceTiers: tiers,
    });
    expect(dup.code).toBe(CODES.conflict);
    expect(dup.msg).toContain(demo.skuCode);
    const spu = await call<MallGoodsRow>(admin, mallGoodsOps.detail, { mallGoodsId: p.mallGoodsId });
    expect(
      await op(finance, mallGoodsOps.update, {
        mallGoodsId: spu.mallGoodsId,
        version: spu.version,
        title: '改名',
        saleUnit: '箱',
        piecesPerUnit: 12,
      }),
    ).toMatchObject({ code: CODES.forbidden });
    await call(admin, mallGoodsOps.update, {
      mallGoodsId: spu.mallGoodsId,
      version: spu.version,
      title: '茶π 蜜桃乌龙 整箱',
      saleUnit: '箱',
      piecesPerUnit: 12,
    });
    expect((await call<MallSkuRow>(admin, mallSkuOps.detail, { mallSkuId: sku.mallSkuId })).name).toBe('茶π 蜜桃乌龙 整箱 500ml');
    expect(
      await op(admin, mallGoodsOps.update, {
        mallGoodsId: spu.mallGoodsId,
        version: spu.version,
        title: '再改',
        saleUnit: '箱',
        piecesPerUnit: 12,
      }),
    ).toMatchObject({
      code: CODES.conflict,
    });
  });

  it('two creates racing for one barcode: exactly one lands', async () => {
    const p = await approvedProduct();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 4 }), async (n) => {
        const bc = barcode();
        const answers = await Promise.all(
          Array.from({ length: n }, (_, i) =>
            op(admin, mallSkuOps.create, {
              mallGoodsId: p.mallGoodsId,
              specValues: [{ name: '规格', value: `并发${seq}-${i}` }],
              barcode: bc,
              priceTiers: TIERS,
            }),
          ),
        );
        expect(answers.filter((a) => a.code === CODES.ok)).toHaveLength(1);
        expect(answers.filter((a) => a.code === CODES.conflict)).toHaveLength(n - 1);
      }),
      { numRuns: 4 },
    );
  });

  it('invariant: whatever runs, concurrently or not, no SKU is 上架 under a 下架 mall SPU; each accepted change writes one history row', async () => {
    const p = await approvedProduct();
    const second = await call<{ mallSkuId: number }>(admin, mallSkuOps.create, {
      mallGoodsId: p.mallGoodsId,
      specValues: [{ name: '规格', value: '第二规格' }],
      barcode: barcode(),
      priceTiers: TIERS,
    });
    const skuIds = [p.mallSkuId!, second.mallSkuId];
    const histories = async () => rowCount(t, 'record_history');
    const step = fc.oneof(
      fc.record({ kind: fc.constant('spu' as const), status: fc.constantFrom(1, 2) }),
      fc.record({ kind: fc.constant('sku' as const), status: fc.constantFrom(1, 2), which: fc.constantFrom(0, 1) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(step, step), { minLength: 1, maxLength: 5 }), async (pairs) => {
        for (const pair of pairs) {
          // both steps read the current versions, then run at the same time
          const spu = await call<MallGoodsRow>(admin, mallGoodsOps.detail, { mallGoodsId: p.mallGoodsId });
          const skus = await Promise.all(skuIds.map((id) => call<MallSkuRow>(admin, mallSkuOps.detail, { mallSkuId: id })));
          const before = await histories();
          const answers = await Promise.all(
            pair.map((s) =>
              s.kind === 'spu'
                ? op(admin, mallGoodsOps.setStatus, { mallGoodsId: p.mallGoodsId, version: spu.version, status: s.status })
                : op(admin, mallSkuOps.setStatus, {
                    items: [{ mallSkuId: skuIds[s.which]!, version: skus[s.which]!.version }],
                    status: s.status,
                  }),
            ),
          );
          for (const a of answers) expect([CODES.ok, CODES.conflict]).toContain(a.code);
          const now = await call<MallGoodsRow>(admin, mallGoodsOps.detail, { mallGoodsId: p.mallGoodsId });
          const after = await Promise.all(skuIds.map((id) => call<MallSkuRow>(admin, mallSkuOps.detail, { mallSkuId: id })));
          if (now.status === 2) expect(after.every((k) => k.status === 2)).toBe(true);
          // one row per accepted change (an SPU 下架 also writes one per SKU it took off)
          const spuOff = answers.some((a, i) => a.code === CODES.ok && pair[i]!.kind === 'spu' && pair[i]!.status === 2);
          // (a SKU put 上架 by the other step just before the SPU 下架 is taken off too)
          const taken = spuOff ? skuIds.length : 0;
          const accepted = answers.filter((a) => a.code === CODES.ok).length;
          const written = (await histories()) - before;
          expect(written).toBeGreaterThanOrEqual(accepted);
          expect(written).toBeLessThanOrEqual(accepted + taken);
        }
      }),
      { numRuns: 8 },
    );
  });

  it('another merchant sees nothing of the mall and cannot act on its ids; lists export', async () => {
    const p = await approvedProduct();
    const sku = await call<MallSkuRow>(admin, mallSkuOps.detail, { mallSkuId: p.mallSkuId });
    const before = await counts();
    expect(await op(other, mallSkuOps.detail, { mallSkuId: sku.mallSkuId })).toMatchObject({ code: CODES.notFound });
    expect(await op(other, mallSkuOps.setStatus, { items: [{ mallSkuId: sku.mallSkuId, version: sku.version }], status: 1 })).toMatchObject(
      { code: CODES.notFound },
    );
    expect(await op(other, mallGoodsOps.setStatus, { mallGoodsId: p.mallGoodsId, version: 0, status: 2 })).toMatchObject({
      code: CODES.notFound,
    });
    expect(
      await op(other, mallSkuOps.create, { mallGoodsId: p.mallGoodsId, specValues: [], barcode: barcode(), priceTiers: TIERS }),
    ).toMatchObject({ code: CODES.notFound });
    expect(await op(other, mallApprovalOps.detail, { approvalCode: p.approvalCode })).toMatchObject({ code: CODES.notFound });
    expect((await call<KeysetPage<MallSkuRow>>(other, mallSkuOps.list, {})).total).toBe(0);
    expect((await call<Paged<MallGoodsRow>>(other, mallGoodsOps.list, {})).total).toBe(0);
    expect(await counts()).toEqual(before);
    expect(await op(finance, mallSkuOps.list, {})).toMatchObject({ code: CODES.forbidden });

    const xlsx = await exportList(admin, mallSkuOps.list, { status: 1 });
    expect(xlsx.kind).toBe('file');
    if (xlsx.kind === 'file') expect(xlsx.workbook.worksheets[0]!.getRow(1).values).toContain('批发价（阶梯）');
    expect((await exportList(admin, mallGoodsOps.list, {})).kind).toBe('file');
    expect((await exportList(admin, mallApprovalOps.list, {})).kind).toBe('file');
  });
});
