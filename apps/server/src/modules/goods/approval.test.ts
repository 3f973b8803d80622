import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  APPROVAL_PDF_PATH,
  approvalOps,
  REVIEW_OWN_MESSAGE,
  type ApprovalDetail,
  type ApprovalRecord,
  type ApprovalRow,
} from '@merchant/contracts/goods/approval';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { categoryOps, type CategoryRoot } from '@merchant/contracts/goods/category';
import { goodsOps, type GoodsDetail } from '@merchant/contracts/goods/goods';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';
import { exportList } from '../../test/export-kit.ts';
import { ean13, merchantOf, newProduct, seedCategories, seedGoods, seedSku, seedStandardProduct } from '../../test/approval-data.ts';

type State = { approvalCode: string; status: number; version: number };

/** The text of a PDF (poppler's pdftotext). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'approval-pdf-'));
  try {
    const file = path.join(dir, 'a.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(DIALECTS)('new-product and SKU applications (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let operator: ApiClient;
  let finance: ApiClient;
  let other: ApiClient;
  let cats: Awaited<ReturnType<typeof seedCategories>>;
  let mid: number;
  let seq = 100;
  const barcode = () => ean13(`20${String(++seq).padStart(10, '0')}`);
  const counts = async () => [await rowCount(t, 'goods_approval'), await rowCount(t, 'record_history')];
  const history = async (client: ApiClient, approvalCode: string) =>
    (await call<Paged<HistoryEntry>>(client, approvalOps.history, { approvalCode, pageSize: 50 })).list;
  const draft = (client: ApiClient, patch: Record<string, unknown> = {}) =>
    call<State>(client, approvalOps.save, newProduct(cats.leaf, barcode(), patch));

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    operator = await t.signIn('operator');
    finance = await t.signIn('finance');
    other = await registerMerchant(t, '别家商贸', 'goodsboss', '13700000077');
    mid = await merchantOf(t, 'admin');
    cats = await seedCategories(t, mid);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo merchant has applications in every state (已通过 too), each with its history', async () => {
    const all = await call<Paged<ApprovalRow>>(operator, approvalOps.list, { pageSize: 200 });
    expect(all.total).toBeGreaterThanOrEqual(60);
    expect(new Set(all.list.map((r) => r.status))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(new Set(all.list.map((r) => r.kind))).toEqual(new Set([1, 2]));
    const rejected = all.list.find((r) => r.status === 3)!;
    expect(rejected.reason).not.toBe('');
    const h = await history(operator, rejected.approvalCode);
    expect(h.map((e) => e.action)).toEqual(['reject', 'submit', 'create']);
    expect(h[0].remark).toBe(rejected.reason);
    const d = await call<ApprovalDetail>(operator, approvalOps.detail, { approvalCode: all.list.find((r) => r.kind === 2)!.approvalCode });
    expect(d.sku?.goodsName).toBeTruthy();
  });

  it('the applicant reads the category tree the goods forms read (categoryOps.tree)', async () => {
    const tree = await call<CategoryRoot[]>(operator, categoryOps.tree);
    const names = (nodes: CategoryRoot[]): unknown[] =>
      nodes.map((c) => ({ id: c.id, name: c.name, level: c.level, children: names(c.children as CategoryRoot[]) }));
    expect(tree.every((c) => c.level === 1)).toBe(true);
    expect(names(tree.filter((c) => c.id === cats.l1))).toEqual([
      {
        id: cats.l1,
        name: '测试饮料',
        level: 1,
        children: [
          {
            id: cats.l2,
            name: '测试饮用水',
            level: 2,
            children: [
              { id: cats.leaf, name: '测试矿泉水', level: 3, children: [] },
              { id: cats.leaf2, name: '测试纯净水', level: 3, children: [] },
            ],
          },
        ],
      },
    ]);
  });

  it('saves a draft under a generated code with its history; the detail shows every field', async () => {
    const code = barcode();
    const s = await call<State>(operator, approvalOps.save, newProduct(cats.leaf, code));
    // 2026-11-21 02:00 UTC is 2026-11-21 in China
    expect(s).toMatchObject({ status: 0, version: 0 });
    expect(s.approvalCode).toMatch(/^XP261121\d{4}$/);
    const d = await call<ApprovalDetail>(operator, approvalOps.detail, { approvalCode: s.approvalCode });
    expect(d).toMatchObject({
      kind: 1,
      kindName: '新品申请',
      status: 0,
      statusName: '草稿',
      title: '农夫山泉 长白雪矿泉水',
      barcode: code,
      basePrice: 280,
      applicantName: 'operator',
      submittedAt: null,
      mine: true,
      sku: null,
      product: {
        categoryPath: '测试饮料 / 测试饮用水 / 测试矿泉水',
        storageStyleName: '常温',
        guidePrice: 300,
        basePrice: 280,
        shelfLifeDays: 365,
      },
    });
    expect((await call<ApprovalDetail>(admin, approvalOps.detail, { approvalCode: s.approvalCode })).mine).toBe(false);
    const h = await history(operator, s.approvalCode);
    expect(h).toHaveLength(1);
    expect(h[0]).toMatchObject({ action: 'create', actionLabel: '创建申请', operatorName: 'operator' });
    expect(h[0].changes).toContainEqual({ field: 'basePrice', label: '销售价', before: '（空）', after: '2.80元' });
    expect(h[0].changes).toContainEqual({
      field: 'categoryId',
      label: '商品分类',
      before: '（空）',
      after: '测试饮料 / 测试饮用水 / 测试矿泉水',
    });
  });

  it('refuses bad input with the field named, writing nothing', async () => {
    const before = await counts();
    const good = newProduct(cats.leaf, barcode());
    for (const [patch, msg] of [
      [{ name: '' }, '商品名称至少2个字（字段：name）'],
      [{ barcode: '6901234567890' }, '商品条码校验位不正确，请核对（字段：barcode）'],
      [{ basePrice: 1.5 }, '销售价以分为单位，须为整数（字段：basePrice）'],
      [{ basePrice: 0 }, '销售价须大于0（字段：basePrice）'],
      [{ storageStyle: 7 }, '储存方式只能是常温、冷藏或冷冻（字段：storageStyle）'],
      [{ kind: 9 }, '申请类型不正确（字段：kind）'],
      [{ categoryId: cats.l2 }, '请选择三级商品分类（字段：categoryId）'],
      [{ categoryId: 999999 }, '请选择三级商品分类（字段：categoryId）'],
      [{ approvalCode: 'XP2611219999' }, '缺少数据版本，请刷新后重试（字段：version）'],
    ] as const) {
      expect(await op(operator, approvalOps.save, { ...good, ...patch })).toMatchObject({ code: CODES.badInput, msg });
    }
    expect(
      await op(operator, approvalOps.save, { kind: 2, goodsId: 424242, barcode: barcode(), basePrice: 100, storageStyle: 1 }),
    ).toMatchObject({
      code: CODES.badInput,
      msg: '所属商品不存在或已删除（字段：goodsId）',
    });
    expect(await op(admin, approvalOps.reject, { approvalCode: 'XP2611210000', version: 0, reason: '短' })).toMatchObject({
      code: CODES.badInput,
      msg: '驳回原因至少2个字（字段：reason）',
    });
    expect(await counts()).toEqual(before);
  });

  it('edits a draft with its version; a stale version is refused and changes nothing', async () => {
    const s = await draft(operator);
    const edited = await call<State>(operator, approvalOps.save, {
      ...newProduct(cats.leaf2, (await call<ApprovalDetail>(operator, approvalOps.detail, s)).barcode, { basePrice: 350 }),
      approvalCode: s.approvalCode,
      version: 0,
    });
    expect(edited).toEqual({ approvalCode: s.approvalCode, status: 0, version: 1 });
    const h = await history(operator, s.approvalCode);
    expect(h[0]).toMatchObject({ action: 'edit', actionLabel: '编辑申请' });
    expect(h[0].changes).toEqual([
      { field: 'categoryId', label: '商品分类', before: '测试饮料 / 测试饮用水 / 测试矿泉水', after: '测试饮料 / 测试饮用水 / 测试纯净水' },
      { field: 'basePrice', label: '销售价', before: '2.80元', after: '3.50元' },
    ]);
    const before = await counts();
    const stale = await op(operator, approvalOps.save, { ...newProduct(cats.leaf, barcode()), approvalCode: s.approvalCode, version: 0 });
    expect(stale).toMatchObject({ code: CODES.conflict, msg: '该记录已被他人修改，请刷新后重试' });
    expect(await op(operator, approvalOps.submit, { approvalCode: s.approvalCode, version: 0 })).toMatchObject({ code: CODES.conflict });
    expect(await counts()).toEqual(before);
    expect((await call<ApprovalDetail>(operator, approvalOps.detail, s)).product?.basePrice).toBe(350);
  });

  it('submit → reject (reason) → edit → submit → withdraw → delete keeps the trail; illegal steps change nothing', async () => {
    let s = await draft(operator, { name: '怡宝 纯净水 555ml' });
    const code = s.approvalCode;
    s = await call<State>(operator, approvalOps.submit, { approvalCode: code, version: s.version });
    expect(s).toMatchObject({ status: 1, version: 1 });
    const d = await call<ApprovalDetail>(operator, approvalOps.detail, { approvalCode: code });
    expect(d.submittedAt).toBe(t.clock.now());

    const before = await counts();
    // while 待审核: no edit, no delete, no second submit
    const full = { ...newProduct(cats.leaf, d.barcode, { name: '怡宝 纯净水 555ml' }), approvalCode: code, version: 1 };
    expect(await op(operator, approvalOps.save, full)).toMatchObject({
      code: CODES.conflict,
      msg: '申请当前为「待审核」，不能编辑申请（仅草稿、已驳回、已撤回的申请可以）',
    });
    expect(await op(operator, approvalOps.delete, { approvalCode: code, version: 1 })).toMatchObject({ code: CODES.conflict });
    expect(await op(operator, approvalOps.submit, { approvalCode: code, version: 1 })).toMatchObject({ code: CODES.conflict });
    // the operator may not review; the admin may not withdraw someone else's application
    expect(await op(operator, approvalOps.reject, { approvalCode: code, version: 1, reason: '资料不全' })).toMatchObject({
      code: CODES.forbidden,
    });
    expect(await op(admin, approvalOps.withdraw, { approvalCode: code, version: 1 })).toMatchObject({
      code: CODES.forbidden,
      msg: '只有申请人可以撤回申请',
    });
    expect(await counts()).toEqual(before);

    s = await call<State>(admin, approvalOps.reject, { approvalCode: code, version: 1, reason: '条码与包装不一致，请核对' });
    expect(s).toMatchObject({ status: 3, version: 2 });
    expect(await call<ApprovalDetail>(operator, approvalOps.detail, { approvalCode: code })).toMatchObject({
      statusName: '已驳回',
      reviewerName: 'admin',
      reason: '条码与包装不一致，请核对',
    });
    expect(await op(admin, approvalOps.reject, { approvalCode: code, version: 2, reason: '再次驳回' })).toMatchObject({
      code: CODES.conflict,
    });
    expect(await op(operator, approvalOps.withdraw, { approvalCode: code, version: 2 })).toMatchObject({ code: CODES.conflict });

    s = await call<State>(operator, approvalOps.save, { ...full, basePrice: 260, version: 2 });
    expect(s.status).toBe(3);
    s = await call<State>(operator, approvalOps.submit, { approvalCode: code, version: s.version });
    s = await call<State>(operator, approvalOps.withdraw, { approvalCode: code, version: s.version, reason: '价格再确认' });
    expect(s.status).toBe(4);
    const h = await history(admin, code);
    expect(h.map((e) => e.action)).toEqual(['withdraw', 'submit', 'edit', 'reject', 'submit', 'create']);
    expect(h.find((e) => e.action === 'reject')).toMatchObject({
      remark: '条码与包装不一致，请核对',
      operatorName: 'admin',
      changes: [{ field: 'status', label: '申请状态', before: '待审核', after: '已驳回' }],
    });
    expect(h[0].remark).toBe('价格再确认');

    // a once-submitted application is kept, marked deleted, its trail still in 审核记录
    await call(operator, approvalOps.delete, { approvalCode: code, version: s.version });
    expect(await op(operator, approvalOps.detail, { approvalCode: code })).toMatchObject({ code: CODES.notFound, msg: '申请不存在' });
    const recs = await call<KeysetPage<ApprovalRecord>>(admin, approvalOps.records, { approvalCode: code, pageSize: 50 });
    expect(recs.list.map((r) => r.action)).toEqual(['delete', 'withdraw', 'submit', 'edit', 'reject', 'submit', 'create']);
    expect(recs.list[0]).toMatchObject({ statusName: '已删除', title: '怡宝 纯净水 555ml', kindName: '新品申请' });
    const listed = await call<Paged<ApprovalRow>>(admin, approvalOps.list, { approvalCode: code });
    expect(listed.total).toBe(0);
  });

  it('四眼原则: a reviewer may neither approve nor reject their own application; nothing is written', async () => {
    let s = await draft(admin, { name: '康师傅 冰红茶 500ml' });
    s = await call<State>(admin, approvalOps.submit, { approvalCode: s.approvalCode, version: s.version });
    const before = await counts();
    const refused = { code: CODES.forbidden, msg: REVIEW_OWN_MESSAGE };
    expect(REVIEW_OWN_MESSAGE).toBe('不能审核自己提交的申请（四眼原则：申请人与审核人须为不同账号）');
    // the list tells the pages whose application it is (审核 shown disabled with this message on one's own)
    const rowFor = async (who: typeof admin) =>
      (await call<Paged<ApprovalRow>>(who, approvalOps.list, { approvalCode: s.approvalCode })).list[0];
    expect(await rowFor(admin)).toMatchObject({ approvalCode: s.approvalCode, mine: true });
    expect(await rowFor(operator)).toMatchObject({ approvalCode: s.approvalCode, mine: false });
    const at = { approvalCode: s.approvalCode, version: s.version };
    expect(await op(admin, approvalOps.approve, { ...at, remark: '' })).toMatchObject(refused);
    expect(await op(admin, approvalOps.reject, { ...at, reason: '自己驳回自己' })).toMatchObject(refused);
    expect(await counts()).toEqual(before);
    expect(await call<ApprovalDetail>(admin, approvalOps.detail, at)).toMatchObject({ status: 1, statusName: '待审核', reviewerName: '' });
  });

  it('removes a never-submitted draft outright', async () => {
    const s = await draft(operator);
    const n = await rowCount(t, 'goods_approval');
    await call(operator, approvalOps.delete, { approvalCode: s.approvalCode, version: 0 });
    expect(await rowCount(t, 'goods_approval')).toBe(n - 1);
    expect(await op(operator, approvalOps.delete, { approvalCode: s.approvalCode, version: 0 })).toMatchObject({ code: CODES.notFound });
  });

  it('submit re-checks the barcode (standard library, live SKU, another application under review) and the category', async () => {
    const inLibrary = barcode();
    await seedStandardProduct(t, mid, cats.leaf, inLibrary);
    const a = await draft(operator, { barcode: inLibrary });
    expect(await op(operator, approvalOps.submit, { approvalCode: a.approvalCode, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: expect.stringContaining(`条码${inLibrary}已在标准商品库中`) as string,
    });
    const goodsId = await seedGoods(t, mid, cats.leaf);
    const skuCode = barcode();
    await seedSku(t, mid, goodsId, cats.leaf, skuCode);
    const b = await draft(operator, { barcode: skuCode });
    expect(await op(operator, approvalOps.submit, { approvalCode: b.approvalCode, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: expect.stringContaining('已被SKU') as string,
    });
    const shared = barcode();
    const c1 = await draft(operator, { barcode: shared });
    const c2 = await draft(operator, { barcode: shared });
    await call(operator, approvalOps.submit, { approvalCode: c1.approvalCode, version: 0 });
    expect(await op(operator, approvalOps.submit, { approvalCode: c2.approvalCode, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: `条码${shared}已在审核中的申请${c1.approvalCode}里（字段：barcode）`,
    });
    // a category that stopped being a leaf
    const d = await draft(operator, { categoryId: cats.leaf2 });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (t.db.db as any)
      .insertInto('goods_category')
      .values({ merchant_id: mid, parent_id: cats.leaf2, level: 4, name: '桶装', created_at: 1, updated_at: 1 })
      .execute();
    expect(await op(operator, approvalOps.submit, { approvalCode: d.approvalCode, version: 0 })).toMatchObject({
      code: CODES.badInput,
      msg: '请选择三级商品分类（字段：categoryId）',
    });
    for (const s of [a, b, c2, d]) {
      expect((await call<ApprovalDetail>(operator, approvalOps.detail, s)).status).toBe(0);
    }
  });

  it('SKU applications name their SPU', async () => {
    const goodsId = await seedGoods(t, mid, cats.leaf, '元气森林 白桃气泡水');
    const opts = await call<{ id: number; name: string }[]>(operator, approvalOps.goodsOptions, { keyword: '白桃' });
    expect(opts.map((o) => o.id)).toContain(goodsId);
    const s = await call<State>(operator, approvalOps.save, {
      kind: 2,
      goodsId,
      specValues: [{ name: '容量', value: '480ml' }],
      barcode: barcode(),
      basePrice: 550,
      storageStyle: 2,
    });
    expect(s.approvalCode).toMatch(/^SK\d{10}$/);
    const d = await call<ApprovalDetail>(operator, approvalOps.detail, s);
    expect(d).toMatchObject({
      kind: 2,
      kindName: 'SKU申请',
      title: '元气森林 白桃气泡水 480ml',
      product: null,
      sku: {
        goodsId,
        goodsName: '元气森林 白桃气泡水',
        categoryPath: '测试饮料 / 测试饮用水 / 测试矿泉水',
        storageStyleName: '冷藏',
        basePrice: 550,
      },
    });
    expect(
      await op(operator, approvalOps.save, { ...newProduct(cats.leaf, d.barcode), approvalCode: s.approvalCode, version: 0 }),
    ).toMatchObject({
      code: CODES.badInput,
      msg: '申请类型不能修改（字段：kind）',
    });
    expect((await call<State>(operator, approvalOps.submit, { approvalCode: s.approvalCode, version: 0 })).status).toBe(1);
  });

  it('another merchant sees none of the applications and cannot act on their codes', async () => {
    const s = await draft(operator);
    const before = await counts();
    expect(await op(other, approvalOps.detail, s)).toMatchObject({ code: CODES.notFound });
    expect(await op(other, approvalOps.submit, { approvalCode: s.approvalCode, version: 0 })).toMatchObject({ code: CODES.notFound });
    expect(await op(other, approvalOps.delete, { approvalCode: s.approvalCode, version: 0 })).toMatchObject({ code: CODES.notFound });
    expect(await op(other, approvalOps.reject, { approvalCode: s.approvalCode, version: 0, reason: '不行不行' })).toMatchObject({
      code: CODES.notFound,
    });
    expect((await call<Paged<HistoryEntry>>(other, approvalOps.history, { approvalCode: s.approvalCode })).total).toBe(0);
    expect((await call<Paged<ApprovalRow>>(other, approvalOps.list, {})).total).toBe(0);
    expect((await call<KeysetPage<ApprovalRecord>>(other, approvalOps.records, {})).total).toBe(0);
    const res = await other.envelope({ method: 'GET', path: APPROVAL_PDF_PATH, query: { approvalCode: s.approvalCode } });
    expect(res).toMatchObject({ code: CODES.notFound, msg: '申请不存在' });
    expect(await counts()).toEqual(before);
  });

  it('lists with filters and sorting, and exports the list and the review records', async () => {
    const page = await call<Paged<ApprovalRow>>(admin, approvalOps.list, {
      status: 1,
      kind: 1,
      sortField: 'submittedAt',
      sortOrder: 'ascend',
    });
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((r) => r.status === 1 && r.kind === 1)).toBe(true);
    const submitted = page.list.map((r) => r.submittedAt!);
    expect(submitted).toEqual([...submitted].sort((a, b) => a - b));
    expect((await call<Paged<ApprovalRow>>(admin, approvalOps.list, { title: '长白雪', applicant: 'oper' })).total).toBeGreaterThan(0);
    expect((await call<Paged<ApprovalRow>>(admin, approvalOps.list, { applicant: 'nobody' })).total).toBe(0);
    const now = t.clock.now();
    const inRange = (await call<Paged<ApprovalRow>>(admin, approvalOps.list, { pageSize: 200 })).list.filter(
      (r) => r.submittedAt !== null && r.submittedAt >= now - 1000 && r.submittedAt <= now + 1000,
    );
    expect(inRange.length).toBeGreaterThan(0);
    expect((await call<Paged<ApprovalRow>>(admin, approvalOps.list, { submittedAt: [now - 1000, now + 1000] })).total).toBe(inRange.length);
    expect(await op(admin, approvalOps.list, { sortField: 'title' })).toMatchObject({ code: CODES.badInput });

    const recs = await call<KeysetPage<ApprovalRecord>>(admin, approvalOps.records, {
      action: 'reject',
      operator: 'adm',
      createdAt: [now - 1000, now + 1000],
    });
    expect(recs.total).toBe(1);
    expect(recs.list[0]).toMatchObject({ actionLabel: '审核驳回', remark: '条码与包装不一致，请核对' });

    // 审核记录 pages by keyset: the next page follows the cursor, newest first, no row twice
    const first = await call<KeysetPage<ApprovalRecord>>(admin, approvalOps.records, { pageSize: 3 });
    expect(first.total).toBeGreaterThan(3);
    const second = await call<KeysetPage<ApprovalRecord>>(admin, approvalOps.records, { pageSize: 3, cursor: first.nextCursor });
    expect(second.list[0].id).toBeLessThan(first.list[2].id);
    expect(await op(admin, approvalOps.records, { cursor: 'bm90LWEtY3Vyc29y' })).toMatchObject({ code: CODES.badInput });

    const xlsx = await exportList(admin, approvalOps.list, { kind: 1 });
    expect(xlsx.kind).toBe('file');
    if (xlsx.kind === 'file') {
      const sheet = xlsx.workbook.worksheets[0];
      expect(sheet.getRow(1).values).toContain('申请单号');
      expect(sheet.rowCount).toBeGreaterThan(1);
    }
    const recX = await exportList(admin, approvalOps.records, { action: 'reject' });
    expect(recX.kind).toBe('file');
    // the finance role holds neither page
    expect(await op(finance, approvalOps.list, {})).toMatchObject({ code: CODES.forbidden });
    expect(await op(finance, approvalOps.records, {})).toMatchObject({ code: CODES.forbidden });
  });

  it('approves in one transaction: a new product enters the library (source 2) and becomes merchant goods; a SKU application becomes a SKU', async () => {
    type Approved = State & { standardProductId: number | null; goodsId: number | null; skuId: number | null };
    const s = await draft(operator, { name: '东方树叶 茉莉花茶 500ml' });
    const code = s.approvalCode;
    expect(await op(admin, approvalOps.approve, { approvalCode: code, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: '申请当前为「草稿」，不能审核通过（仅待审核的申请可以）',
    });
    await call(operator, approvalOps.submit, { approvalCode: code, version: 0 });
    expect(await op(operator, approvalOps.approve, { approvalCode: code, version: 1 })).toMatchObject({ code: CODES.forbidden });
    expect(await op(admin, approvalOps.approve, { approvalCode: code, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: '该记录已被他人修改，请刷新后重试',
    });
    const res = await call<Approved>(admin, approvalOps.approve, { approvalCode: code, version: 1, remark: '资料齐全' });
    expect(res).toMatchObject({ approvalCode: code, status: 2, version: 2 });
    expect(res.standardProductId && res.goodsId && res.skuId).toBeTruthy();
    const sp = await t.db.db.selectFrom('standard_product').selectAll().where('id', '=', res.standardProductId!).executeTakeFirstOrThrow();
    expect(sp).toMatchObject({ merchant_id: mid, source: 2, approval_code: code, name: '东方树叶 茉莉花茶 500ml', category_id: cats.leaf });
    const sku = await t.db.db.selectFrom('goods_sku').selectAll().where('id', '=', res.skuId!).executeTakeFirstOrThrow();
    expect(sku).toMatchObject({ merchant_id: mid, goods_id: res.goodsId, base_price: 280, barcode: sp.barcode });
    expect(await call<ApprovalDetail>(admin, approvalOps.detail, { approvalCode: code })).toMatchObject({
      status: 2,
      statusName: '已通过',
      reviewerName: 'admin',
      reason: '资料齐全',
      standardProductId: res.standardProductId,
      goodsId: res.goodsId,
      skuId: res.skuId,
      // the codes people know what it created by
      createdCodes: { goodsNo: sp.goods_no, spuCode: expect.stringMatching(/^G\d{8}$/), skuCode: sku.sku_code },
    });
    expect((await history(admin, code))[0]).toMatchObject({ action: 'approve', actionLabel: '审核通过', remark: '资料齐全' });
    // the goods it created says where it came from
    expect((await call<GoodsDetail>(admin, goodsOps.detail, { goodsId: res.goodsId })).origin).toEqual({
      goodsNo: sp.goods_no,
      approvalCode: code,
    });
    // an approved application is final
    expect(await op(operator, approvalOps.withdraw, { approvalCode: code, version: 2 })).toMatchObject({ code: CODES.conflict });
    expect(await op(admin, approvalOps.reject, { approvalCode: code, version: 2, reason: '改主意了' })).toMatchObject({
      code: CODES.conflict,
    });
    expect(await op(operator, approvalOps.delete, { approvalCode: code, version: 2 })).toMatchObject({ code: CODES.conflict });

    // a refusal on the way (the barcode entered the library meanwhile) rolls everything back
    const taken = barcode();
    const r = await draft(operator, { barcode: taken });
    await call(operator, approvalOps.submit, { approvalCode: r.approvalCode, version: 0 });
    await seedStandardProduct(t, mid, cats.leaf, taken);
    const before = [
      await rowCount(t, 'standard_product'),
      await rowCount(t, 'goods'),
      await rowCount(t, 'goods_sku'),
      await rowCount(t, 'record_history'),
    ];
    expect(await op(admin, approvalOps.approve, { approvalCode: r.approvalCode, version: 1 })).toMatchObject({ code: CODES.conflict });
    expect([
      await rowCount(t, 'standard_product'),
      await rowCount(t, 'goods'),
      await rowCount(t, 'goods_sku'),
      await rowCount(t, 'record_history'),
    ]).toEqual(before);
    expect(await call<ApprovalDetail>(admin, approvalOps.detail, r)).toMatchObject({
      status: 1,
      version: 1,
      skuId: null,
      createdCodes: { goodsNo: '', spuCode: '', skuCode: '' },
    });

    // a SKU application of the adopted goods
    const skuBarcode = barcode();
    const k = await call<State>(operator, approvalOps.save, {
      kind: 2,
      goodsId: res.goodsId,
      specValues: [{ name: '口味', value: '茉莉' }],
      barcode: skuBarcode,
      basePrice: 450,
      storageStyle: 1,
    });
    await call(operator, approvalOps.submit, { approvalCode: k.approvalCode, version: 0 });
    const kr = await call<Approved>(admin, approvalOps.approve, { approvalCode: k.approvalCode, version: 1 });
    expect(kr).toMatchObject({ status: 2, standardProductId: null, goodsId: res.goodsId });
    const newSku = await t.db.db.selectFrom('goods_sku').selectAll().where('id', '=', kr.skuId!).executeTakeFirstOrThrow();
    expect(newSku).toMatchObject({ goods_id: res.goodsId, barcode: skuBarcode, base_price: 450 });
  });

  it('prints the application as a PDF with Chinese text (pdftotext)', async () => {
    const s = await draft(operator, { name: '康师傅 冰红茶 柠檬味' });
    await call(operator, approvalOps.submit, { approvalCode: s.approvalCode, version: 0 });
    await call(admin, approvalOps.reject, { approvalCode: s.approvalCode, version: 1, reason: '缺少包装正面照片' });
    const res = await admin.send({ method: 'GET', path: APPROVAL_PDF_PATH, query: { approvalCode: s.approvalCode } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(`新品申请_${s.approvalCode}.pdf`));
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(400_000);
    const text = pdfText(bytes);
    for (const word of [
      s.approvalCode,
      '康师傅 冰红茶 柠檬味',
      '新品申请单',
      '已驳回',
      '测试饮料 / 测试饮用水 / 测试矿泉水',
      '常温',
      '2.80元',
      '3.00元',
      '缺少包装正面照片',
      '审核驳回',
      'operator',
    ]) {
      expect(text).toContain(word);
    }
    // no anchor, no session, bad code
    expect(await finance.envelope({ method: 'GET', path: APPROVAL_PDF_PATH, query: { approvalCode: s.approvalCode } })).toMatchObject({
      code: CODES.forbidden,
    });
    expect((await t.anon.envelope({ method: 'GET', path: APPROVAL_PDF_PATH, query: { approvalCode: s.approvalCode } })).code).toBe(
      CODES.sessionInvalid,
    );
    expect(await admin.envelope({ method: 'GET', path: APPROVAL_PDF_PATH, query: { approvalCode: 'nope' } })).toMatchObject({
      code: CODES.badInput,
      msg: '申请单号不正确（字段：approvalCode）',
    });
  });
});
