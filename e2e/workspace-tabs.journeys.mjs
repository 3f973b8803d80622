/* global window, document -- used inside page.evaluate callbacks, which run in the browser */
/**
 * The multi-tab page bar (issue 20 item 1): pages open as tabs titled by their route titles, 首页 pinned;
 * switching keeps each tab's scroll; a reload keeps the tabs; close, close others and close to the right work
 * from the context menu and by keyboard.
 */
import { assert, shotPath, signIn } from './kit.mjs';

const shot = shotPath('workspace-tabs');
const tabNames = async (page) => (await page.locator('.app-tabs .ant-tabs-tab .app-tab-label').allInnerTexts()).map((t) => t.trim());

export const workspaceTabsJourneys = [
  {
    name: 'workspace-tabs',
    title: 'opened pages become tabs; switching, reloading, closing (mouse and keyboard) behave as a person expects',
    async run({ page, base, password }) {
      await signIn(page, base, 'admin', password);
      await page.goto(`${base}/website/basic/shop-management-list`);
      await page.locator('.ant-table-row').first().waitFor();
      await page.goto(`${base}/website/stock-management/account`).catch(() => undefined);
      await page.goto(`${base}/website/basic/shop-management-add/add`);
      await page.getByText('门店名称').first().waitFor();
      let names = await tabNames(page);
      assert(names[0] === '首页', `首页 is not the first tab: ${names.join(',')}`);
      assert(names.includes('门店管理') && names.includes('新增门店'), `tabs: ${names.join(',')}`);

      // switch back by clicking the tab; the list scrolled down keeps its place after going away and back
      await page.locator('.app-tabs .ant-tabs-tab', { hasText: '门店管理' }).click();
      await page.waitForURL(/shop-management-list$/);
      await page.locator('.ant-table-row').first().waitFor();
      // scroll as a person does (the wheel): a script's scrollTo would race the tab's own restore of its place
      await page.mouse.move(700, 500);
      await page.mouse.wheel(0, 300);
      await page.waitForFunction(() => window.scrollY > 0, undefined, { timeout: 3000 }).catch(() => undefined);
      await page.waitForTimeout(300);
      const y = await page.evaluate(() => window.scrollY);
      await page.locator('.app-tabs .ant-tabs-tab', { hasText: '新增门店' }).click();
      await page.waitForURL(/shop-management-add\/add$/);
      await page.locator('.app-tabs .ant-tabs-tab', { hasText: '门店管理' }).click();
      await page.waitForURL(/shop-management-list$/);
      await page.locator('.ant-table-row').first().waitFor();
      await page.waitForFunction((want) => Math.abs(window.scrollY - want) <= 2, y, { timeout: 5000 }).catch(() => undefined);
      const back = await page.evaluate(() => window.scrollY);
      assert(y > 0, 'the list did not scroll under the wheel');
      if (Math.abs(back - y) > 2) {
        // what the page looked like, to tell a short page from a lost saved place
        const seen = await page.evaluate(() => ({
          height: document.documentElement.scrollHeight,
          view: window.innerHeight,
          saved: window.sessionStorage.getItem('PAGE_TABS'),
        }));
        throw new Error(
          `scroll not restored: left at ${y}, back at ${back}; page ${seen.height} px in ${seen.view} px; saved ${seen.saved}`,
        );
      }

      // a reload keeps the tabs
      await page.reload();
      await page.locator('.app-tabs .ant-tabs-tab').nth(2).waitFor();
      names = await tabNames(page);
      assert(names.includes('门店管理') && names.includes('新增门店'), `tabs lost on reload: ${names.join(',')}`);
      await page.screenshot({ path: shot('bar') });

      // context menu: 关闭其他 keeps 首页 and this one
      await page.locator('.app-tabs .ant-tabs-tab', { hasText: '门店管理' }).click({ button: 'right' });
      await page.getByRole('menuitem', { name: '关闭其他' }).click();
      names = await tabNames(page);
      assert(names.join(',') === '首页,门店管理', `after 关闭其他: ${names.join(',')}`);

      // keyboard: focus the close button of the active tab and press Enter → back to 首页
      await page.locator('.app-tabs .ant-tabs-tab-active .ant-tabs-tab-remove').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/website\/home$/);
      names = await tabNames(page);
      assert(names.join(',') === '首页', `after closing by keyboard: ${names.join(',')}`);
    },
  },
];
