import { assert, shotPath, signIn } from './kit.mjs';

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
      assert(text.includes('¥2.50') && text.includes('新增标准商品'), `history: ${text.slice(0, 300)}`);
      const detail = await page.getByTestId('standard-product-detail').innerText();
      assert(detail.includes('¥2.50'), `detail shows ${detail}`);
      await page.locator('.ant-card', { hasText: '操作记录' }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
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
      await page.locator('.ant-card', { hasText: '操作记录' }).getByText('新增标准商品').waitFor();
      await shot();
    },
  },
];
