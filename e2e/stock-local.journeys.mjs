import { assert, shotPath, selectOption, signIn } from './kit.mjs';

/**
 * Journeys of the stores' stock (issue 15, 本地库存, section 128): 新增门店库存 (an open store, a SKU, 入库 with a reason,
 * confirmed) → 详情 shows the 入库 movement before → after → 库存列表 finds it with its store → 编辑 (调整 + 锁定) → 详情
 * shows the edit's movements → 库存报表 of this month shows the period's 入 / 出 and the closing on hand.
 */
const extraShot = shotPath('stock-local');
const rowsOf = (scope) => scope.locator('tbody tr.ant-table-row');
const cell = (scope, label) => scope.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');
const LOCAL = '/website/inventory-management-local';
/** A page's own element (the workspace keeps earlier tabs' pages mounted, hidden). */
const shown = (page, id) => page.locator(`[data-testid="${id}"]:visible`);

export const stockLocalJourneys = [
  {
    name: 'stock-local-store',
    title: '新增门店库存 (入库) → 详情 movements → 库存列表 → 编辑 (调整 / 锁定) → 详情 edits → 库存报表 in / out / closing',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password, `${LOCAL}/inventory-edit`);
      const editor = shown(page, 'store-stock-editor');
      await editor.waitFor();

      // ---- 新增门店库存: the contract's rules on an empty form, then a store, a SKU, 25 units and a reason
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await editor.getByText('请选择门店').waitFor();
      const storeLabel = await selectOption(page, 'storeCode');
      const storeName = storeLabel.split('（')[0];
      const skuLabel = await selectOption(page, 'skuId');
      const skuCode = /（([^ /）]+)/.exec(skuLabel)?.[1];
      assert(skuCode, `no SKU code in “${skuLabel}”`);
      await page.getByLabel('入库数量').fill('25');
      await page.getByLabel('原因').fill('端到端门店到货');
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('add') });
      await page.getByRole('button', { name: /保\s*存/ }).click();
      const confirm = shown(page, 'store-stock-add-confirm');
      await confirm.waitFor();
      assert((await confirm.innerText()).includes(`门店：${storeName}`), 'the confirmation does not name the store');
      await page.getByRole('button', { name: '确认入库' }).click();
      await page.locator('.ant-message-notice', { hasText: '已入库' }).waitFor();

      // ---- 详情: the 入库 movement, before → after
      await page.waitForURL(/inventory-management-local-detail\?id=\d+/);
      const detail = shown(page, 'store-stock-detail');
      await detail.waitFor();
      const onHand = Number((await cell(detail, '现有库存').innerText()).trim());
      const inbound = rowsOf(shown(page, 'store-stock-movements')).filter({ hasText: '端到端门店到货' }).first();
      await inbound.waitFor();
      const inboundText = await inbound.innerText();
      assert(inboundText.includes(`${onHand - 25} → ${onHand}`) && inboundText.includes('入库'), `the 入库 movement reads ${inboundText}`);

      // ---- 库存列表: the row with its store
      await page.goto(`${base}${LOCAL}/inventory-management-local-list`);
      const list = shown(page, 'store-stock');
      await list.getByPlaceholder('SKU名称、编码或条码').fill(skuCode);
      await list.getByRole('button', { name: /查\s*询/ }).click();
      const row = rowsOf(list).filter({ hasText: storeName }).filter({ hasText: skuCode }).first();
      await row.waitFor();
      await row.filter({ hasText: String(onHand) }).waitFor();
      await page.waitForTimeout(300);
      await shot();

      // ---- 编辑: on hand − 5, lock 2
      await row.getByRole('button', { name: '编辑' }).click();
      await page.waitForURL(/inventory-edit\/\d+/);
      const stock = onHand - 5;
      const form = shown(page, 'store-stock-editor');
      await form.getByLabel('现有库存').fill(String(stock));
      await form.getByLabel('锁定库存').fill('2');
      await form.getByLabel('修改原因').fill('端到端门店盘点');
      await shown(page, 'stock-edit-preview').getByText('−5').waitFor();
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await shown(page, 'stock-edit-confirm').waitFor();
      await page.getByRole('button', { name: '确认修改' }).click();
      await page.locator('.ant-message-notice', { hasText: '库存已更新' }).waitFor();

      // ---- 详情: the edit's 调整 and 锁定 in the movements and the edit history
      await page.waitForURL(/inventory-management-local-detail\?id=\d+/);
      const edits = shown(page, 'store-stock-edits');
      await rowsOf(edits)
        .filter({ hasText: '调整' })
        .filter({ hasText: `${onHand} → ${stock}` })
        .first()
        .waitFor();
      await rowsOf(edits).filter({ hasText: '锁定' }).first().waitFor();
      assert((await cell(shown(page, 'store-stock-detail'), '可用库存').innerText()).trim() === String(stock - 2), '可用 is not stock − 2');
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('detail'), fullPage: true });

      // ---- 库存报表 (this month by default): the store and SKU; 入 holds the 25, 出 the 5, the closing is the on hand
      await page.goto(`${base}${LOCAL}/inventory-management-statement`);
      const statement = shown(page, 'store-statement');
      await statement.waitFor();
      await selectOption(page, 'storeCode', storeName);
      await statement.getByPlaceholder('SKU名称、编码或条码').fill(skuCode);
      await statement.getByRole('button', { name: /查\s*询/ }).click();
      const line = rowsOf(statement).filter({ hasText: skuCode }).first();
      await line.waitFor();
      const cells = (await line.locator('td').allInnerTexts()).map((t) => t.trim());
      const head = (await statement.locator('thead th').allInnerTexts()).map((t) => t.trim());
      const at = (title) => Number(cells[head.findIndex((h) => h.startsWith(title))]);
      assert(at('期末库存') === stock, `库存报表 closes on ${at('期末库存')}, the store holds ${stock}: ${cells.join(' | ')}`);
      assert(at('入合计') >= 25 && at('出合计') >= 5, `库存报表 in / out: ${cells.join(' | ')}`);
      assert(at('期初库存') + at('入合计') - at('出合计') === at('期末库存'), `期初 + 入 − 出 ≠ 期末: ${cells.join(' | ')}`);
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('statement') });
    },
  },
];
