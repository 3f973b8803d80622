/* global document, window -- used inside page.evaluate callbacks, which run in the browser */
/**
 * Issue 20: each tab's list keeps its filters, page and scroll across tab switches and a reload (门店管理 pages by
 * offset, 操作日志 by keyset); density, column widths and page size are kept per account and list — another
 * account signed in in the same browser starts from the list's own settings.
 */
import { assert, shotPath, signIn } from './kit.mjs';

const shot = shotPath('list-settings');
const SHOPS = '/website/basic/shop-management-list';
const LOG = '/website/system/operation-log';
/** A list admin and operator both see (运营 has no 门店管理). */
const LIBRARY = '/website/goods/standard-product-list';

const tab = (page, title) => page.locator('.app-tabs .ant-tabs-tab', { hasText: title });
const rows = (page) => page.locator('.query-list tbody tr.ant-table-row');
const firstRowText = async (page) => (await rows(page).first().innerText()).replace(/\s+/g, ' ').trim();

/** Follows a menu item (opening its folder first when closed). */
async function openMenu(page, folder, item, url) {
  const menu = page.locator('.app-menu');
  const title = menu.locator('.ant-menu-submenu-title', { hasText: folder });
  const open = await title.evaluate((el) => el.parentElement?.classList.contains('ant-menu-submenu-open'));
  if (!open) await title.click();
  await menu.locator('.ant-menu-item', { hasText: item }).click();
  await page.waitForURL(url);
}

/** Waits until the list shows rows and the window has come back to `y`. */
async function settled(page, y) {
  await rows(page).first().waitFor();
  await page.waitForFunction((want) => Math.abs(window.scrollY - want) <= 2, y, { timeout: 8000 }).catch(() => undefined);
  return page.evaluate(() => window.scrollY);
}

/** Scrolls the window down as far as 300 px (what the page allows) and says where it stopped. */
async function scrollDown(page) {
  await page.evaluate(() => window.scrollTo({ top: Math.min(300, document.documentElement.scrollHeight - window.innerHeight) }));
  await page.waitForTimeout(200);
  return page.evaluate(() => window.scrollY);
}

async function signOut(page) {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '确定要退出登录吗？' });
  // A click on the menu item while the dropdown is still sliding in can miss it (seen in CI): open and click again.
  for (let attempt = 0; attempt < 3 && !(await dialog.isVisible()); attempt++) {
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    if (!(await menu.isVisible())) await page.getByTestId('user-menu').click();
    await page.waitForTimeout(300);
    await menu.getByRole('menuitem', { name: '退出登录' }).click();
    await dialog.waitFor({ timeout: 3000 }).catch(() => undefined);
  }
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.waitForURL(/\/login/);
}

