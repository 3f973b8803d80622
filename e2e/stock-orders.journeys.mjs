import {
  answerConfirm,
  assert,
  downloadFrom,
  dropdownOf,
  menu,
  openPage,
  saveRefusedReturn,
  shotPath,
  signIn,
  waitForTitle,
} from './kit.mjs';

/**
 * Journeys of 库存中心 · 入库管理 (issue 15, docs/stock.md). (1) The admin opens 入库管理 from the menu, creates a 入库单
 * with two SKUs picked by search, saves the draft, confirms it (asked first) and sees 已确认 with each line's stock
 * before → after; a confirmed order offers no 取消. (2) A 退货单 larger than the stock is refused on 确认退货 with the
 * ledger's 库存不足 message and stays 草稿. The list filters by type and exports. (3) 批发商库存 · 入库管理: the same pages on
 * the wholesaler stock — a 入库单 created and confirmed there moves the wholesaler stock (仓库 批发商库存).
 */

const extraShot = shotPath('stock-order');
const LIST = /\/website\/inventory\/inventory-add-list/;
const WHOLESALER_LIST = /\/website\/wholesaler\/wholesaler-add-list/;

/** Picks the first SKU not already on the order in the line's search select; returns its label. */
async function pickSku(page, row) {
  const id = `stock-order-form_lines_${row}_skuId`;
  const dropdown = dropdownOf(page, id);
  const option = dropdown.locator('.ant-select-item-option:not(.ant-select-item-option-disabled)').first();
  for (let attempt = 1; ; attempt += 1) {
    await page.locator(`#${id}`).click();
    await option.waitFor();
    const label = (await option.innerText()).trim();
    await option.click();
    const shown = await page
      .locator('.ant-select')
      .filter({ has: page.locator(`#${id}`) })
      .filter({ hasText: label })
      .first()
      .waitFor({ timeout: 3_000 })
      .then(
        () => true,
        () => false,
      );
    if (shown) return label;
    if (attempt === 3) throw new Error(`#${id} does not show “${label}” after picking it three times`);
  }
}

