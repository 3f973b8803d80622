import { assert, downloadFrom, shotPath, signIn } from './kit.mjs';

/**
 * Journeys of the hub warehouse's balances (issue 15, 库存中心): 库存编辑 of a SKU with a reason (confirmed), the new
 * numbers in 库存管理, its 流水 showing the movement with before → after, and 库存流水 exported.
 */
const extraShot = shotPath('stock-balance');
const rowsOf = (scope) => scope.locator('tbody tr.ant-table-row');
const cell = (scope, label) => scope.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');

export const stockBalanceJourneys = [
  {
    name: 'stock-balance-edit',
    title:
      '库存编辑 of a hub SKU with a reason → the new numbers in 库存管理 → its 流水 shows 调整 / 锁定 before → after → 库存流水 exported',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password, '/website/inventory/inventory-editor-list');
      await page.waitForURL(/inventory-editor-list/);
      const editor = page.getByTestId('stock-editor');
      await editor.waitFor();

      // ---- pick a SKU (the first the picker offers)
      await page.getByLabel('选择SKU').click();
      const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
      await option.waitFor();
      await option.click();
      await page.waitForURL(/skuId=\d+/);
      const current = page.getByTestId('stock-edit-current');
      await current.waitFor();
      const skuCode = (await cell(current, 'SKU编码').innerText()).trim();
      const onHand = Number((await cell(current, '现有库存').innerText()).trim());
      const locked = Number((await cell(current, '锁定库存').innerText()).trim());
      const stock = onHand + 37;
      const lockStock = locked + 2;

      // ---- a lock above the stock is refused on the form
      await page.getByLabel('现有库存').fill('1');
      await page.getByLabel('锁定库存').fill('5');
      await page.getByLabel('修改原因').fill('端到端盘点修正');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await editor.getByText('锁定库存不能大于库存').waitFor();

      // ---- the new numbers, the preview, the confirmation
      await page.getByLabel('现有库存').fill(String(stock));
      await page.getByLabel('锁定库存').fill(String(lockStock));
      await page.getByTestId('stock-edit-preview').getByText('+37').waitFor();
      await page.screenshot({ path: extraShot('form') });
      await page.getByRole('button', { name: /保\s*存/ }).click();
      const confirm = page.getByTestId('stock-edit-confirm');
      await confirm.waitFor();
      assert((await confirm.innerText()).includes(`现有库存：${onHand} → ${stock}`), 'the confirmation does not show the change');
      await page.getByRole('button', { name: '确认修改' }).click();
      await page.locator('.ant-message-notice', { hasText: '库存已更新' }).waitFor();

      // ---- 库存管理 shows the new numbers
      await page.waitForURL(/inventory-management-list/);
      const list = page.getByTestId('stock-balances');
      await list.getByPlaceholder('SKU名称、编码或条码').fill(skuCode);
      await list.getByRole('button', { name: /查\s*询/ }).click();
      const row = rowsOf(list).filter({ hasText: skuCode }).first();
      await row.waitFor();
      await row.filter({ hasText: String(stock) }).waitFor();
      const rowText = await row.innerText();
      assert(rowText.includes(String(stock - lockStock)), `库存管理 does not show 可用 ${stock - lockStock}: ${rowText}`);
      await page.waitForTimeout(300);
      await shot();

      // ---- its 流水: 锁定 and 调整 of the edit, before → after
      await row.getByRole('button', { name: '流水' }).click();
      await page.waitForURL(/inventory-water-list\?skuId=\d+/);
      const water = page.getByTestId('stock-movements');
      const adjust = rowsOf(water).filter({ hasText: '调整' }).first();
      await adjust.waitFor();
      const adjustText = await adjust.innerText();
      assert(adjustText.includes(`${onHand} → ${stock}`), `the 调整 movement does not show ${onHand} → ${stock}: ${adjustText}`);
      assert(
        adjustText.includes('端到端盘点修正') && adjustText.includes('库存编辑'),
        `the movement lacks its reason or document: ${adjustText}`,
      );
      const lock = rowsOf(water)
        .filter({ hasText: '锁定' })
        .filter({ hasText: `${locked} → ${lockStock}` })
        .first();
      await lock.waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('water') });

      // ---- export 库存流水 (filtered by the SKU)
      const file = await downloadFrom(page, water.getByRole('button', { name: /导\s*出/ }));
      assert(/^库存流水_\d{14}\.xlsx$/.test(file.name), `the download is named ${file.name}`);
      assert(file.magic === 'PK', 'the download is not an .xlsx file');
    },
  },
  {
    name: 'stock-balance-goods',
    title: '商品库存 lists every SKU with a column per location kind and the totals',
    async run({ page, base, password }) {
      await signIn(page, base, 'admin', password, '/website/inventory/goodsstock-list');
      const list = page.getByTestId('goods-stock');
      await rowsOf(list).first().waitFor();
      const head = await list.locator('thead').innerText();
      for (const h of ['库存中心', '批发商库存', '前置仓', '智能柜货道', '门店库存', '现有合计'])
        assert(head.includes(h), `商品库存 lacks the column ${h}`);
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('goods') });
    },
  },
];
