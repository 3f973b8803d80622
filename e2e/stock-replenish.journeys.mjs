import { answerConfirm, assert, openPage, pickSearched, selectOption, shotPath, signIn, suffix, waitForTitle } from './kit.mjs';

/**
 * Journey of 智能柜库存 补货 (section 105, docs/stock.md "补货"): 规则配置 — one cabinet's slots set by device (补货线 =
 * 补满量 = 容量), a 补满量 above the capacity refused in the form; 补货规则 — a rule over that cabinet from 库存中心,
 * 生成补货单; 补货单 — the generated order 派送 (stock leaves the hub), 完成 with one slot one short (its 差异 shown),
 * and its movements on 库存中心's 库存流水.
 */

const extraShot = shotPath('stock-replenish');

export const stockReplenishJourneys = [
  {
    name: 'stock-replenish-configure-generate-dispatch-complete',
    title:
      '补货: a cabinet configured by device, a rule generates its 补货单, 派送 takes stock from the hub, 完成 one short shows the 差异',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      await openPage(page, '智能柜库存', '规则配置', /\/website\/container-stock\/rule-configuration-list/);
      await waitForTitle(page, '规则配置');
      const slots = page.getByTestId('replenish-slot-list');
      await slots.locator('tbody tr.ant-table-row').first().waitFor();

      // ---- 按设备批量设置: the first cabinet, 补货线 = 补满量 = 100 % of capacity
      await page.getByRole('button', { name: '按设备批量设置' }).click();
      const label = await selectOption(page, 'replenish-slot-batch_deviceCode');
      const device = /D\d+/.exec(label)[0];
      await page.locator('#replenish-slot-batch_minPercent').fill('100');
      await page.locator('#replenish-slot-batch_maxPercent').fill('100');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await answerConfirm(page, '确认覆盖'); // the batch says how many slots it overwrites
      await page.locator('.ant-message').getByText('已按设备设置全部货道').waitFor();

      // ---- one slot: a 补满量 above the capacity is refused in the form
      await slots
        .getByRole('button', { name: /^设\s*置$/ })
        .first()
        .click();
      await page.locator('#replenish-slot_maxLevel').fill('9999');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page
        .getByText(/补满量不能大于货道容量\d+/)
        .first()
        .waitFor();
      await shot(extraShot('slot-form'));
      await page.keyboard.press('Escape');
      await answerConfirm(page, /放\s*弃/);
      await page
        .locator('.ant-modal-wrap:visible')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);

      // ---- 补货规则: a rule over that cabinet from 库存中心, then 生成补货单
      await openPage(page, '智能柜库存', '补货规则', /\/website\/container-stock\/replenishment-rule/);
      await waitForTitle(page, '补货规则');
      const name = `e2e补货${suffix()}`;
      await page.getByRole('button', { name: /新增补货规则/ }).click();
      await page.locator('#replenish-rule_name').fill(name);
      await pickSearched(page, 'replenish-rule_deviceCodes', device);
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.locator('.ant-message').getByText('补货规则已新增').waitFor();
      const ruleRow = page.getByTestId('replenish-rule-table').locator('tr', { hasText: name });
      await ruleRow.waitFor();
      await shot(extraShot('rules'));
      await ruleRow.getByRole('button', { name: '生成补货单' }).click();
      await answerConfirm(page, /生\s*成/);
      await page.waitForURL(/\/website\/container-stock\/inventory-stockList-list/);

      // ---- 补货单: the generated order of that cabinet
      const list = page.getByTestId('replenish-order-list');
      const row = list.locator('tbody tr.ant-table-row', { hasText: device }).filter({ hasText: '已生成' }).first();
      await row.waitFor();
      await shot(extraShot('orders'));
      await row.getByRole('link').first().click();
      await page.waitForURL(/inventory-stockList-detail\/BH\d{10}/);
      const code = /BH\d{10}/.exec(page.url())[0];
      await waitForTitle(page, '补货单详情');

      // 派送: the hub's stock goes out
      await page.getByRole('button', { name: /派\s*送/ }).click();
      await answerConfirm(page, /派\s*送/);
      await page.locator('.ant-message').getByText('补货单已派送，货源库存已扣减').waitFor();
      await page.getByRole('button', { name: '完成补货' }).waitFor();
      // the 补货 command to the cabinet (sent over the device link, or not when the link is off)
      await page.getByText(/^补货指令 C\w+：|^未发送到设备/).waitFor();

      // 完成: the first slot one short
      await page.getByRole('button', { name: '完成补货' }).click();
      const first = page.getByLabel(/^货道.+实装数量$/).first();
      await first.waitFor();
      const sent = Number(await first.inputValue());
      assert(sent >= 1, `the first line sends ${sent}`);
      await first.fill(String(sent - 1));
      await page.getByRole('button', { name: '确认完成' }).click();
      await page.locator('.ant-message').getByText('补货单已完成，货道库存已增加').waitFor();
      const lines = page.getByTestId('replenish-line-table');
      await lines.getByText('-1', { exact: true }).waitFor();
      await page.getByText('完成', { exact: true }).first().waitFor(); // the history's 完成 entry
      await shot(extraShot('completed'));

      // the movements: 补货 out of 库存中心 under the order's code
      await page.getByRole('link', { name: '库存中心流水' }).click();
      await page.waitForURL(new RegExp(`inventory-water-list\\?docCode=${code}`));
      await page.getByText('补货', { exact: true }).first().waitFor();
      await shot(extraShot('movements'));
    },
  },
];
