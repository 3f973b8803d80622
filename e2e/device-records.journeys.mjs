import { assert, shotPath, signIn } from './kit.mjs';

/**
 * Journeys of a cabinet's records on device-detail (issue 13): 故障记录 searched by 故障代码, 上下线记录 by 上线/离线 and a
 * time range — filtered by the server (device.fault.list, device.linkLog.list) on the demo seed's records.
 */
const shot = shotPath('device-records');

/** Waits until every tag of the table (at least one, unless `empty` may do) satisfies `ok`. */
async function tagsAre(table, ok, empty = false) {
  let seen = [];
  for (let i = 0; i < 40; i++) {
    seen = (await table.locator('.ant-table-tbody .ant-tag').allInnerTexts()).map((t) => t.trim());
    if ((empty || seen.length > 0) && seen.every(ok)) return seen;
    await table.page().waitForTimeout(250);
  }
  throw new Error(`the table's tags stayed ${seen.join(',')}`);
}

export const deviceRecordJourneys = [
  {
    name: 'device-record-search',
    title: 'admin searches a demo cabinet’s 故障记录 by 故障代码 and its 上下线记录 by 离线 and a time range on the device page',
    async run({ page, base, password }) {
      await signIn(page, base, 'admin', password, '/website/device-management/device-list');
      await page.waitForURL(/device-list/);
      // a demo cabinet that reported faults (the seed gives a third of them a few; D2611000019 first, the others if it has none)
      const faults = page.getByTestId('device-faults');
      let code = '';
      for (const n of [19, ...Array.from({ length: 20 }, (_, i) => i + 1)]) {
        if (code) break;
        const c = `D26110000${String(n).padStart(2, '0')}`;
        await page.goto(`${base}/website/device-management/device-detail/${c}`);
        await faults.locator('.ant-table-tbody').waitFor();
        await page.getByTestId('device-link-log').locator('.ant-table-tbody tr').first().waitFor();
        if ((await faults.locator('.ant-table-tbody .ant-tag').count()) > 0) code = c;
      }
      assert(code, 'no demo cabinet among D2611000001…020 shows a fault');
      // the detail keeps 设备列表 active in the menu, and names itself in the breadcrumb and the title
      assert((await page.locator('.ant-breadcrumb').innerText()).includes('设备详情'), 'breadcrumb without 设备详情');
      assert((await page.locator('.ant-menu-item-selected').innerText()).includes('设备列表'), '设备列表 not active in the menu');
      assert((await page.title()).startsWith('设备详情'), `title ${await page.title()}`);

      // 故障代码: the whole code, typed in lower case, keeps only that code's rows
      const faultCode = (await faults.locator('.ant-table-tbody .ant-tag').first().innerText()).trim();
      const faultSearch = page.getByTestId('device-faults-search');
      await faultSearch.getByPlaceholder(/完整代码/).fill(faultCode.toLowerCase());
      await faultSearch.getByRole('button', { name: /查\s*询/ }).click();
      await tagsAre(faults, (t) => t === faultCode);
      await faultSearch.getByPlaceholder(/完整代码/).fill('NO-SUCH-CODE');
      await faultSearch.getByRole('button', { name: /查\s*询/ }).click();
      await faults.getByText('没有符合条件的故障记录').waitFor();

      // 上下线记录: 离线 only, within the last three days
      const linkLog = page.getByTestId('device-link-log');
      const linkSearch = page.getByTestId('device-link-log-search');
      await linkSearch.locator('.ant-select').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '离线' }).click();
      await linkSearch.getByRole('button', { name: /查\s*询/ }).click();
      await tagsAre(linkLog, (t) => t === '离线');
      const pad = (x) => String(x).padStart(2, '0');
      const fmt = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
      const start = linkSearch.getByPlaceholder('开始时间');
      await start.click();
      await start.fill(fmt(new Date(Date.now() - 3 * 86_400_000)));
      await start.press('Enter');
      const end = linkSearch.getByPlaceholder('结束时间');
      await end.fill(fmt(new Date(Date.now() + 86_400_000)));
      await end.press('Enter');
      await linkSearch.getByRole('button', { name: /查\s*询/ }).click();
      await tagsAre(linkLog, (t) => t === '离线', true);
      await page.screenshot({ path: shot('record-search'), fullPage: true });
    },
  },
];
