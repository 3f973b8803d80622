import { answerConfirm, assert, openPage, shotPath, signIn, startSimulator, stopSimulator, waitForTitle } from './kit.mjs';

/**
 * Journey of 智能柜购物 (issue 16, docs/orders.md): the simulator runs one cabinet with consumers buying through the
 * open API; their orders appear on 销售订单 (searched by the cabinet); one paid order's detail shows its lines priced
 * at the door opening and its 沙箱支付 payment; its 开门记录 shows the session's timeline from the request to the order.
 * 异常订单: a 识别置信度低 order's 商品核对 — one unit confirmed from a slot that holds it — makes it 已完成, paid by
 * 沙箱支付, with 核对商品 in its log; its line is then refunded through a 售后工单 (仅退款: 受理, 完成 → 已退款, the order's
 * log says 退款成功); another abnormal order is closed with a reason (已取消, 已处理).
 */
const extraShot = shotPath('orders');
const CABINET = 'D2611000044';
const rowsOf = (scope) => scope.locator('tbody tr.ant-table-row');

export const orderJourneys = [
  {
    name: 'orders-simulated-cabinet-sales',
    title: '智能柜购物: simulated consumers buy at a cabinet, the orders appear, a paid order’s detail and its 开门记录 timeline',
    async run({ page, base, password, dataDir, shot }) {
      assert(dataDir, 'the e2e runner passes no dataDir');
      const simulator = await startSimulator(dataDir, [CABINET], {
        log: 'orders-simulator',
        shoppers: 20,
        abnormal: 0,
        api: base,
        minutes: 4,
      });
      try {
        await signIn(page, base, 'admin', password);
        await openPage(page, '智能柜订单', '销售订单', /\/website\/container-order\/salesOrder-list/);
        await waitForTitle(page, '销售订单');
        const table = page.getByTestId('sales-order-list');
        await table.getByPlaceholder('请输入设备编号').fill(CABINET);
        const search = table.getByRole('button', { name: /查\s*询/ });
        // the simulator's consumers (sim-user-…) have bought and paid: search again until a paid one shows
        const paid = rowsOf(table).filter({ hasText: 'sim-user-' }).filter({ hasText: '已完成' });
        for (let n = 0; ; n++) {
          await search.click();
          await page.waitForTimeout(1500);
          if ((await paid.count()) > 0) break;
          assert(n < 60, `no paid order of the simulator at ${CABINET} within 90 s`);
        }
        for (const text of await rowsOf(table.locator('.ant-table')).allInnerTexts())
          assert(text.includes(CABINET), `a row of another cabinet: ${text}`);
        await shot(extraShot('list'));

        // ---- a paid order: its lines, its 沙箱支付 payment, its log
        const orderNoSub = (await paid.first().locator('a').first().innerText()).trim();
        assert(/^XS\d{14}$/.test(orderNoSub), `order number ${orderNoSub}`);
        await paid.first().locator('a').first().click();
        await page.waitForURL(new RegExp(`salesOrder-list-detail/${orderNoSub}`));
        await page.getByText('沙箱支付').first().waitFor();
        await page.getByText('按开门时价格').first().waitFor();
        const lines = page.getByTestId('sales-order-lines');
        await rowsOf(lines).first().waitFor();
        await page.getByText('支付成功').first().waitFor();
        await shot(extraShot('detail'));

        // ---- its door-open record: the timeline from the request to the order
        const applyLink = page.locator('a', { hasText: /^KM\d{14}$/ }).first();
        const applyCode = (await applyLink.innerText()).trim();
        await applyLink.click();
        await page.waitForURL(new RegExp(`open-record-list-detail/${applyCode}`));
        const timeline = page.getByTestId('door-timeline');
        for (const step of ['开门请求', '下发开门指令', '柜门已打开', '柜门已关闭', '生成订单'])
          await timeline.getByText(step, { exact: true }).first().waitFor();
        await timeline.getByText(orderNoSub).first().waitFor();
        await shot();
      } finally {
        await stopSimulator(simulator);
      }
    },
  },
  {
    name: 'orders-abnormal-correct-close',
    title: '异常订单: 商品核对 of a 识别置信度低 order → 已完成 paid by 沙箱支付 with 核对商品 in its log; another closed with a reason',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      await openPage(page, '智能柜订单', '异常订单', /\/website\/container-order\/excepOrder-list/);
      await waitForTitle(page, '异常订单');
      const list = page.getByTestId('exception-order-list');
      await rowsOf(list).first().waitFor();
      const lowRow = rowsOf(list).filter({ hasText: '识别置信度低' }).filter({ hasText: '待处理' }).first();
      const orderNoSub = (await lowRow.locator('a').first().innerText()).trim();
      await shot(extraShot('abnormal-list'));
      await lowRow.getByRole('button', { name: '商品核对' }).click();
      await page.waitForURL(/commodityDetail\?orderNoSub=/);
      const slots = page.getByTestId('commodity-slots');
      await rowsOf(slots).first().waitFor();

      // what the camera saw is prefilled; the person confirms one unit from a slot that holds it
      const rows = rowsOf(slots);
      const n = await rows.count();
      for (let i = 0; i < n; i++) {
        const input = rows.nth(i).locator('input');
        if ((await input.inputValue()) !== '0' && (await input.inputValue()) !== '') await input.fill('0');
      }
      let chosen = -1;
      for (let i = 0; i < n && chosen < 0; i++) {
        const available = Number((await rows.nth(i).locator('td').nth(5).innerText()).trim());
        if (available >= 1) chosen = i;
      }
      assert(chosen >= 0, 'no slot of the cabinet holds stock');
      await rows.nth(chosen).locator('input').fill('1');
      await page
        .getByTestId('commodity-total')
        .getByText(/合计：\s*1\s*件/)
        .waitFor();
      await page.getByPlaceholder(/查看监控/).fill('查看监控确认：用户取走1件');
      await shot(extraShot('commodity'));
      await page.getByRole('button', { name: '确认核对' }).click();
      await page.getByTestId('correct-summary').waitFor();
      await answerConfirm(page, '确认核对');
      await page.waitForURL(new RegExp(`salesOrder-list-detail/${orderNoSub}`));
      await page.getByText('沙箱支付').first().waitFor();
      await page.getByText('已完成').first().waitFor();
      await page.getByText('核对商品').first().waitFor();
      await page.getByText(/曾为异常订单/).waitFor();
      await shot(extraShot('corrected'));

      // ---- 售后: the corrected order's line refunded through a work order (受理, 完成 → 沙箱支付 refunds it)
      await page.goto(`${base}/website/afterSale/after-sale-order?orderNoSub=${orderNoSub}`);
      const create = page.locator('.ant-modal:visible');
      await rowsOf(create.getByTestId('after-sale-order-lines')).first().waitFor();
      await create.getByText('仅退款', { exact: true }).click();
      await create.getByLabel('选择第1行').check();
      await create.getByPlaceholder('如：商品破损').fill('商品破损，用户要求退款');
      await shot(extraShot('after-sale-create'));
      await create.getByRole('button', { name: /提\s*交/ }).click();
      await page.waitForURL(/afterSalesOrderDetail\/SH\d{14}/);
      // the work order's own page (not the list's rows, still shown while it loads)
      await rowsOf(page.getByTestId('after-sale-lines')).first().waitFor();
      await page.getByRole('button', { name: /^受\s*理$/ }).click();
      await page.locator('.ant-modal:visible').getByRole('button', { name: '确认受理' }).click();
      await page.getByText('处理中').first().waitFor();
      await page.getByRole('button', { name: /^完\s*成$/ }).click();
      const done = page.locator('.ant-modal:visible');
      await done.getByTestId('after-sale-complete-note').waitFor();
      await done.getByPlaceholder(/同意退款/).fill('已核实商品破损，同意退款');
      await done.getByRole('button', { name: '确认完成' }).click();
      await page.getByText('已退款').first().waitFor();
      await page.getByText('已完成').first().waitFor();
      await shot(extraShot('after-sale-done'));
      // the order says the same: refunded by 沙箱支付, 退款成功 in its log
      await page.goto(`${base}/website/container-order/salesOrder-list-detail/${orderNoSub}`);
      await page.getByText('退款成功').first().waitFor();
      await page.getByText('售后完成').first().waitFor();
      await page.getByText('已退款').first().waitFor();

      // another abnormal order closed with a reason from the list
      await openPage(page, '智能柜订单', '异常订单', /\/website\/container-order\/excepOrder-list/);
      await rowsOf(list).first().waitFor();
      const other = rowsOf(list).filter({ hasText: '柜门未关' }).filter({ hasText: '待处理' }).first();
      const closedNo = (await other.locator('a').first().innerText()).trim();
      await other.getByRole('button', { name: /关\s*闭/ }).click();
      await page.getByPlaceholder(/核对监控/).fill('核对监控：用户未取走商品');
      await page.locator('.ant-modal:visible').getByRole('button', { name: '确认关闭' }).click();
      const closedRow = rowsOf(list).filter({ hasText: closedNo });
      await closedRow.getByText('已处理').waitFor();
      await closedRow.getByText('已取消').waitFor();
      await shot();
    },
  },
];
