import { assert, selectOption, shotPath, signIn } from './kit.mjs';

/**
 * Journeys of the stock pages of the location kinds other than the hub (issue 15): 批发商库存 库存编辑 → 库存管理 → its 流水
 * shows the movement, 批发库存 by goods; 前置仓 实时库存 filtered by a warehouse → its 库存流水; 智能柜 实时库存 filtered by a
 * device (设备 / 货道 columns) → its 库存流水.
 */
const extraShot = shotPath('stock-kinds');
const rowsOf = (scope) => scope.locator('tbody tr.ant-table-row');
const cell = (scope, label) => scope.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');

export const stockKindJourneys = [
  {
    name: 'stock-kinds-wholesaler',
    title: '批发商库存 · 库存编辑 of a SKU with a reason → 库存管理 shows it → its 流水 shows the 调整 movement → 批发库存 by goods',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password, '/website/wholesaler/wholesaler-editor-list');
      await page.waitForURL(/wholesaler-editor-list/);
      const editor = page.getByTestId('stock-editor');
      await editor.waitFor();
      assert((await editor.innerText()).includes('批发商库存'), 'the editor does not name the wholesaler stock');

      await selectOption(page, 'stock-edit-sku');
      await page.waitForURL(/skuId=\d+/);
      const current = page.getByTestId('stock-edit-current');
      await current.waitFor();
      const skuCode = (await cell(current, 'SKU编码').innerText()).trim();
      const onHand = Number((await cell(current, '现有库存').innerText()).trim());
      const locked = Number((await cell(current, '锁定库存').innerText()).trim());
      const stock = onHand + 24;
      await page.getByLabel('现有库存').fill(String(stock));
      await page.getByLabel('锁定库存').fill(String(locked));
      await page.getByLabel('修改原因').fill('批发仓到货清点');
      await page.getByTestId('stock-edit-preview').getByText('+24').first().waitFor();
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByTestId('stock-edit-confirm').waitFor();
      await page.getByRole('button', { name: '确认修改' }).click();
      await page.locator('.ant-message-notice', { hasText: '库存已更新' }).waitFor();

      // ---- 库存管理 (批发商库存) shows the new number
      await page.waitForURL(/wholesaler-management-list/);
      const list = page.getByTestId('stock-balances');
      await list.getByPlaceholder('SKU名称、编码或条码').fill(skuCode);
      await list.getByRole('button', { name: /查\s*询/ }).click();
      const row = rowsOf(list)
        .filter({ hasText: skuCode })
        .filter({ hasText: String(stock) })
        .first();
      await row.waitFor();
      await page.waitForTimeout(300);
      await shot();

      // ---- its 流水: the 调整 of the edit, before → after, in the wholesaler's 库存流水
      await row.getByRole('button', { name: '流水' }).click();
      await page.waitForURL(/wholesaler-water-list\?skuId=\d+/);
      const water = page.getByTestId('stock-movements');
      const adjust = rowsOf(water).filter({ hasText: '调整' }).filter({ hasText: '批发仓到货清点' }).first();
      await adjust.waitFor();
      const text = await adjust.innerText();
      assert(text.includes(`${onHand} → ${stock}`), `the 调整 movement does not show ${onHand} → ${stock}: ${text}`);
      assert((await water.innerText()).includes('库存流水（批发商库存）'), 'the movement list is not the wholesaler’s');
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('wholesaler-water') });

      // ---- 批发库存: the goods of the SKU, opened to its SKUs
      await page.goto(`${base}/website/wholesaler/goodsstock-lists`);
      const goods = page.getByTestId('wholesale-goods-stock');
      await goods.getByPlaceholder('商品名称、编码或SKU条码').fill(skuCode);
      await goods.getByRole('button', { name: /查\s*询/ }).click();
      const goodsRow = rowsOf(goods).first();
      await goodsRow.waitFor();
      await goodsRow.locator('.ant-table-row-expand-icon').click();
      const skuLine = goods.locator('.ant-table-expanded-row').getByText(skuCode);
      await skuLine.waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('wholesale-goods') });

      // ---- 批发商城 · SKU管理: the mall SKUs' 批发库存（可用） column
      await page.goto(`${base}/website/mall/mall-sku-list`);
      const mallHead = page.locator('thead', { hasText: '批发库存（可用）' }).first();
      await mallHead.waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('mall-sku-stock') });
    },
  },
  {
    name: 'stock-kinds-entrepot',
    title: '前置仓 · 实时库存 filtered by a warehouse (前置仓 column) → its 流水 in 库存流水 filtered by the warehouse',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password, '/website/entrepot/entrepot-inventory-list');
      const list = page.getByTestId('stock-balances');
      await rowsOf(list).first().waitFor();
      const warehouse = (await selectOption(page, 'locationId')).split('（')[0];
      await list.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForTimeout(500);
      await rowsOf(list).first().waitFor();
      const names = await rowsOf(list).locator('td:nth-child(1)').allInnerTexts();
      assert(names.length > 0 && names.every((n) => n.trim() === warehouse), `rows of other warehouses under ${warehouse}: ${names}`);
      await page.waitForTimeout(300);
      await shot();

      await rowsOf(list).first().getByRole('button', { name: '流水' }).click();
      await page.waitForURL(/entrepot-inventory-water\?skuId=\d+&locationId=\d+/);
      const water = page.getByTestId('stock-movements');
      const first = rowsOf(water).first();
      await first.waitFor();
      const moves = await rowsOf(water).allInnerTexts();
      assert(
        moves.every((m) => m.includes(warehouse)),
        `库存流水 shows another warehouse than ${warehouse}`,
      );
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('entrepot-water') });
    },
  },
  {
    name: 'stock-kinds-cabinet',
    title: '智能柜库存 · 实时库存 filtered by a device (设备 / 货道 columns) → 库存流水 of the device',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password, '/website/container-stock/container-inventory-management-list');
      const list = page.getByTestId('stock-balances');
      await rowsOf(list).first().waitFor();
      const head = await list.locator('thead').innerText();
      assert(head.includes('设备') && head.includes('货道'), `实时库存 lacks 设备 / 货道: ${head}`);
      const label = await selectOption(page, 'deviceCode');
      const device = /（(.+)）$/.exec(label)?.[1] ?? label;
      await list.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForTimeout(500);
      await rowsOf(list).first().waitFor();
      const devices = await rowsOf(list).locator('td:nth-child(1)').allInnerTexts();
      assert(devices.length > 0 && devices.every((d) => d.trim() === device), `rows of other devices under ${device}: ${devices}`);
      await page.waitForTimeout(300);
      await shot();

      await page.goto(`${base}/website/container-stock/container-inventory-water-list?deviceCode=${encodeURIComponent(device)}`);
      const water = page.getByTestId('stock-movements');
      await rowsOf(water).first().waitFor();
      const moves = await rowsOf(water).allInnerTexts();
      assert(moves.length > 0 && moves.every((m) => m.includes(device)), `库存流水 shows another device than ${device}`);
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('cabinet-water') });
    },
  },
];