/** The confirm dialog's button (确认入库 / 确认退货 / …). */
export const stockOrderJourneys = [
  {
    name: 'stock-order-inbound-and-return',
    title:
      '入库管理: a 入库单 of two SKUs created and confirmed (已确认, stock before → after); a 退货单 beyond stock refused with 库存不足',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      await openPage(page, '库存中心', '入库管理', LIST);
      await waitForTitle(page, '入库管理');
      await page.getByTestId('stock-order-list').waitFor();

      // ---- a new 入库单 with two SKUs
      await page.getByRole('button', { name: /新建入库单/ }).click();
      await page.waitForURL(/inventory-add-edit\?type=inbound/);
      await page.getByTestId('stock-order-title').filter({ hasText: '新建入库单' }).waitFor();
      await page.locator('#stock-order-form_counterparty').fill('华东食品供应商（e2e）');
      const first = await pickSku(page, 0);
      await page.getByLabel('第1行数量').fill('12');
      await page.getByLabel('第1行单价').fill('3.5');
      await page.getByRole('button', { name: /添加商品/ }).click();
      const second = await pickSku(page, 1);
      assert(first !== second, `the second line picked the same SKU: ${first}`);
      await page.getByLabel('第2行数量').fill('5');
      await page.getByLabel('第2行单价').fill('12');
      await page.getByTestId('stock-order-totals').filter({ hasText: '17 件' }).waitFor();
      await shot(extraShot('form'));
      await page.getByRole('button', { name: /保存草稿/ }).click();

      // ---- the draft's page: confirm it
      await page.waitForURL(/inventory-add-detail\/RK\d{10}/);
      const code = /RK\d{10}/.exec(page.url())[0];
      await waitForTitle(page, '入库单详情');
      await page.getByTestId('stock-order-status').filter({ hasText: '草稿' }).waitFor();
      await page.getByRole('button', { name: '确认入库' }).click();
      await answerConfirm(page, '确认入库');
      await page.getByTestId('stock-order-status').filter({ hasText: '已确认' }).waitFor();
      const lines = page.getByTestId('stock-order-line-table');
      await lines.getByText('库存变化').waitFor();
      const text = await lines.innerText();
      assert(/\d+ → \d+/.test(text), `the confirmed lines show no stock before → after: ${text.slice(0, 300)}`);
      const row = lines.locator('tbody tr.ant-table-row').first();
      const [before, after] = (await row.innerText())
        .match(/(\d+) → (\d+)/)
        .slice(1)
        .map(Number);
      assert(after - before === 12, `the first line moved ${before} → ${after}, not +12`);
      assert(!(await page.getByRole('button', { name: /^取\s*消$/ }).count()), 'a confirmed order still offers 取消');
      await page.getByText('已确认的入库单不能取消，如需冲回请新建退货单').waitFor();
      await page.getByText('确认', { exact: true }).first().waitFor(); // the history's 确认 entry
      await shot(extraShot('confirmed'));

      // ---- a 退货单 larger than the stock: refused with 库存不足, still 草稿
      await page.goto(`${base}/website/inventory/inventory-add-edit?type=return`);
      await page.getByTestId('stock-order-title').filter({ hasText: '新建退货单' }).waitFor();
      await page.locator('#stock-order-form_counterparty').fill('退回华东食品供应商（e2e）');
      const id = 'stock-order-form_lines_0_skuId';
      await page.locator(`#${id}`).click();
      await page.locator(`#${id}`).fill(first.replace(/^.*（/, '').replace(/）$/, ''));
      await dropdownOf(page, id).locator('.ant-select-item-option').filter({ hasText: first }).first().click();
      await page.getByLabel('第1行数量').fill(String(after + 1000));
      const returnCode = await saveRefusedReturn(page, /inventory-add-detail\/TH\d{10}/, () => shot(extraShot('return-refused')));

      // ---- the list: both orders, filtered by type, exported
      await menu(page).locator('.ant-menu-item', { hasText: '入库管理' }).click();
      await page.waitForURL(LIST);
      const list = page.getByTestId('stock-order-list');
      await list.getByText(code).waitFor();
      await list.getByText(returnCode).waitFor();
      await shot(extraShot('list'));
      // exported narrowed to this run's orders (the demo's ~60 orders would exceed the run's direct-export limit and queue a task)
      await list.getByLabel('供应商/退货去向').fill('（e2e）');
      await list.getByRole('button', { name: /查\s*询/ }).click();
      await list.getByText('共 2 条', { exact: true }).waitFor();
      await list.getByText(code).waitFor();
      const file = await downloadFrom(page, page.getByRole('button', { name: /导\s*出/ }));
      assert(file.magic === 'PK' && file.name.endsWith('.xlsx'), `the export is an .xlsx: ${file.name}`);
    },
  },
  {
    name: 'stock-order-wholesaler-inbound',
    title: '批发商库存 · 入库管理: a 入库单 created and confirmed on the wholesaler stock (仓库 批发商库存, stock before → after)',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      await openPage(page, '批发商库存', '入库管理', WHOLESALER_LIST);
      await waitForTitle(page, '入库管理');
      await page.getByTestId('stock-order-list').waitFor();

      await page.getByRole('button', { name: /新建入库单/ }).click();
      await page.waitForURL(/wholesaler-add-edit\?type=inbound/);
      await page.getByTestId('stock-order-title').filter({ hasText: '新建入库单' }).waitFor();
      await page.locator('#stock-order-form_counterparty').fill('上海百岁山饮品配送中心（e2e）');
      await pickSku(page, 0);
      await page.getByLabel('第1行数量').fill('24');
      await page.getByLabel('第1行单价').fill('1.2');
      await page.getByRole('button', { name: /保存草稿/ }).click();

      await page.waitForURL(/wholesaler-add-detail\/RK\d{10}/);
      const code = /RK\d{10}/.exec(page.url())[0];
      await waitForTitle(page, '入库单详情');
      await page.locator('.ant-descriptions').getByText('批发商库存', { exact: true }).waitFor(); // 仓库
      await page.getByRole('button', { name: '确认入库' }).click();
      const modal = page.locator('.ant-modal-confirm').last();
      await modal.getByText(/将计入批发商库存/).waitFor();
      await answerConfirm(page, '确认入库');
      await page.getByTestId('stock-order-status').filter({ hasText: '已确认' }).waitFor();
      const row = page.getByTestId('stock-order-line-table').locator('tbody tr.ant-table-row').first();
      await row.getByText(/\d+ → \d+/).waitFor();
      const [before, after] = (await row.innerText())
        .match(/(\d+) → (\d+)/)
        .slice(1)
        .map(Number);
      assert(after - before === 24, `the line moved ${before} → ${after}, not +24`);
      await shot(extraShot('wholesaler-confirmed'));

      await menu(page).locator('.ant-menu-item', { hasText: '入库管理' }).click();
      await page.waitForURL(WHOLESALER_LIST);
      const list = page.getByTestId('stock-order-list');
      await list.getByText(code).waitFor();
      await shot(extraShot('wholesaler-list'));
    },
  },
];
