import { answerConfirm, assert, pickSearched, selectOption, shotPath, signIn, startSimulator, stopSimulator, suffix } from './kit.mjs';

/**
 * Journeys of the price engine (issue 14). (1) A scheduled adjustment for two SKUs on one cabinet (the simulator runs
 * that cabinet): saved and submitted 定时 20 minutes ahead, seen 待生效, then the server's test clock is moved to its
 * time and it shows 已生效 (the e2e server sweeps every PRICE_SWEEP_SECONDS=2 s), the cabinet
 * acknowledging the pushed prices (已确认), the price records of the order and the cabinet's sheet showing 单柜价.
 * (2) A second channel: added, a cabinet bound to it, two SKUs adjusted in the channel (批量调价), the channel's sheet
 * and the cabinet's sheet showing the price from 二级渠道价.
 */
const extraShot = shotPath('price');
const rowsOf = (scope) => scope.locator('tbody tr.ant-table-row');
const confirmModal = (page, button = /确\s*定|OK|提\s*交/) => answerConfirm(page, button);
/** The time `ms` after `from` (the wall clock by default) in Asia/Shanghai (the business clock), as the date picker takes it. */
const shanghaiTime = (ms, from = Date.now()) => new Date(from + ms).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' });
const SCHEDULE_AHEAD_MS = 20 * 60_000;
/** Reloads (via the page's own polling or 刷新) until `locator` shows `text`, for at most `ms`. */
async function waitForText(page, locator, text, ms, refresh) {
  const until = Date.now() + ms;
  for (;;) {
    const t = await locator.innerText().catch(() => '');
    if (t.includes(text)) return t;
    if (Date.now() > until) throw new Error(`never showed ${text}: ${t.slice(0, 300)}`);
    if (refresh) await refresh();
    await page.waitForTimeout(1000);
  }
}

const CABINET = 'D2611000001';
// beyond the demo's cabinets the seed binds to its second channels (the first 16 已激活) and gives prices of their own (the first 10)
const CHANNEL_CABINET = 'D2611000018';

