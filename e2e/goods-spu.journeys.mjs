import { assert, shotPath, signIn } from './kit.mjs';

/**
 * Journeys of the merchant's goods and SKUs (issue 12): 从标准库选品, a new goods with two SKUs (a level-3
 * category, prices in 元), the SKU list searched, a SKU taken off the shelf with its history, and the SKU
 * list paged by keyset (下一页 / 上一页).
 */
const extraShot = shotPath('goods-spu');

/** A valid EAN-13 (GS1 check digit) from 12 digits. */
function ean13(twelve) {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}
const randomDigits = (n) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

const rowsOf = (scope) => scope.locator('tbody tr.ant-table-row');
async function waitFor(check, what, tries = 100) {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const goodsSpuJourneys = [
  {
    name: 'goods-spu-adopt-create-sku-paging',
    title: 'admin adopts two standard products, creates a goods with two SKUs, takes one SKU off the shelf (history), pages the SKU list',
    async run({ page, base, password, shot }) {
      // ---- 从标准库选品: two products
      await signIn(page, base, 'admin', password, '/website/goods/goods-management-list');
      await page.waitForURL(/goods-management-list/);
      await rowsOf(page).first().waitFor();
      await page.getByRole('button', { name: '从标准库选品' }).click();
      const modal = page.locator('.ant-modal', { hasText: '从标准库选品' });
      await rowsOf(modal).first().waitFor();
      const picked = [];
      for (const row of [rowsOf(modal).nth(0), rowsOf(modal).nth(1)]) {
        picked.push((await row.locator('td').nth(2).innerText()).trim());
        await row.locator('.ant-checkbox-input').check();
      }
      await page.waitForTimeout(200);
      await page.screenshot({ path: extraShot('adopt') });
      await modal.getByRole('button', { name: /选入商品（2）/ }).click();
      await page.locator('.ant-message-notice', { hasText: '已选入 2 个商品' }).waitFor();
      await modal.waitFor({ state: 'hidden' });
      const goodsText = await page.locator('.ant-table-tbody').first().innerText();
      for (const name of picked) assert(goodsText.includes(name), `the goods list lacks the adopted ${name}`);

      // ---- a new goods with two SKUs
      const stamp = randomDigits(4);
      const goodsName = `测试山泉水${stamp}`;
      const barcodes = [ean13(`20${randomDigits(10)}`), ean13(`21${randomDigits(10)}`)];
      await page.getByRole('button', { name: /新增商品/ }).click();
      await page.waitForURL(/add-goods\/0\/add/);
      await page.locator('#name').fill(goodsName);
      await page.locator('#brand').fill('测试');
      await page.locator('#categoryId').click();
      await page.keyboard.type('饮用水');
      await page
        .locator('.ant-select-tree-node-content-wrapper:visible', { hasText: /^饮用水$/ })
        .first()
        .click();
      await page.locator('#unit').fill('瓶');
      await page.locator('#shelfLifeDays').fill('365');
      await page.getByRole('button', { name: /添加SKU/ }).click();
      const skus = [
        { spec: '550ml', price: '2.50' },
        { spec: '1.5L', price: '5.80' },
      ];
      for (const [i, s] of skus.entries()) {
        await page.getByLabel(`第${i + 1}行规格值`).fill(s.spec);
        await page.getByLabel(`第${i + 1}行SKU条码`).fill(barcodes[i]);
        await page.getByLabel(`第${i + 1}行销售价`).fill(s.price);
      }
      await page.screenshot({ path: extraShot('add-goods'), fullPage: true });
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.waitForURL(/add-goods\/\d+\/view/);
      await page.locator('.ant-card', { hasText: 'SKU（2）' }).waitFor();
      const view = await page.locator('main, .ant-layout-content').first().innerText();
      assert(view.includes('饮料') && view.includes('饮用水'), `the goods view lacks its category path: ${view.slice(0, 300)}`);
      await page.screenshot({ path: extraShot('goods-view'), fullPage: true });

      // ---- the SKU list: search the new goods' SKUs
      await page.goto(`${base}/website/goods/sku-list`);
      await rowsOf(page).first().waitFor();
      const pager = page.getByTestId('keyset-pager');
      await pager.waitFor();
      await page.getByLabel('关键词').fill(goodsName);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await waitFor(
        async () => (await rowsOf(page).count()) === 2 && (await rowsOf(page).first().innerText()).includes(goodsName),
        'the two SKUs',
      );
      const row = rowsOf(page).filter({ hasText: '550ml' });
      const priceCell = row.locator('td', { hasText: /^2\.50$/ });
      assert((await priceCell.count()) === 1, `the 550ml row shows its price as: ${await row.innerText()}`);
      const align = await priceCell.evaluate((td) => td.ownerDocument.defaultView.getComputedStyle(td).textAlign);
      assert(align === 'right', `price cell aligned ${align}`);
      assert((await row.locator('.ant-tag', { hasText: '上架' }).count()) === 1, 'the new SKU is not tagged 上架');
      await page.screenshot({ path: extraShot('sku-search') });

      // ---- 下架 (confirmed), then the SKU's history
      await row.getByRole('button', { name: /下\s*架/ }).click();
      const confirm = page.locator('.ant-modal-confirm', { hasText: '确认下架' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
      await page.locator('.ant-message-notice', { hasText: '已下架' }).waitFor();
      await waitFor(async () => (await row.locator('.ant-tag', { hasText: '下架' }).count()) === 1, 'the 下架 tag');
      await row.locator('a').first().click();
      await page.waitForURL(/add-sku\/view\/\d+/);
      const history = page.locator('.ant-card', { hasText: '操作记录' }).locator('.ant-table-tbody');
      await history.getByText('新增SKU').waitFor();
      await history.locator('.ant-tag', { hasText: /^下架$/ }).waitFor();
      const text = await history.innerText();
      assert(text.includes('上下架状态') && text.includes('上架') && text.includes('¥2.50'), `SKU history: ${text.slice(0, 300)}`);
      const detail = await page.locator('.ant-descriptions').first().innerText();
      assert(detail.includes('550ml') && detail.includes(barcodes[0]), `SKU detail: ${detail.slice(0, 300)}`);
      await page.screenshot({ path: extraShot('sku-view'), fullPage: true });

      // ---- the whole SKU list by keyset: page 2 and back (the tab kept the search: 重置 clears it)
      await page.goto(`${base}/website/goods/sku-list`);
      await rowsOf(page).first().waitFor();
      assert((await page.getByLabel('关键词').inputValue()) === goodsName, 'the SKU list tab did not keep its search');
      await page.getByRole('button', { name: /重\s*置/ }).click();
      await waitFor(async () => (await rowsOf(page).count()) > 2, 'the whole list after 重置');
      await pager.getByText('第 1 页').waitFor();
      const firstPage = await rowsOf(page).allInnerTexts();
      const total = await pager.locator('.query-list-keyset-total').innerText();
      assert(/共 \d+ 条/.test(total) && Number(total.replace(/\D/g, '')) >= 120, `SKU total: ${total}`);
      assert(await pager.getByRole('button', { name: /上一页/ }).isDisabled(), '上一页 enabled on the first page');
      await pager.getByRole('button', { name: /下一页/ }).click();
      await pager.getByText('第 2 页').waitFor();
      await waitFor(async () => (await rowsOf(page).first().innerText()) !== firstPage[0], 'page 2');
      const secondPage = await rowsOf(page).allInnerTexts();
      assert(secondPage.length === firstPage.length, `page 2 has ${secondPage.length} rows`);
      assert(!secondPage.some((r) => firstPage.includes(r)), 'page 2 repeats rows of page 1');
      assert((await pager.locator('.query-list-keyset-total').innerText()) === total, 'the total changed on page 2');
      const prev = pager.getByRole('button', { name: /上一页/ });
      await waitFor(async () => !(await prev.isDisabled()), '上一页 enabled on page 2');
      // a SKU adopted from the library is named once by its spec (莫斯利安原味酸奶 200g, not …200g 200g)
      const names = await rowsOf(page).locator('td:nth-child(2)').allInnerTexts();
      assert(!names.some((n) => /(\S+) \1$/.test(n.trim())), `SKU names repeat their spec: ${names.join(' | ')}`);
      await page.waitForTimeout(400); // the buttons' colour transitions settle
      await page.screenshot({ path: extraShot('sku-page-2') });
      await pager.getByRole('button', { name: /上一页/ }).click();
      await pager.getByText('第 1 页').waitFor();
      await waitFor(async () => (await rowsOf(page).first().innerText()) === firstPage[0], 'back on page 1');
      assert(JSON.stringify(await rowsOf(page).allInnerTexts()) === JSON.stringify(firstPage), 'page 1 differs after 上一页');
      await shot();
    },
  },
];
