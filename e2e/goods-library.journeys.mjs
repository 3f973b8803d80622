import { crc32, deflateSync } from 'node:zlib';
import { assert, shotPath, signIn } from './kit.mjs';

/** A 96×96 product "photo" made here: a red can on a light background (a real PNG the server checks by content). */
function productPng() {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const w = 96;
  const h = 96;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc(h * (1 + w * 3));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * (1 + w * 3) + 1 + x * 3;
      const can = x >= 30 && x < 66 && y >= 14 && y < 84;
      const band = can && y >= 40 && y < 56;
      raw[o] = can ? (band ? 250 : 214) : 240;
      raw[o + 1] = can ? (band ? 250 : 32) : 244;
      raw[o + 2] = can ? (band ? 250 : 40) : 250;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Journeys of the standard product library (issue 12, section 102): browse the library, filter it by a
 * category of the tree, edit a product and see the change in its history; a role without
 * 'standard-product-edit' only views.
 */
const extraShot = shotPath('goods-library');

async function openLibrary(page, base, userName, password) {
  await signIn(page, base, userName, password, '/website/goods/standard-product-list');
  await page.waitForURL(/standard-product-list/);
  const list = page.getByTestId('standard-product-list');
  await list.locator('tbody tr.ant-table-row').first().waitFor();
  return list;
}

const totalOf = async (list) => Number((await list.locator('.ant-pagination-total-text').innerText()).replace(/\D/g, ''));

export const goodsLibraryJourneys = [
  {
    name: 'goods-library-browse-edit',
    title: 'admin browses the standard library, filters by category (饮用水), edits a product and sees the history',
    async run({ page, base, password, shot }) {
      const list = await openLibrary(page, base, 'admin', password);
      assert((await page.title()).startsWith('标准商品库'), `document title ${await page.title()}`);
      const all = await totalOf(list);
      assert(all >= 300, `the library shows ${all} products, expected 300+`);

      // filter by a leaf of the category tree
      await list.getByLabel('商品分类').click();
      await page.keyboard.type('饮用水');
      await page
        .locator('.ant-select-tree-node-content-wrapper:visible', { hasText: /^饮用水$/ })
        .first()
        .click();
      await list.getByRole('button', { name: /查\s*询/ }).click();
      for (let i = 0; i < 100 && (await totalOf(list)) >= all; i++) await page.waitForTimeout(100);
      const rows = await list.locator('tbody tr.ant-table-row').allInnerTexts();
      assert(rows.length > 0 && rows.every((r) => r.includes('饮料/水/饮用水')), `filtered rows: ${rows.slice(0, 3).join(' | ')}`);
      assert(
        rows.some((r) => r.includes('农夫山泉')),
        'no 农夫山泉 among 饮用水',
      );
      await page.screenshot({ path: extraShot('filtered') });

      // the 分类管理 drawer shows the tree with counts
      await page.getByRole('button', { name: /分类管理/ }).click();
      await page.getByTestId('category-饮料').waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: extraShot('categories') });
      await page.keyboard.press('Escape');

      // edit the first product
      await list.locator('tbody tr.ant-table-row').first().locator('a').first().click();
      await page.waitForURL(/standerd-edit\/SP\d{8}$/);
      const name = page.locator('#name');
      await name.waitFor();
      for (let i = 0; i < 50 && !(await page.title()).startsWith('编辑标准商品'); i++) await page.waitForTimeout(100);
      assert((await page.title()).startsWith('编辑标准商品'), `edit page title ${await page.title()}`);
      const crumb = await page.locator('.ant-breadcrumb').innerText();
      assert(crumb.includes('编辑标准商品'), `breadcrumb ${crumb}`);
      const before = await name.inputValue();
      const after = `${before}（新包装）`.slice(0, 60);
      await name.fill(after);
      await page.locator('#guidePriceYuan').fill('2.50');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.locator('.ant-message-notice', { hasText: '已保存' }).waitFor();

      const history = page.locator('.ant-card', { hasText: '操作记录' }).locator('.ant-table-tbody');
      await history.getByText('编辑商品').waitFor();
      const text = await history.innerText();
      assert(text.includes(before) && text.includes(after), `history lacks before/after: ${text.slice(0, 300)}`);
      // the product's first entry: seeded (新增标准商品) or, when an approval created it, 新品申请入库
      assert(text.includes('¥2.50') && /新增标准商品|新品申请入库/.test(text), `history: ${text.slice(0, 300)}`);
      const detail = await page.getByTestId('standard-product-detail').innerText();
      assert(detail.includes('¥2.50'), `detail shows ${detail}`);
      await page.locator('.ant-card', { hasText: '操作记录' }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await shot();
    },
  },
  {
    name: 'goods-library-images',
    title: 'admin uploads a product image on the edit page, saves it, and sees it in the details and as the list thumbnail',
    async run({ page, base, password, shot }) {
      const list = await openLibrary(page, base, 'admin', password);
      await list.getByLabel('关键字').fill('可口可乐');
      await list.getByRole('button', { name: /查\s*询/ }).click();
      const row = list.locator('tbody tr.ant-table-row', { hasText: '可口可乐' }).first();
      await row.waitFor();
      const goodsNo = (await row.locator('a').first().innerText()).trim();
      assert((await row.getByTestId('goods-image').count()) === 0, 'the product has an image before the journey');
      await row.locator('a').first().click();
      await page.waitForURL(new RegExp(`standerd-edit/${goodsNo}$`));
      const field = page.getByTestId('goods-images-field');
      await field.waitFor();
      await field.locator('input[type=file]').setInputFiles({ name: '可口可乐正面.png', mimeType: 'image/png', buffer: productPng() });
      await field.locator('img[src^="blob:"]').first().waitFor();
      assert((await field.getByText('主图', { exact: true }).count()) === 1, 'the first image is not marked 主图');
      await field.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('images-field') });
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.locator('.ant-message-notice', { hasText: '已保存' }).waitFor();
      const detail = page.getByTestId('standard-product-detail');
      await detail.locator('img[src^="blob:"]').first().waitFor();
      const history = page.locator('.ant-card', { hasText: '操作记录' }).locator('.ant-table-tbody');
      await history.getByText('1张').first().waitFor();
      await detail.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('images-detail') });

      // back in the list, the product's row shows the image as its thumbnail
      await page.goto(`${base}/website/goods/standard-product-list`);
      const again = page.getByTestId('standard-product-list');
      await again.getByLabel('关键字').fill(goodsNo);
      await again.getByRole('button', { name: /查\s*询/ }).click();
      const mine = again.locator('tbody tr.ant-table-row', { hasText: goodsNo });
      await mine.locator('img[src^="blob:"]').waitFor();
      const size = await mine.locator('img[src^="blob:"]').evaluate((img) => [img.naturalWidth, img.width]);
      assert(size[0] === 96 && size[1] === 40, `thumbnail sizes ${size}`);
      await shot();
    },
  },
  {
    name: 'goods-library-operator-view-only',
    title: 'operator (运营, without standard-product-edit) sees the library and a product but no edit form or 停用',
    async run({ page, base, password, shot }) {
      const list = await openLibrary(page, base, 'operator', password);
      const firstRow = await list.locator('tbody tr.ant-table-row').first().innerText();
      assert(firstRow.includes('详情') && !firstRow.includes('停用'), `operator row actions: ${firstRow}`);
      await list.locator('tbody tr.ant-table-row').first().locator('a').first().click();
      await page.waitForURL(/standerd-edit\/SP\d{8}$/);
      await page.getByText('只能查看').first().waitFor();
      assert((await page.locator('#name').count()) === 0, 'operator sees the edit form');
      // the product's history: seeded (新增标准商品) or, when an approval ran first, 新品申请入库
      await page
        .locator('.ant-card', { hasText: '操作记录' })
        .getByText(/^(新增标准商品|新品申请入库)$/)
        .first()
        .waitFor();
      await shot();
    },
  },
];