export const priceJourneys = [
  {
    name: 'price-scheduled-cabinet',
    title:
      'a scheduled adjustment of two SKUs on a simulated cabinet: 待生效, the test clock moved to its time → 已生效, pushed and 已确认, in the price records',
    // runs after every other journey (e2e/run.mjs): the server's clock stays 20 minutes ahead afterwards
    movesClock: true,
    async run({ page, base, password, dataDir, clock, shot }) {
      assert(dataDir, 'the e2e runner passes no dataDir');
      const simulator = await startSimulator(dataDir, [CABINET], { log: 'price-simulator' });
      try {
        await signIn(page, base, 'admin', password, `/website/goods/price-adjustment-detail?scopeType=cabinet&scopeKeys=${CABINET}`);
        await page.waitForURL(/price-adjustment-detail/);
        await page.getByTestId('adjustment-title').filter({ hasText: '新建调价单' }).waitFor();
        // the prefilled cabinet is chosen
        await page.locator('.ant-form-item', { hasText: '调价对象' }).getByText(CABINET).first().waitFor();

        // ---- two SKUs from the picker
        await page.getByRole('button', { name: /添加商品/ }).click();
        const picker = page.getByTestId('sku-picker');
        await rowsOf(picker).nth(1).waitFor();
        await rowsOf(picker).nth(0).locator('.ant-checkbox-input').check();
        await rowsOf(picker).nth(1).locator('.ant-checkbox-input').check();
        await page.getByRole('button', { name: /确定（2）/ }).click();
        const lines = page.getByTestId('adjustment-lines');
        await rowsOf(lines).nth(1).waitFor();
        const skuCodes = (await rowsOf(lines).allInnerTexts()).map((t) => t.split(/\s/)[0]);
        await rowsOf(lines).nth(0).locator('input').fill('3.30');
        await rowsOf(lines).nth(1).locator('input').fill('4.40');

        // ---- 定时生效 20 minutes ahead (of the server's clock), a reason, 保存并提交 (confirmed)
        await page.getByText('定时生效', { exact: true }).click();
        const when = shanghaiTime(SCHEDULE_AHEAD_MS, await clock.now());
        await page.locator('#adjustment-form_effectiveAt').click();
        await page.locator('#adjustment-form_effectiveAt').fill(when);
        await page.keyboard.press('Enter');
        // Enter takes the typed time; a panel still open is closed with its 确定 (it may be on its way out already)
        await page.waitForTimeout(300);
        const ok = page.locator('.ant-picker-dropdown:visible .ant-picker-ok button');
        if (await ok.isVisible().catch(() => false)) await ok.click({ timeout: 2000 }).catch(() => undefined);
        assert((await page.locator('#adjustment-form_effectiveAt').inputValue()) === when, 'the scheduled time was not taken');
        await page.locator('#adjustment-form_reason').fill('端到端定时调价');
        await page.screenshot({ path: extraShot('new') });
        await page.getByRole('button', { name: /保存并提交/ }).click();
        await confirmModal(page, /提\s*交/);
        await page.waitForURL(/price-adjustment-detail\?orderNo=/);
        const orderNo = new URL(page.url()).searchParams.get('orderNo');
        const status = page.getByTestId('adjustment-status').first();
        await status.filter({ hasText: '待生效' }).waitFor();
        const lineTable = await page.getByTestId('adjustment-line-table').innerText();
        assert(lineTable.includes('3.30') && lineTable.includes('4.40'), `lines: ${lineTable.slice(0, 300)}`);
        await page.screenshot({ path: extraShot('pending') });

        // ---- the test clock moves to its time (nothing happens before): 已生效 (the page polls), pushed, acknowledged
        await page.waitForTimeout(2500);
        assert((await status.innerText()).includes('待生效'), 'the order took effect before its time');
        await clock.advance(SCHEDULE_AHEAD_MS);
        await status.filter({ hasText: '已生效' }).waitFor({ timeout: 30_000 });
        const pushes = page.getByTestId('adjustment-pushes');
        const pushText = await waitForText(page, pushes, '已确认', 60_000);
        assert(pushText.includes(CABINET), `push rows: ${pushText}`);
        await page.locator('.record-history-changes, .ant-card', { hasText: '操作记录' }).first().waitFor();
        await shot();

        // ---- 价格记录 of the order: both SKUs, old → new
        await page.getByRole('button', { name: '价格记录' }).click();
        await page.waitForURL(/price-detail-h\?orderNo=/);
        const records = page.getByTestId('price-records');
        await rowsOf(records).nth(1).waitFor();
        const recText = await records.innerText();
        assert(recText.includes(orderNo) && skuCodes.every((c) => recText.includes(c)), `records: ${recText.slice(0, 400)}`);
        assert(recText.includes('3.30') && recText.includes('4.40'), `records new prices: ${recText.slice(0, 400)}`);
        await page.screenshot({ path: extraShot('records') });

        // ---- the cabinet's sheet: the SKUs at 单柜价
        await page.goto(`${base}/website/goods/containerPrice-single?deviceCode=${CABINET}`);
        const sheet = page.getByTestId('cabinet-sheet');
        await sheet.getByPlaceholder('SKU名称、编码或条码').fill(skuCodes[0]);
        await sheet.getByRole('button', { name: /查\s*询/ }).click();
        const row = rowsOf(sheet).filter({ hasText: skuCodes[0] }).first();
        await row.waitFor();
        const rowText = await row.innerText();
        assert(rowText.includes('3.30') && rowText.includes('单柜价'), `cabinet sheet row: ${rowText}`);
        await page.screenshot({ path: extraShot('cabinet-sheet') });

        // ---- 价格调整 › 调价单: the order 已生效, its push 1/1
        await page.goto(`${base}/website/goods/price-adjustment`);
        const orders = page.getByTestId('adjustment-list');
        await orders.locator('#orderNo').fill(orderNo);
        await orders.getByRole('button', { name: /查\s*询/ }).click();
        const orderRow = rowsOf(orders).filter({ hasText: orderNo }).first();
        const orderText = await waitForText(page, orderRow, '已生效', 10_000);
        assert(orderText.includes('1/1') && orderText.includes('定时生效'), `order row: ${orderText}`);
        await page.screenshot({ path: extraShot('orders') });
      } finally {
        await stopSimulator(simulator);
      }
    },
  },
  {
    name: 'price-second-channel',
    title: 'a second channel: add it, bind a cabinet, adjust two SKUs in it, see the price win on the cabinet',
    async run({ page, base, password, shot }) {
      const name = `E2E渠道${suffix()}`;
      await signIn(page, base, 'admin', password, '/website/goods/price-adjustment?tab=channels');
      await page.waitForURL(/price-adjustment\?tab=channels/);
      const list = page.getByTestId('price-channel-list');
      await list.waitFor();

      // ---- 新增二级渠道 under 智能柜
      await page.getByRole('button', { name: /新增二级渠道/ }).click();
      await selectOption(page, 'price-channel-form_firstChannelCode', '智能柜');
      await page.locator('#price-channel-form_name').fill(name);
      await page.locator('#price-channel-form_remark').fill('端到端测试渠道');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      const row = rowsOf(list).filter({ hasText: name }).first();
      await row.waitFor();
      assert((await row.innerText()).includes('启用'), `new channel row: ${await row.innerText()}`);

      // ---- 绑定智能柜
      await row.getByRole('button', { name: '绑定智能柜' }).click();
      await pickSearched(page, 'price-channel-bind_deviceCodes', CHANNEL_CABINET);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.locator('.ant-message').getByText('智能柜已绑定').waitFor();
      // the 智能柜数 cell (二级渠道, 一级渠道, 状态, 智能柜数)
      await waitForText(page, row.locator('td').nth(3), '1', 5_000);
      await page.screenshot({ path: extraShot('channels') });

      // ---- its price sheet: tick two SKUs, 批量调价 立即
      await row.getByRole('link', { name }).click();
      await page.waitForURL(/price-adjustment-h\//);
      const sheet = page.getByTestId('channel-sheet');
      await rowsOf(sheet).nth(1).waitFor();
      const skuCode = (await rowsOf(sheet).nth(0).innerText()).split(/\s/)[0];
      await rowsOf(sheet).nth(0).locator('.ant-checkbox-input').check();
      await rowsOf(sheet).nth(1).locator('.ant-checkbox-input').check();
      await page.getByRole('button', { name: /批量调价/ }).click();
      const dialog = page.locator('.ant-modal', { hasText: '批量调价' });
      await rowsOf(dialog).nth(1).waitFor();
      await rowsOf(dialog).nth(0).locator('input').fill('6.60');
      await rowsOf(dialog).nth(1).locator('input').fill('7.70');
      await dialog.locator('#quick-adjust_reason').fill('端到端渠道调价');
      await dialog.getByRole('button', { name: /提交调价/ }).click();
      await confirmModal(page, /提交调价/);
      await page
        .locator('.ant-message')
        .getByText(/调价已生效/)
        .waitFor();
      const first = rowsOf(sheet).filter({ hasText: skuCode }).first();
      const text = await waitForText(page, first, '6.60', 10_000);
      assert(text.includes('二级渠道价'), `channel sheet row: ${text}`);
      await shot();

      // ---- the bound cabinet sells it at the channel price (no cabinet price of its own)
      await page.goto(`${base}/website/goods/containerPrice-single?deviceCode=${CHANNEL_CABINET}`);
      const cabinet = page.getByTestId('cabinet-sheet');
      await cabinet.getByPlaceholder('SKU名称、编码或条码').fill(skuCode);
      await cabinet.getByRole('button', { name: /查\s*询/ }).click();
      const cabRow = rowsOf(cabinet).filter({ hasText: skuCode }).first();
      await cabRow.waitFor();
      const cabText = await cabRow.innerText();
      assert(cabText.includes('6.60'), `cabinet sheet row: ${cabText}`);
      assert(cabText.includes('二级渠道价') || cabText.includes('单柜价'), `cabinet sheet layer: ${cabText}`);
      await page.getByText(name).first().waitFor();
      await page.screenshot({ path: extraShot('channel-cabinet') });

      // ---- 本地生活价格 (全部门店): the sheet with its layers
      await page.goto(`${base}/website/goods/containerPrice-local-life-price`);
      const local = page.getByTestId('local-life-sheet');
      await rowsOf(local).first().waitFor();
      assert((await local.innerText()).includes('全部门店价'), 'the local-life sheet shows 全部门店价');
      await page.screenshot({ path: extraShot('local-life') });
    },
  },
  {
    name: 'price-draft-edit-cancel',
    title: 'a draft adjustment: saved, edited (the price read back in 元), submitted 定时, then cancelled with a reason before its time',
    async run({ page, base, password, shot }) {
      const cabinet = 'D2611000019';
      await signIn(page, base, 'admin', password, `/website/goods/price-adjustment-detail?scopeType=cabinet&scopeKeys=${cabinet}`);
      await page.getByTestId('adjustment-title').filter({ hasText: '新建调价单' }).waitFor();
      await page.getByRole('button', { name: /添加商品/ }).click();
      const picker = page.getByTestId('sku-picker');
      await rowsOf(picker).first().waitFor();
      await rowsOf(picker).first().locator('.ant-checkbox-input').check();
      await page.getByRole('button', { name: /确定（1）/ }).click();
      const lines = page.getByTestId('adjustment-lines');
      await rowsOf(lines).first().locator('input').fill('8.80');
      await page.locator('#adjustment-form_reason').fill('端到端草稿调价');
      await page.getByRole('button', { name: /保存草稿/ }).click();
      await page.waitForURL(/price-adjustment-detail\?orderNo=/);
      const status = page.getByTestId('adjustment-status').first();
      await status.filter({ hasText: '草稿' }).waitFor();

      // ---- 编辑: the price comes back in 元; a new one, 定时 in an hour
      await page.getByRole('button', { name: /^编\s*辑$/ }).click();
      await page.waitForURL(/handleType=edit/);
      const price = rowsOf(page.getByTestId('adjustment-lines')).first().locator('input');
      await page.waitForFunction(() => globalThis.document.querySelector('[data-testid="adjustment-lines"] tbody input')?.value === '8.80');
      await price.fill('9.90');
      await page.getByText('定时生效', { exact: true }).click();
      const when = shanghaiTime(3_600_000);
      await page.locator('#adjustment-form_effectiveAt').click();
      await page.locator('#adjustment-form_effectiveAt').fill(when);
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
      const ok = page.locator('.ant-picker-dropdown:visible .ant-picker-ok button');
      if (await ok.isVisible().catch(() => false)) await ok.click({ timeout: 2000 }).catch(() => undefined);
      await page.getByRole('button', { name: /保存并提交/ }).click();
      await confirmModal(page, /提\s*交/);
      await page.waitForURL((u) => u.searchParams.has('orderNo') && !u.searchParams.has('handleType'));
      await status.filter({ hasText: '待生效' }).waitFor();
      assert((await page.getByTestId('adjustment-line-table').innerText()).includes('9.90'), 'the edited price is on the order');

      // ---- 取消调价 with a reason: 已取消, in the history
      await page.getByRole('button', { name: /取消调价/ }).click();
      await page.locator('#adjustment-cancel_cancelReason').fill('活动取消');
      await page.getByRole('button', { name: /确认取消/ }).click();
      await status.filter({ hasText: '已取消' }).waitFor();
      const history = page.locator('.ant-card', { hasText: '操作记录' }).last();
      await history.getByText('活动取消').first().waitFor();
      assert((await page.getByRole('button', { name: /取消调价|提\s*交|^编\s*辑$/ }).count()) === 0, 'a cancelled order offers no actions');
      await shot();
    },
  },
];