export const journeys = [
  {
    name: 'list-settings-tabs',
    title: 'a tab keeps its list (filters, page, scroll) across switching tabs and a reload — 门店管理 by offset, 操作日志 by keyset',
    async run({ page, base, password }) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, base, 'admin', password);

      // Something to page through in the operation log: every export is logged (角色管理 exports at once).
      await page.goto(`${base}/website/system/role-management`);
      const roles = page.getByTestId('role-list');
      await roles.locator('tbody tr.ant-table-row').first().waitFor();
      for (let i = 0; i < 12; i++) {
        await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), roles.getByRole('button', { name: /导\s*出/ }).click()]);
        await page.waitForTimeout(150);
      }

      // 门店管理: search, page 2, scroll down.
      await page.goto(`${base}${SHOPS}`);
      await rows(page).first().waitFor();
      await page.getByPlaceholder('门店名称关键字').fill('鲜速达');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.locator('.ant-pagination-item[title="2"]').click();
      await page.locator('.ant-pagination-item-active[title="2"]').waitFor();
      await page.waitForTimeout(500);
      const shopRow = await firstRowText(page);
      const shopY = await scrollDown(page);
      assert(shopY > 50, `the shop list page is too short to scroll (${shopY})`);

      // 操作日志 in a second tab: 10 a page, 操作 contains 导出, 下一页 → 第 2 页, scroll down.
      await openMenu(page, '用户管理', '操作日志', new RegExp(`${LOG}$`));
      await rows(page).first().waitFor();
      // the page size picked (a click that lands while the dropdown is still opening can miss: pick again until it shows)
      const pageSize = page.locator('.ant-select').filter({ has: page.getByLabel('每页条数') });
      for (let attempt = 1; !(await pageSize.innerText()).includes('10 条/页'); attempt += 1) {
        assert(attempt <= 3, `the page size stays ${await pageSize.innerText()}`);
        await page.getByLabel('每页条数').click();
        await page.getByTitle('10 条/页').click();
        await page.waitForTimeout(300);
      }
      await page.getByPlaceholder('如 编辑角色、导出').fill('导出');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.getByText('第 1 页').waitFor();
      await page.waitForTimeout(500);
      await page.getByRole('button', { name: /下一页/ }).click();
      await page.getByText('第 2 页').waitFor();
      await page.waitForTimeout(500);
      const logRow = await firstRowText(page);
      assert(logRow.includes('导出'), `the operation log's page 2 starts with ${logRow}`);
      const logY = await scrollDown(page);

      // Back to 门店管理 by its tab: the search, page 2, the same rows and the scroll are as left.
      const checkShops = async (when) => {
        const y = await settled(page, shopY);
        assert((await page.getByPlaceholder('门店名称关键字').inputValue()) === '鲜速达', `${when}: the shop search is lost`);
        assert((await page.locator('.ant-pagination-item-active').innerText()) === '2', `${when}: not on page 2`);
        assert((await firstRowText(page)) === shopRow, `${when}: first row ${await firstRowText(page)}, was ${shopRow}`);
        assert(Math.abs(y - shopY) <= 2, `${when}: scroll ${y}, left at ${shopY}`);
      };
      await tab(page, '门店管理').click();
      await page.waitForURL(new RegExp(`${SHOPS}$`));
      await checkShops('after switching back');
      await page.screenshot({ path: shot('shops-back') });

      // And 操作日志 by its tab: 第 2 页 of the same search, at its scroll.
      const checkLog = async (when) => {
        const y = await settled(page, logY);
        await page.getByText('第 2 页').waitFor({ timeout: 5000 });
        assert((await page.getByPlaceholder('如 编辑角色、导出').inputValue()) === '导出', `${when}: the log search is lost`);
        assert((await firstRowText(page)) === logRow, `${when}: first row ${await firstRowText(page)}, was ${logRow}`);
        assert(Math.abs(y - logY) <= 2, `${when}: log scroll ${y}, left at ${logY}`);
      };
      await tab(page, '操作日志').click();
      await page.waitForURL(new RegExp(`${LOG}$`));
      await checkLog('after switching back');
      await page.screenshot({ path: shot('log-back') });

      // A reload keeps both.
      await page.reload();
      await checkLog('after a reload');
      await page.screenshot({ path: shot('log-reloaded') });
      await tab(page, '门店管理').click();
      await page.waitForURL(new RegExp(`${SHOPS}$`));
      await checkShops('after a reload and switching');

      // 重置 forgets the tab's list: the list's own search and page 1.
      await page.getByRole('button', { name: /重\s*置/ }).click();
      await page.locator('.ant-pagination-item-active[title="1"]').waitFor();
      assert((await page.getByPlaceholder('门店名称关键字').inputValue()) === '', '重置 left the search');

      // Closing a tab forgets its list: 操作日志 opened again starts at 第 1 页.
      await tab(page, '操作日志').locator('.ant-tabs-tab-remove').click();
      const kept = await page.evaluate(() => sessionStorage.getItem('TAB_STATE') ?? '');
      assert(!kept.includes('operation-log'), `the closed tab's list is still kept: ${kept}`);
      await openMenu(page, '用户管理', '操作日志', new RegExp(`${LOG}$`));
      await page.getByText('第 1 页').waitFor();
      assert((await page.getByPlaceholder('如 编辑角色、导出').inputValue()) === '', 'a closed tab reopened kept its search');
    },
  },
  {
    name: 'list-settings-account',
    title: 'density, a column width and the page size are kept per account and list across reloads; another account has its own',
    async run({ page, base, password, shot: finalShot }) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, base, 'admin', password);
      await page.goto(`${base}${LIBRARY}`);
      await rows(page).first().waitFor();
      // The second column (the first is the key column, fixed on the left).
      const header = page.locator('.query-list .ant-table-header thead > tr:first-child > th').nth(1);
      const headerTitle = (await header.innerText()).trim();
      const widthOf = async () => Math.round((await header.boundingBox()).width);

      // 密度 → 紧凑
      await page.getByRole('button', { name: '密度' }).click();
      await page.getByRole('menuitem', { name: '紧凑' }).click();
      await page.locator('.query-list .ant-table-small').waitFor();

      // Drag the second column 80 px wider.
      const before = await widthOf();
      const handle = header.locator('.query-list-resize');
      const box = await handle.boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
      await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      await page.waitForTimeout(200);
      const wider = await widthOf();
      assert(Math.abs(wider - (before + 80)) <= 3, `${headerTitle} is ${wider} px wide after dragging 80 px from ${before}`);

      // 20 条/页
      await page.locator('.ant-pagination-options .ant-select').click();
      await page.getByTitle('20 条/页').click();
      await page.waitForFunction(() => document.querySelectorAll('.query-list tbody tr.ant-table-row').length === 20);
      const stored = await page.evaluate(() =>
        Object.entries(localStorage)
          .filter(([k]) => k.startsWith('listColumns:'))
          .map(([, v]) => JSON.parse(v))
          .filter((v) => v.density),
      );
      assert(stored.length === 1 && stored[0].density === 'small' && stored[0].pageSize === 20, `stored ${JSON.stringify(stored)}`);
      const widths = Object.values(stored[0].widths ?? {});
      assert(widths.length === 1 && Math.abs(widths[0] - wider) <= 3, `stored widths ${JSON.stringify(stored[0].widths)}`);

      // A reload keeps all three.
      await page.reload();
      await rows(page).first().waitFor();
      await page.locator('.query-list .ant-table-small').waitFor();
      assert(Math.abs((await widthOf()) - wider) <= 3, `after a reload ${headerTitle} is ${await widthOf()} px, was ${wider}`);
      assert((await rows(page).count()) === 20, `after a reload ${await rows(page).count()} rows a page`);
      assert((await page.locator('.ant-pagination-options').innerText()).includes('20 条/页'), 'the page size is not 20 after a reload');
      await page.screenshot({ path: shot('kept') });

      // Another account in the same browser: the list's own settings (admin's stay stored for admin).
      await signOut(page);
      await signIn(page, base, 'operator', password);
      await page.goto(`${base}${LIBRARY}`);
      await rows(page).first().waitFor();
      assert((await page.locator('.query-list .ant-table-small').count()) === 0, 'operator sees admin’s density');
      assert((await rows(page).count()) === 10, `operator sees ${await rows(page).count()} rows a page`);
      assert(Math.abs((await widthOf()) - before) <= 3, `operator sees ${headerTitle} ${await widthOf()} px wide (admin's ${wider})`);
      await page.screenshot({ path: shot('operator') });

      // Back as admin: 重置列设置 restores the list's own settings.
      await signOut(page);
      await signIn(page, base, 'admin', password);
      await page.goto(`${base}${LIBRARY}`);
      await rows(page).first().waitFor();
      await page.locator('.query-list .ant-table-small').waitFor();
      await page.getByRole('button', { name: '列设置' }).click();
      await page.getByTestId('column-settings').getByRole('button', { name: '重置列设置' }).click();
      await page.waitForFunction(() => document.querySelectorAll('.query-list tbody tr.ant-table-row').length === 10);
      assert((await page.locator('.query-list .ant-table-small').count()) === 0, '重置列设置 kept the density');
      assert(Math.abs((await widthOf()) - before) <= 3, `重置列设置 left ${headerTitle} ${await widthOf()} px wide`);
      await page.keyboard.press('Escape');
      await finalShot();
    },
  },
];
