import { answerConfirm, assert, openPage, shotPath, signIn, waitForTitle } from './kit.mjs';

/**
 * Journey of the 渠道订单 (issue 16, docs/orders.md "渠道订单"): a 待发货 线上零售 order of the demo (sent by the channel's
 * open app, paid by 沙箱支付) is shipped from its detail with a carrier and tracking number — 已发货, the logistics shown,
 * 发货 in its log — then 确认收货 makes it 已完成; a 批发 order's lines show the tier price (阶梯批发价).
 */
const extraShot = shotPath('channel-orders');
const rowsOf = (scope) => scope.locator('tbody tr.ant-table-row');

export const channelOrderJourneys = [
  {
    name: 'channel-orders-ship-receive',
    title:
      '渠道订单: a 待发货 线上零售 order shipped (carrier, tracking number) and received from its detail; a 批发 order priced by its tier',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      await openPage(page, '订单管理', '线上零售订单', /\/website\/order\/online-retailers-list/);
      await waitForTitle(page, '线上零售订单');
      const list = page.getByTestId('channel-order-list');
      const toShip = rowsOf(list).filter({ hasText: '待发货' }).first();
      await toShip.waitFor();
      await shot(extraShot('list'));
      const orderNoSub = (await toShip.locator('a').first().innerText()).trim();
      assert(/^XS\d{14}$/.test(orderNoSub), `order number ${orderNoSub}`);
      await toShip.locator('a').first().click();
      await page.waitForURL(new RegExp(`online-retailers-detail/${orderNoSub}`));
      await page.getByText('沙箱支付').first().waitFor();
      await rowsOf(page.getByTestId('channel-order-lines')).first().waitFor();

      // 发货: a tracking number too short is refused on the form; a good one ships
      await page.getByRole('button', { name: /^发\s*货$/ }).click();
      const modal = page.locator('.ant-modal:visible');
      await modal.locator('.ant-select').click();
      await page.locator('.ant-select-item-option', { hasText: '顺丰速运' }).click();
      const tracking = `SF${Date.now().toString().slice(-10)}`;
      await modal.getByPlaceholder('请输入物流单号').fill('SF1');
      await modal.getByRole('button', { name: '确认发货' }).click();
      await modal.getByText('物流单号至少6位').waitFor();
      await modal.getByPlaceholder('请输入物流单号').fill(tracking);
      await shot(extraShot('ship'));
      await modal.getByRole('button', { name: '确认发货' }).click();
      await modal.waitFor({ state: 'detached' });
      const logistics = page.getByTestId('channel-order-logistics');
      await logistics.getByText(tracking).waitFor();
      await logistics.getByText('顺丰速运').waitFor();
      await page.getByText('已发货').first().waitFor();
      await page.getByText('发货', { exact: true }).first().waitFor();
      await shot(extraShot('shipped'));

      await page.getByRole('button', { name: '确认收货' }).click();
      await answerConfirm(page, '确认收货');
      await page.getByText('已完成').first().waitFor();
      await page.getByText('确认收货').first().waitFor();
      await shot();

      // a 批发 order: its lines at the mall SKU's tier price
      await openPage(page, '订单管理', '批发订单', /\/website\/order\/wholesale-order-list/);
      await waitForTitle(page, '批发订单');
      const first = rowsOf(page.getByTestId('channel-order-list')).first();
      await first.waitFor();
      await first.locator('a').first().click();
      await page.waitForURL(/wholesale-order-detail\/XS\d{14}/);
      await page.getByTestId('channel-order-lines').getByText('阶梯批发价').first().waitFor();
      await page.getByText('批发商库存').first().waitFor();
      await shot(extraShot('mall-detail'));
    },
  },
];
