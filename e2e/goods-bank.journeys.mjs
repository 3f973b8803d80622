import { assert, dropdownOf, shotPath, signIn } from './kit.mjs';

/**
 * Journeys of where goods are sold (issue 12, section 102): add a goods to the goods bank with its own store
 * price, assign one of its SKUs to a store at the store's own price, and take it off the shelf in one sales
 * channel (ticked, 批量下架, confirmed), seeing each change in the lists and the history.
 */
const extraShot = shotPath('goods-bank');
const rowsOf = (list) => list.locator('tbody tr.ant-table-row');
const confirmModal = async (page) => {
  const modal = page.locator('.ant-modal-confirm').last();
  await modal.waitFor();
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await modal.waitFor({ state: 'detached' });
};

export const goodsBankJourneys = [
  {
    name: 'goods-bank-store-channel',
    title: 'admin banks a goods with a store price, assigns its SKU to a store at its own price, takes it off shelf in 智能柜',
    async run({ page, base, password, shot }) {
      // ---- 商品库: the list, then 加入商品库 ----
      await signIn(page, base, 'admin', password, '/website/goods/goods-bank-list');
      await page.waitForURL(/goods-bank-list/);
      const bankList = page.getByTestId('goods-bank-list');
      await rowsOf(bankList).first().waitFor();
      const bankText = await bankList.innerText();
      assert(bankText.includes('可售') && bankText.includes('停售'), 'the bank list shows 可售 and 停售 tags');
      await page.screenshot({ path: extraShot('list') });
      await page.getByRole('button', { name: /加入商品库/ }).click();
      await page.waitForURL(/add-goods-bank\/add$/);

      // pick a candidate whose first SKU is 上架
      let skuCode = '';
      for (let i = 0; i < 10 && !skuCode; i++) {
        await page.locator('#goodsId').click();
        const options = dropdownOf(page, 'goodsId').locator('.ant-select-item-option');
        await options.first().waitFor();
        await options.nth(i).click();
        const first = page.locator('.ant-card', { hasText: 'SKU门店价' }).locator('tbody tr.ant-table-row').first();
        await first.waitFor();
        const text = await first.innerText();
        if (text.includes('上架')) skuCode = text.match(/K\d{8}/)[0];
      }
      assert(skuCode, 'no candidate goods with a SKU 上架');
      const firstPrice = page.locator('.ant-card', { hasText: 'SKU门店价' }).locator('tbody input').first();
      await firstPrice.fill('9.90');
      await page.locator('#remark').fill('端到端测试加入');
      await page.screenshot({ path: extraShot('add') });
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.waitForURL(/add-goods-bank\/view\/\d+$/);
      await page.getByTestId('bank-title').waitFor();
      const history = page.locator('.ant-card', { hasText: '操作记录' }).locator('.ant-table-tbody');
      await history.getByText('加入商品库').waitFor();
      const histText = await history.innerText();
      assert(histText.includes('¥9.90'), `bank history: ${histText.slice(0, 300)}`);
      const skuTable = await page.locator('.ant-card', { hasText: 'SKU与门店价' }).innerText();
      assert(skuTable.includes('9.90'), `bank SKUs: ${skuTable.slice(0, 300)}`);
      for (let i = 0; i < 50 && !(await page.title()).startsWith('查看商品库商品'); i++) await page.waitForTimeout(100);
      assert((await page.title()).startsWith('查看商品库商品'), `title ${await page.title()}`);
      await page.screenshot({ path: extraShot('bank-view') });

      // ---- 门店铺货: the SKU (preset) to a store at its own price ----
      await page.getByRole('button', { name: /门店铺货/ }).click();
      await page.waitForURL(/add-goods-shop\/add\/\d+/);
      await page.getByTestId('shop-title').waitFor();
      await page.locator('#storeIds').click();
      const storeOption = dropdownOf(page, 'storeIds').locator('.ant-select-item-option').first();
      await storeOption.waitFor();
      const storeName = (await storeOption.innerText()).split('（')[0];
      await storeOption.click();
      await page.keyboard.press('Escape');
      const priceInput = page.locator('.ant-card', { hasText: '门店价' }).locator('tbody input').first();
      await priceInput.waitFor();
      await priceInput.fill('10.50');
      await page.screenshot({ path: extraShot('assign') });
      await page.getByRole('button', { name: /确认铺货/ }).click();
      await page.waitForURL(/goods-shop-list$/);
      const shopList = page.getByTestId('goods-shop-list');
      await shopList.getByPlaceholder('SKU名称、编码或条码').fill(skuCode);
      await shopList.getByRole('button', { name: /查\s*询/ }).click();
      const shopRow = rowsOf(shopList).filter({ hasText: storeName });
      await shopRow.first().waitFor();
      const shopText = await shopRow.first().innerText();
      assert(shopText.includes('10.50') && shopText.includes('9.90') && shopText.includes('上架'), `store row: ${shopText}`);
      // SKU × store rows grow without bound: the list pages by keyset (上一页 / 下一页, counted on the first page)
      const shopPager = shopList.getByTestId('keyset-pager');
      await shopPager.getByText('第 1 页').waitFor();
      const shopTotal = await shopPager.locator('.query-list-keyset-total').innerText();
      assert(/共 \d+ 条/.test(shopTotal), `store goods total: ${shopTotal}`);
      assert(await shopPager.getByRole('button', { name: /上一页/ }).isDisabled(), '上一页 enabled on the first page');
      await page.screenshot({ path: extraShot('store-list') });

      // ---- 销售管理: tick the SKU in 智能柜 and take it off the shelf there ----
      await page.goto(`${base}/website/goods/salesmanagement-list`);
      const sales = page.getByTestId('salesmanagement-list');
      await rowsOf(sales).first().waitFor();
      await sales.getByPlaceholder('SKU名称、编码或条码').fill(skuCode);
      await sales.getByRole('button', { name: /查\s*询/ }).click();
      const row = rowsOf(sales).filter({ hasText: skuCode });
      await row.first().waitFor();
      for (let i = 0; i < 30 && (await rowsOf(sales).count()) !== 1; i++) await page.waitForTimeout(100);
      assert((await row.first().innerText()).includes('智能柜'), 'the row is in 智能柜');
      if ((await row.first().innerText()).includes('下架')) {
        // not on shelf yet in 智能柜: put it on first
        await row.first().getByRole('button', { name: '上架' }).click();
        await confirmModal(page);
        await row.first().getByRole('button', { name: '下架' }).waitFor();
      }
      await row.first().getByRole('checkbox').check();
      await page.getByTestId('picked-count').getByText('已选 1 项').waitFor();
      await page.getByRole('button', { name: /批量下架/ }).click();
      const modal = page.locator('.ant-modal-confirm').last();
      await modal.locator('.ant-modal-confirm-title', { hasText: '批量下架 1 个SKU' }).waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: extraShot('bulk-confirm') });
      await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
      await page.locator('.ant-message-notice', { hasText: '已下架 1 个SKU' }).waitFor();
      await row.first().getByRole('button', { name: '上架' }).waitFor();
      assert((await row.first().innerText()).includes('下架'), 'the row shows 下架');
      await row.first().getByRole('button', { name: '操作记录' }).click();
      const drawer = page.getByRole('dialog').filter({ hasText: '渠道上下架记录' });
      await drawer.waitFor();
      let drawerText = '';
      for (let i = 0; i < 50 && !drawerText.includes('智能柜下架'); i++) {
        await page.waitForTimeout(100);
        drawerText = await drawer.innerText();
      }
      assert(drawerText.includes('智能柜下架') && drawerText.includes('admin'), `channel history: ${drawerText.slice(0, 300)}`);
      await page.waitForTimeout(300);
      await shot();
    },
  },
];
