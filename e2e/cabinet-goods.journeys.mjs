import {
  activateOnDetail,
  assert,
  connectCabinet,
  downloadFrom,
  menu,
  openPage,
  registerDevice,
  selectOption,
  shotPath,
  signIn,
  waitForTitle,
} from './kit.mjs';

/**
 * Journeys of 商户商品 (issue 14, section 129): (1) the admin registers and activates a 单门常温柜 that connects over the
 * real MQTT link, creates a goods template for the model, applies it to the cabinet, sees the cabinet's 同步货道 push
 * 已确认 and the slot in 设备商品; (2) 我的商品 → the cabinets that carry a goods (container-list), the section's other
 * pages, and 新品申请 → an application's detail → its PDF (download), all under /website/merchant-goods-management.
 */
const shot = shotPath('cabinet-goods');

export const cabinetGoodsJourneys = [
  {
    name: 'cabinet-goods-template-apply',
    title: 'admin creates a goods template, applies it to a connected cabinet, sees the push 已确认 and the device goods',
    async run({ page, base, password }) {
      await signIn(page, base, 'admin', password, '/website/device-management/device-list');
      const name = `E2E货道柜${String(Date.now()).slice(-5)}`;
      const { code, secret } = await registerDevice(page, name, '单门常温柜');
      await page.goto(`${base}/website/device-management/device-detail/${code}`);
      await activateOnDetail(page);

      const cabinet = await connectCabinet(code, secret, { ackMessage: (cmd) => `已同步货道${cmd.data?.slots?.length ?? 0}个` });
      const { received } = cabinet;
      try {
        // ---- the template list, from the menu
        await page.goto(`${base}/website/home`);
        await openPage(page, '商户商品', '商品模板', /merchant-goods-scene/);
        await waitForTitle(page, '商品模板');
        await page.locator('.ant-table-row').first().waitFor();
        await page.screenshot({ path: shot('template-list') });

        // ---- a new template: model, one slot with a SKU
        await page.getByRole('button', { name: /新增模板/ }).click();
        await waitForTitle(page, '新增商品模板');
        const templateName = `${name}模板`.slice(0, 30);
        await page.locator('#name').fill(templateName);
        await selectOption(page, 'modelCode', '单门常温柜');
        await page.getByRole('button', { name: /添加货道/ }).click();
        const skuText = (await selectOption(page, 'slots_0_skuId')).split('（')[0];
        await page.locator('#slots_0_capacity').fill('12');
        await page.locator('#slots_0_parLevel').fill('9');
        await page.screenshot({ path: shot('template-form'), fullPage: true });
        await page.getByRole('button', { name: /保存模板/ }).click();
        await page.locator('.ant-message').getByText('模板已创建').waitFor();
        await page.waitForURL(/edit-scene-page\/MB\d{10}/);
        const templateCode = /MB\d{10}/.exec(page.url())[0];

        // ---- apply it to the cabinet
        await page.getByRole('button', { name: /应用到设备/ }).click();
        const dialog = page.locator('.ant-modal').filter({ hasText: '应用到设备' });
        const deviceRow = dialog.locator('.ant-table-row').filter({ hasText: code });
        await deviceRow.locator('.ant-checkbox-input').check();
        await page.screenshot({ path: shot('apply-dialog') });
        await dialog.getByRole('button', { name: /应用（1台）/ }).click();
        await page
          .locator('.ant-modal-confirm')
          .getByRole('button', { name: /应\s*用/ })
          .click();
        await page
          .locator('.ant-message')
          .getByText(/已应用到1台设备/)
          .waitFor();
        // 应用记录: a keyset-paged list (it grows with every apply)
        const applied = page.getByTestId('template-applies').locator('tr').filter({ hasText: code });
        await applied.getByText('已确认').waitFor({ timeout: 20_000 });
        assert((await applied.innerText()).includes('已同步货道1个'), `apply row: ${await applied.innerText()}`);
        await page.screenshot({ path: shot('applied'), fullPage: true });
        const cmd = received.find((c) => c.type === 'planogram-sync');
        assert(cmd?.data?.templateCode === templateCode && cmd.data.slots[0].slotNo === '1-1', `the cabinet got ${JSON.stringify(cmd)}`);

        // ---- 模板商品 (masterplate-goods-list) lists the applied template's goods
        await page.goto(`${base}/website/merchant-goods-management/masterplate-goods-list`);
        await waitForTitle(page, '模板商品');
        await page.locator('.ant-table-row').first().waitFor();
        await page.locator('#templateCode').fill(templateCode);
        await page.getByRole('button', { name: /查\s*询/ }).click();
        const goodsRow = page.locator('.ant-table-row').filter({ hasText: templateCode }).filter({ hasText: skuText });
        await goodsRow.waitFor();
        const goodsText = await goodsRow.innerText();
        assert(goodsText.includes('1-1') && goodsText.includes(templateName), `template goods row: ${goodsText}`);
        // the template has one slot: one row
        await page.getByText(/^共 1 条$/).waitFor();
        await page.screenshot({ path: shot('template-goods') });

        // ---- 设备商品 shows the cabinet's slot
        await openPage(page, '商户商品', '设备商品', /merchant-list/);
        await page.locator('#deviceCode').fill(code);
        await page.getByRole('button', { name: /查\s*询/ }).click();
        const slot = page.locator('.ant-table-row').filter({ hasText: code }).filter({ hasText: '1-1' });
        await slot.waitFor();
        const text = await slot.innerText();
        assert(text.includes(skuText) && text.includes(templateCode), `device goods row: ${text}`);
        await page.screenshot({ path: shot('device-goods') });
      } finally {
        await cabinet.close();
      }
    },
  },
  {
    name: 'cabinet-goods-my-goods',
    title: '我的商品: goods carried by cabinets lead to the cabinets that carry them (container-list)',
    async run({ page, base, password }) {
      await signIn(page, base, 'admin', password, '/website/merchant-goods-management/my-goods-list');
      await waitForTitle(page, '我的商品');
      await page.locator('.ant-table-row').first().waitFor();
      await selectOption(page, 'carried', '已铺货');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForTimeout(1500);
      // a goods some cabinet carries: its 铺货设备数 is a link
      const row = page
        .locator('.ant-table-row')
        .filter({ has: page.locator('a', { hasText: /^\d+$/ }) })
        .first();
      const count = row.locator('a', { hasText: /^\d+$/ });
      const goodsName = (await row.locator('td').nth(1).innerText()).trim();
      await page.screenshot({ path: shot('my-goods') });
      await count.click();
      await page.waitForURL(/container-list\/\d+\//);
      await waitForTitle(page, '铺货设备');
      await page.locator('.ant-card-head-title').filter({ hasText: goodsName }).waitFor();
      await page.locator('.ant-table-row').first().waitFor();
      const n = await page.locator('.ant-table-row').count();
      assert(n > 0, 'the goods is carried by some cabinet');
      // the menu keeps 我的商品 active on the detail route
      await menu(page).locator('.ant-menu-item-selected', { hasText: '我的商品' }).waitFor();
      await page.screenshot({ path: shot('container-list'), fullPage: true });

      // the other pages of the section open with their data or an honest empty state
      await page.goto(`${base}/website/merchant-goods-management/hotgoods-list`);
      await page.getByText('暂无热销商品', { exact: true }).waitFor();
      // nothing sold yet: nothing to export
      assert(await page.getByRole('button', { name: /导\s*出/ }).isDisabled(), '导出 is enabled on the empty 热销商品');
      await page.screenshot({ path: shot('hotgoods') });
      await page.goto(`${base}/website/merchant-goods-management/goods-optimize-list`);
      await page.getByText('空货道').first().waitFor();
      await page.locator('.ant-table-row').first().waitFor();
      await page.screenshot({ path: shot('optimize') });
      // 导出 one cabinet's 空货道 (a filtered list small enough to download at once) as an .xlsx
      // a demo cabinet the seed's template left one slot empty (a cabinet another journey registered may lead the list
      // with 29 empty slots: more than the run's 20-row direct download)
      const firstDevice = 'D2611000001';
      await page.locator('#deviceCode').fill(firstDevice);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      // the filtered answer arrived: every row is that cabinet's
      for (let i = 0; ; i++) {
        const rows = await page.locator('.ant-table-row').allInnerTexts();
        if (rows.length > 0 && rows.every((t) => t.includes(firstDevice))) break;
        assert(i < 40, `the list is not filtered to ${firstDevice}: ${rows.slice(0, 3).join(' | ')}`);
        await page.waitForTimeout(500);
      }
      const total = Number((await page.getByText(/^共 \d+ 条$/).innerText()).match(/\d+/)[0]);
      assert(total >= 1 && total <= 20, `${firstDevice} has ${total} empty slots`);
      const sheet = await downloadFrom(page, page.getByRole('button', { name: /导\s*出/ }));
      assert(sheet.magic === 'PK' && sheet.name.endsWith('.xlsx') && sheet.size > 0, `the exported list is an .xlsx: ${sheet.name}`);
      assert(sheet.name.startsWith('商品优化'), `the export is named after the list: ${sheet.name}`);
      await page.goto(`${base}/website/merchant-goods-management/containerPrice-commodity`);
      await page.locator('.ant-table-row').first().waitFor();
      await page.locator('.ant-table-row').first().getByText('各柜价格').click();
      await page.waitForURL(/containerPrice-commodity-price\//);
      await page.locator('.ant-table-row').first().waitFor();
      await page.screenshot({ path: shot('commodity-price') });

      // the goods module's pages under 商户商品: 公共商品库 (adopt), 新品申请, and 相似商品
      await openPage(page, '商户商品', '公共商品库', /public-goods-list/);
      await waitForTitle(page, '公共商品库');
      await page.locator('.ant-table-row').first().getByText('选入我的商品').waitFor();
      await page.screenshot({ path: shot('public-goods') });
      await openPage(page, '商户商品', '新品申请', /marchant-add-new-product/);
      await page.locator('.ant-table-row').first().waitFor();
      // an application's detail and its printable PDF stay in this section (marchant-apply-detail / -pdf)
      await page.locator('.ant-table-row').first().getByRole('link', { name: '查看' }).click();
      await page.waitForURL(/\/website\/merchant-goods-management\/marchant-apply-detail\/[^/]+\/detail$/);
      await page.getByTestId('approval-title').waitFor();
      await menu(page).locator('.ant-menu-item-selected', { hasText: '新品申请' }).waitFor();
      await page.screenshot({ path: shot('apply-detail'), fullPage: true });
      await page.getByRole('button', { name: /预览申请单/ }).click();
      await page.waitForURL(/\/website\/merchant-goods-management\/marchant-apply-detail-pdf\?approvalCode=/);
      await page.getByTestId('pdf-title').waitFor();
      await menu(page).locator('.ant-menu-item-selected', { hasText: '新品申请' }).waitFor();
      const file = await downloadFrom(page, page.getByRole('button', { name: /下载PDF/ }));
      assert(file.magic === '%P' && file.name.endsWith('.pdf'), `the downloaded application is a PDF: ${file.name}`);
      assert(/\/website\/merchant-goods-management\//.test(page.url()), `stays under 商户商品: ${page.url()}`);
      await page.screenshot({ path: shot('apply-pdf'), fullPage: true });
      await openPage(page, '商户商品', '相似商品', /similar-goods-list/);
      const picker = page.locator('.ant-card input[aria-label="商品"]');
      await picker.click();
      await picker.fill('农夫山泉');
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await page.locator('.ant-table-row').first().waitFor();
      await page.screenshot({ path: shot('similar') });
    },
  },
];
