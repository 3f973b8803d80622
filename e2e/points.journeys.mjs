import { assert, bindDevice, downloadFrom, fillLocationForm, registerDevice, saveNewLocation, shotPath, signIn } from './kit.mjs';

/**
 * Journeys of points (点位, issue 13): add a point with the region cascader, bind a new cabinet to it, see it in the
 * device list's 所在点位 column, unbind it, edit the point's business terms on 点位经营 and find the change in 点位日志.
 * Works on its own point and its own cabinet (other journeys' rows are left alone).
 */
const shot = shotPath('points');
const ok = (page) => page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|OK|解\s*绑/ });

export const pointJourneys = [
  {
    name: 'points-bind-terms-log',
    title:
      'admin adds a point (region cascader), binds a cabinet (所在点位 on the device list), unbinds it, edits the terms and sees them in 点位日志',
    async run({ page, base, password }) {
      const tag = String(Date.now()).slice(-5);
      const pointName = `E2E点位${tag}`;
      const deviceName = `E2E点位柜${tag}`;

      // a cabinet of our own
      await signIn(page, base, 'admin', password, '/website/device-management/device-list');
      await page.waitForURL(/device-list/);
      const { code } = await registerDevice(page, deviceName, '单门常温柜');

      // 新增位置 with the region cascader
      await page.goto(`${base}/website/device-management/location-management`);
      await page.getByRole('button', { name: /新增位置/ }).click();
      await page.waitForURL(/location-detail\/add$/);
      await page.locator('.ant-card-head-title').filter({ hasText: '新增位置' }).waitFor();
      await fillLocationForm(page, {
        name: pointName,
        region: ['上海市', '上海市', '徐汇区'],
        address: '宜山路700号E2E大厦',
        coordSystem: 'WGS-84',
        lng: '121.43',
        lat: '31.18',
        contactName: '赵测试',
        contactPhone: '13812345678',
      });
      await page.screenshot({ path: shot('add'), fullPage: true });
      const pointId = await saveNewLocation(page);
      const view = await page.locator('.ant-descriptions').first().innerText();
      assert(view.includes('上海市 徐汇区') && view.includes('宜山路700号E2E大厦'), `view: ${view}`);
      await page.locator('.ant-card-head-title').filter({ hasText: pointName }).waitFor();
      // the add page became the view: its tab did too (one tab, not 新增位置 beside 查看位置)
      await page.locator('.app-tabs .ant-tabs-tab-active').filter({ hasText: '查看位置' }).waitFor();
      const tabNames = (await page.locator('.app-tabs .ant-tabs-tab').allInnerTexts()).map((t) => t.trim());
      assert(!tabNames.includes('新增位置') && tabNames.filter((t) => t === '查看位置').length === 1, `tabs: ${tabNames.join(' | ')}`);

      // 绑定设备
      await bindDevice(page, base, pointId, code, () => page.screenshot({ path: shot('bind'), fullPage: true }));

      // 所在点位 on the device list
      await page.goto(`${base}/website/device-management/device-list`);
      // 所在点位 sits among the folded search fields
      if (!(await page.locator('#point').isVisible())) await page.getByRole('button', { name: /展\s*开/ }).click();
      await page.locator('#point').fill(pointName);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      const row = page.locator('.ant-table-tbody tr').filter({ hasText: code });
      await row.waitFor();
      assert((await row.innerText()).includes(pointName), '所在点位 shows the point');
      await page.screenshot({ path: shot('device-list'), fullPage: true });

      // 解绑 from the point's device list
      await page.goto(`${base}/website/device-management/location-devices-list/${pointId}`);
      // the point's devices are a list like every other: 列设置, and 导出 of what it shows
      await page.getByRole('button', { name: '列设置' }).waitFor();
      const file = await downloadFrom(page, page.getByRole('button', { name: /导\s*出/ }));
      assert(file.name.startsWith(`位置设备_${pointName}_`) && file.name.endsWith('.xlsx'), `the download is named ${file.name}`);
      assert(file.magic === 'PK', `the download is not an .xlsx (zip) file: starts with ${JSON.stringify(file.magic)}`);
      await page.screenshot({ path: shot('devices'), fullPage: true });
      await page
        .locator('.ant-table-tbody tr')
        .filter({ hasText: code })
        .getByRole('button', { name: /解\s*绑/ })
        .click();
      await ok(page).click();
      await page.getByText('该位置还没有绑定设备').waitFor();

      // 点位经营: edit the terms
      await page.goto(`${base}/website/point-busi/point-manage`);
      await page.locator('#keyword').fill(pointName);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      const termsRow = page.locator('.ant-table-tbody tr').filter({ hasText: pointName });
      await termsRow.waitFor();
      await termsRow.getByRole('button', { name: '编辑经营' }).click();
      await page.locator('#terms-form_rentYuan').fill('1234.5');
      await page.locator('#terms-form_commissionPct').fill('8.5');
      await page.screenshot({ path: shot('terms') });
      await page
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /保\s*存/ })
        .click();
      await termsRow.filter({ hasText: '1,234.50' }).waitFor();
      assert((await termsRow.innerText()).includes('8.50%'), 'the commission shows');
      await page.screenshot({ path: shot('manage'), fullPage: true });

      // 点位日志
      const pointCode = /P\d{8}/.exec(await termsRow.innerText())?.[0];
      assert(pointCode, 'the row shows the point code');
      await page.goto(`${base}/website/address/address-log`);
      await page.locator('#pointCode').fill(pointCode);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      const logRow = page.locator('.ant-table-tbody tr').filter({ hasText: '月租金' }).first();
      await logRow.waitFor();
      const logText = await logRow.innerText();
      assert(logText.includes('1234.50元') && logText.includes('8.50%'), `log row: ${logText}`);
      await page.screenshot({ path: shot('log'), fullPage: true });

      // the other point pages show the demo points
      await page.goto(`${base}/website/device-management/location-management`);
      await page.locator('.ant-table-tbody tr').nth(5).waitFor();
      await page.screenshot({ path: shot('locations'), fullPage: true });
      // the region filter stops at any level
      await page.locator('#region').click();
      await page
        .locator('.ant-cascader-menu-item')
        .filter({ hasText: /^北京市$/ })
        .first()
        .click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.locator('.ant-table-tbody tr').filter({ hasText: '望京SOHO' }).waitFor();
      const regions = await page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(4)').allInnerTexts();
      assert(regions.length > 3 && regions.every((r) => r.startsWith('北京市')), `region filter: ${regions}`);
      await page.goto(`${base}/website/address/address-list`);
      await page.locator('.ant-table-tbody tr').nth(5).waitFor();
      await page.screenshot({ path: shot('address-list'), fullPage: true });
      await page.goto(`${base}/website/point-busi/point-detail/${pointId}`);
      await page.locator('.ant-descriptions').filter({ hasText: '1,234.50元' }).waitFor();
      await page.screenshot({ path: shot('detail'), fullPage: true });
    },
  },
];
