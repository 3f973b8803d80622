import {
  answerConfirm,
  assert,
  menu,
  openPage,
  pickSearched,
  saveRefusedReturn,
  selectOption,
  shotPath,
  signIn,
  waitForTitle,
} from './kit.mjs';

/**
 * Journeys of 前置仓 · 入库单 and 智能柜库存 · 盘点单 (issue 15, docs/stock.md). (1) The admin opens 前置仓 · 入库单, creates a
 * 入库单 at a picked 前置仓, confirms it and sees the warehouse's stock before → after; the list shows the 前置仓 column.
 * (2) The admin opens 盘点单, creates a stocktake of a cabinet (its slots snapshotted), enters the counts (one slot one
 * short), submits, approves; the stocktake is 已过账 and the slot's 盘点差异 shows its stock before → after. (3) The admin
 * reads a warehouse's 实时库存, opens 前置仓 · 退货单, returns 2 of a SKU it holds and confirms: 实时库存 falls by 2 and
 * the 库存流水 shows the 退货 with before → after; a 退货单 larger than the stock is refused with 库存不足 and stays 草稿.
 */

const extraShot = shotPath('entrepot-stocktake');
const ENTRY_LIST = /\/website\/entrepot\/entrepot-entry-list/;
const STOCKTAKE_LIST = /\/website\/container-stock\/check-stockList-list/;
const RETURN_LIST = /\/website\/entrepot\/entrepot-returned-list/;
const rowsOf = (scope) => scope.locator('tbody tr.ant-table-row');

/** The 前置仓 实时库存 of one warehouse and SKU code (filtered by both): its 现有 and 可用, read by the headers. */
async function warehouseStock(page, base, warehouse, skuCode) {
  await page.goto(`${base}/website/entrepot/entrepot-inventory-list`);
  const list = page.getByTestId('stock-balances');
  await rowsOf(list).first().waitFor();
  await selectOption(page, 'locationId', warehouse);
  if (skuCode) await list.getByPlaceholder('SKU名称、编码或条码').fill(skuCode);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await page.waitForTimeout(500);
  await rowsOf(list).first().waitFor();
  const heads = (await list.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const at = (title) => heads.findIndex((h) => h === title);
  const rows = [];
  for (let i = 0; i < (await rowsOf(list).count()); i += 1) {
    const cells = (await rowsOf(list).nth(i).locator('td').allInnerTexts()).map((c) => c.trim());
    rows.push({ skuCode: cells[at('SKU编码')], onHand: Number(cells[at('现有库存')]), available: Number(cells[at('可用库存')]) });
  }
  return { list, rows };
}

export const entrepotStocktakeJourneys = [
  {
    name: 'stock-entrepot-entry',
    title: '前置仓 · 入库单: a 入库单 at a picked 前置仓 created and confirmed (that warehouse’s stock before → after)',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      await openPage(page, '前置仓', '入库单', ENTRY_LIST);
      await waitForTitle(page, '入库单');
      await page.getByTestId('stock-order-list').waitFor();
      assert(!(await page.getByRole('button', { name: /新建退货单/ }).count()), 'the 入库单 page offers 新建退货单');

      await page.getByRole('button', { name: /新建入库单/ }).click();
      await page.waitForURL(/entrepot-entry-edit/);
      await page.getByTestId('stock-order-title').filter({ hasText: '新建入库单' }).waitFor();
      const warehouse = (await selectOption(page, 'stock-order-form_warehouseId')).replace(/（.*$/, '').trim();
      await page.locator('#stock-order-form_counterparty').fill('华东食品供应商（e2e 前置仓）');
      await selectOption(page, 'stock-order-form_lines_0_skuId');
      await page.getByLabel('第1行数量').fill('30');
      await page.getByLabel('第1行单价').fill('2.5');
      await shot(extraShot('entry-form'));
      await page.getByRole('button', { name: /保存草稿/ }).click();

      await page.waitForURL(/entrepot-entry-detail\/RK\d{10}/);
      const code = /RK\d{10}/.exec(page.url())[0];
      await waitForTitle(page, '入库单详情');
      await page.locator('.ant-descriptions').getByText(warehouse, { exact: true }).waitFor();
      await page.getByRole('button', { name: '确认入库' }).click();
      await page
        .locator('.ant-modal-confirm')
        .last()
        .getByText(new RegExp(`将计入${warehouse}`))
        .waitFor();
      await answerConfirm(page, '确认入库');
      await page.getByTestId('stock-order-status').filter({ hasText: '已确认' }).waitFor();
      const row = page.getByTestId('stock-order-line-table').locator('tbody tr.ant-table-row').first();
      await row.getByText(/\d+ → \d+/).waitFor();
      const [before, after] = (await row.innerText())
        .match(/(\d+) → (\d+)/)
        .slice(1)
        .map(Number);
      assert(after - before === 30, `the line moved ${before} → ${after}, not +30`);
      await shot(extraShot('entry-confirmed'));

      await menu(page).locator('.ant-menu-item', { hasText: '入库单' }).click();
      await page.waitForURL(ENTRY_LIST);
      const list = page.getByTestId('stock-order-list');
      const listed = list.locator('tr', { hasText: code });
      await listed.waitFor();
      await listed.getByText(warehouse).waitFor(); // the 前置仓 column
      await shot(extraShot('entry-list'));
    },
  },
  {
    name: 'stock-stocktake-count-approve',
    title: '盘点单: a stocktake of a cabinet created, counted (one slot short), submitted, approved; its 盘点差异 posted',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      await openPage(page, '智能柜库存', '盘点单', STOCKTAKE_LIST);
      await waitForTitle(page, '盘点单');
      const list = page.getByTestId('stocktake-list');
      await list.waitFor();
      await list.getByText('已过账').first().waitFor(); // the demo's posted stocktake
      await shot(extraShot('stocktake-list'));

      await page.getByRole('button', { name: /新建盘点单/ }).click();
      await selectOption(page, 'stocktake-create_deviceCode');
      await page
        .locator('.ant-modal')
        .getByRole('button', { name: /开始盘点/ })
        .click();
      await page.waitForURL(/check-stockList-detail\/PD\d{10}/);
      const code = /PD\d{10}/.exec(page.url())[0];
      await waitForTitle(page, '盘点单详情');
      await page.getByTestId('stocktake-status').filter({ hasText: '盘点中' }).waitFor();

      // count: every slot as the snapshot says, the first one holding stock one short
      const rows = page.getByTestId('stocktake-lines').locator('tbody tr.ant-table-row');
      const n = await rows.count();
      assert(n > 1, `the stocktake has ${n} lines`);
      let short = -1;
      for (let i = 0; i < n; i += 1) {
        const cells = rows.nth(i).locator('td');
        const system = Number((await cells.nth(3).innerText()).trim());
        const qty = short < 0 && system > 0 ? system - 1 : system;
        if (qty !== system) short = i;
        await cells.nth(4).locator('input').fill(String(qty));
      }
      assert(short >= 0, 'no slot holds stock');
      await rows.nth(short).locator('td').nth(5).getByText('-1').waitFor();
      await shot(extraShot('stocktake-counting'));
      await page.getByRole('button', { name: /保存盘点数/ }).click();
      await page.getByText(`${n} / ${n} 个货道`).waitFor();
      await page.getByRole('button', { name: /提交审核/ }).click();
      await page.getByTestId('stocktake-status').filter({ hasText: '待审核' }).waitFor();
      await page.getByRole('button', { name: /审核通过/ }).click();
      await answerConfirm(page, '审核通过');
      await page.getByTestId('stocktake-status').filter({ hasText: '已过账' }).waitFor();
      const posted = rows.nth(short);
      await posted.getByText(/\d+ → \d+/).waitFor();
      const [before, after] = (await posted.innerText())
        .match(/(\d+) → (\d+)/)
        .slice(1)
        .map(Number);
      assert(before - after === 1, `the short slot moved ${before} → ${after}, not −1`);
      await page.getByText(/过账1条盘点差异/).waitFor(); // the history
      await shot(extraShot('stocktake-posted'));

      await menu(page).locator('.ant-menu-item', { hasText: '盘点单' }).click();
      await page.waitForURL(STOCKTAKE_LIST);
      await list.locator('tr', { hasText: code }).getByText('已过账').waitFor();
    },
  },
  {
    name: 'stock-entrepot-return',
    title: '前置仓 · 退货单: a 退货单 at a warehouse confirmed (实时库存 −2, its 库存流水); one beyond the stock refused with 库存不足',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      // a warehouse and a SKU it holds (2 or more available)
      await page.goto(`${base}/website/entrepot/entrepot-inventory-list`);
      await rowsOf(page.getByTestId('stock-balances')).first().waitFor();
      const warehouse = (await selectOption(page, 'locationId')).split('（')[0].trim();
      const { rows } = await warehouseStock(page, base, warehouse);
      const held = rows.find((r) => r.available >= 2);
      assert(held, `${warehouse} holds no SKU with 2 available`);
      await shot(extraShot('return-stock-before'));

      await openPage(page, '前置仓', '退货单', RETURN_LIST);
      await waitForTitle(page, '退货单');
      await page.getByTestId('stock-order-list').waitFor();
      assert(!(await page.getByRole('button', { name: /新建入库单/ }).count()), 'the 退货单 page offers 新建入库单');
      await page.getByRole('button', { name: /新建退货单/ }).click();
      await page.waitForURL(/entrepot-returned-edit/);
      await page.getByTestId('stock-order-title').filter({ hasText: '新建退货单' }).waitFor();
      await selectOption(page, 'stock-order-form_warehouseId', warehouse);
      await page.locator('#stock-order-form_counterparty').fill('退回库存中心（e2e 临期）');
      await pickSearched(page, 'stock-order-form_lines_0_skuId', held.skuCode);
      await page.getByLabel('第1行数量').fill('2');
      await shot(extraShot('return-form'));
      await page.getByRole('button', { name: /保存草稿/ }).click();
      await page.waitForURL(/entrepot-returned-detail\/TH\d{10}/);
      const code = /TH\d{10}/.exec(page.url())[0];
      await waitForTitle(page, '退货单详情');
      await page.locator('.ant-descriptions').getByText(warehouse, { exact: true }).waitFor();
      await page.getByRole('button', { name: '确认退货' }).click();
      await answerConfirm(page, '确认退货');
      await page.getByTestId('stock-order-status').filter({ hasText: '已确认' }).waitFor();
      const line = page.getByTestId('stock-order-line-table').locator('tbody tr.ant-table-row').first();
      await line.getByText(/\d+ → \d+/).waitFor();
      const [before, after] = (await line.innerText())
        .match(/(\d+) → (\d+)/)
        .slice(1)
        .map(Number);
      assert(
        before - after === 2 && before === held.onHand,
        `the line moved ${before} → ${after}, not ${held.onHand} → ${held.onHand - 2}`,
      );
      await shot(extraShot('return-confirmed'));

      // 实时库存 of that warehouse and SKU: 2 fewer; its 流水 shows the 退货 of this order
      const now = await warehouseStock(page, base, warehouse, held.skuCode);
      const row = now.rows.find((r) => r.skuCode === held.skuCode);
      assert(row && row.onHand === held.onHand - 2, `实时库存 of ${held.skuCode} at ${warehouse}: ${row?.onHand}, not ${held.onHand - 2}`);
      await shot(extraShot('return-stock-after'));
      await rowsOf(now.list).filter({ hasText: held.skuCode }).first().getByRole('button', { name: '流水' }).click();
      await page.waitForURL(/entrepot-inventory-water\?skuId=\d+&locationId=\d+/);
      const water = page.getByTestId('stock-movements');
      const move = rowsOf(water).filter({ hasText: code }).first();
      await move.waitFor();
      const moved = await move.innerText();
      assert(moved.includes(warehouse) && moved.includes('-2'), `the 流水 of ${code} does not show −2 at ${warehouse}: ${moved}`);
      await page.waitForTimeout(300);
      await shot(extraShot('return-water'));

      // a 退货单 beyond the stock: refused with 库存不足, still 草稿
      await openPage(page, '前置仓', '退货单', RETURN_LIST);
      await page.getByRole('button', { name: /新建退货单/ }).click();
      await page.getByTestId('stock-order-title').filter({ hasText: '新建退货单' }).waitFor();
      await selectOption(page, 'stock-order-form_warehouseId', warehouse);
      await page.locator('#stock-order-form_counterparty').fill('退回库存中心（e2e 超量）');
      await pickSearched(page, 'stock-order-form_lines_0_skuId', held.skuCode);
      await page.getByLabel('第1行数量').fill(String(held.onHand + 100));
      const refusedCode = await saveRefusedReturn(page, /entrepot-returned-detail\/TH\d{10}/, () => shot(extraShot('return-refused')));

      await menu(page).locator('.ant-menu-item', { hasText: '退货单' }).click();
      await page.waitForURL(RETURN_LIST);
      const list = page.getByTestId('stock-order-list');
      await list.locator('tr', { hasText: code }).getByText('已确认').waitFor();
      await list.locator('tr', { hasText: refusedCode }).getByText('草稿').waitFor();
      await shot(extraShot('return-list'));
    },
  },
];
