/* global document, window, PopStateEvent -- used inside page.evaluate callbacks, which run in the browser */
/**
 * Journeys of issue 10 items 13 and 14, the first-minute defects a new user meets: a record or a
 * page that does not exist, a menu page not built yet, the role selector's width, a role saved
 * without menus, a duplicate organisation name, and the settle application's business lines.
 * Same shape as ./journeys.mjs. Names are unique per run.
 */
import { assert, fillAccountForm, NEW_PASSWORD, shotPath, signIn, suffix, waitForTitle } from './kit.mjs';

const extraShot = shotPath('first-minute');

/** Admin creates a role in 总部 with the given pages granted; returns nothing (the list shows it). */
async function createRole(page, base, roleName, pages) {
  await page.goto(`${base}/website/system/role-management-add/add/1/${encodeURIComponent('总部')}`);
  const form = page.getByTestId('role-form');
  await form.getByLabel('角色名称').fill(roleName);
  const grant = page.getByTestId('menu-grant');
  for (const [folder, name] of pages) await grant.getByTestId(`grant-${folder}`).getByLabel(name).check();
  await form.getByRole('button', { name: /^保\s*存$/ }).click();
  await page.waitForURL(/\/system\/role-management$/);
}

/** Admin creates an account holding one role of 总部. */
async function createAccount(page, base, userName, roleName) {
  await page.goto(`${base}/website/system/account-handle/add`);
  const form = await fillAccountForm(page, { userName, org: '总部', role: roleName });
  await form.getByRole('button', { name: /^保\s*存$/ }).click();
  await page.waitForURL(/\/system\/account-list$/);
}

/** How the header's role selector shows its value: widths and whether the text is cut. */
function measureRoleSelect() {
  const select = document.querySelector('[data-testid="role-select"]');
  const root = select.closest('.ant-select') ?? select;
  const text = root.querySelector('.ant-select-content-value, .ant-select-selection-item, .ant-select-content');
  const r = root.getBoundingClientRect();
  return {
    selectWidth: Math.round(r.width),
    text: text?.textContent ?? '',
    textClient: text?.clientWidth,
    textScroll: text?.scrollWidth,
    cut: text ? text.scrollWidth > text.clientWidth + 1 : true,
    title: text?.getAttribute('title'),
  };
}

/** Toasts on screen with this text (a refusal must be reported once, not as a toast and a field error). */
const toasts = (page, text) => page.locator('.ant-message-notice', { hasText: text });

export const journeys = [
  {
    name: 'fm-not-found',
    title: 'a role that does not exist, an unknown page and a page not built yet each say so, with a way back',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      // A role that does not exist: 角色不存在, not a spinner for ever.
      await page.goto(`${base}/website/system/role-management-add/edit/99999`);
      const missing = page.getByTestId('not-found');
      await missing.getByText('角色不存在', { exact: true }).waitFor({ timeout: 10_000 });
      assert((await page.locator('.ant-skeleton').count()) === 0, 'the page still shows its loading skeleton');
      assert((await missing.innerText()).includes('99999'), 'the page does not say which role');
      await page.waitForTimeout(500);
      assert((await toasts(page, '角色不存在').count()) === 0, '角色不存在 is reported twice (a toast too)');
      await page.screenshot({ path: extraShot('role-not-found') });
      await missing.getByRole('button', { name: /返回角色列表/ }).click();
      await page.waitForURL(/\/system\/role-management$/);

      // A path under /website that is no page: 页面不存在 (the link, without system/).
      await page.goto(`${base}/website/role-management-add/edit/99999`);
      await page.getByTestId('not-found').getByText('页面不存在', { exact: true }).waitFor();
      await waitForTitle(page, '页面不存在');
      assert(new URL(page.url()).pathname === '/website/role-management-add/edit/99999', `the address changed to ${page.url()}`);
      await page.screenshot({ path: extraShot('page-not-found') });
      await page
        .getByTestId('not-found')
        .getByRole('button', { name: /返回首页/ })
        .click();
      await page.waitForURL(/\/website\/home$/);

      // A menu page not built yet (greyed 建设中 in the menu): 建设中, titled by the menu, 返回上一页 goes back.
      await page.locator('.home').waitFor();
      // An in-app navigation there (a history entry as the router writes it: nothing links to a greyed page).
      await page.evaluate(() => {
        window.history.pushState(
          { usr: null, key: 'e2e-building', idx: (window.history.state?.idx ?? 0) + 1 },
          '',
          '/website/marketing/coupon-promotion-position',
        );
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      });
      const building = page.getByTestId('building');
      await building.waitFor();
      assert((await building.innerText()).includes('营销管理 / 推广位'), `建设中 does not name the page: ${await building.innerText()}`);
      await waitForTitle(page, '推广位');
      assert(new URL(page.url()).pathname === '/website/marketing/coupon-promotion-position', `the address changed to ${page.url()}`);
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('building') });
      await building.getByRole('button', { name: /返回上一页/ }).click();
      await page.waitForURL(/\/website\/home$/);

      // A deep link to it (new tab): 建设中 with 返回首页 only.
      await page.goto(`${base}/website/marketing/coupon-promotion-position`);
      await building.waitFor();
      assert((await building.getByRole('button', { name: /返回上一页/ }).count()) === 0, 'a deep link offers 返回上一页');
      await building.getByRole('button', { name: /返回首页/ }).waitFor();

      // Outside /website, unknown paths still go to the root (spec §2).
      await page.goto(`${base}/no/such/page`);
      await page.waitForURL(/\/website\/home$/);
      await shot();
    },
  },
  {
    name: 'fm-forbidden',
    title: 'a page the role does not hold says 无权访问 instead of landing on home',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'operator', password);
      await page.goto(`${base}/website/system/role-management`);
      const forbidden = page.getByTestId('forbidden');
      await forbidden.waitFor();
      assert((await forbidden.innerText()).includes('角色管理'), `无权访问 does not name the page: ${await forbidden.innerText()}`);
      assert((await page.getByTestId('role-list').count()) === 0, 'the role list rendered for a role without it');
      await waitForTitle(page, '无权访问');
      await shot();
      await forbidden.getByRole('button', { name: /返回首页/ }).click();
      await page.waitForURL(/\/website\/home$/);
    },
  },
  {
    name: 'fm-empty-grant',
    title: 'saving a role without menus asks first; the grant reads 全选 / 取消全选',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      await page.goto(`${base}/website/system/role-management-add/add/1/${encodeURIComponent('总部')}`);
      const form = page.getByTestId('role-form');
      await form.getByLabel('角色名称').fill(`空角色${suffix()}`);
      const grant = page.getByTestId('menu-grant');
      // One wording everywhere (spec §4): 全选, then 取消全选.
      await grant.getByRole('button', { name: /^全\s*选$/ }).click();
      await grant.getByRole('button', { name: '取消全选' }).click();
      assert((await page.getByText('全不选').count()) === 0, 'the grant still says 全不选');
      await grant.getByRole('button', { name: /^全\s*选$/ }).waitFor();

      await form.getByRole('button', { name: /^保\s*存$/ }).click();
      const confirm = page.locator('.ant-modal-confirm', { hasText: '该角色未授予任何菜单权限' });
      await confirm.waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('empty-grant-confirm') });
      await confirm.getByRole('button', { name: '返回授权' }).click();
      await confirm.waitFor({ state: 'hidden' });
      assert(/\/role-management-add\/add/.test(page.url()), 'cancelling left the form');
      // With a page granted it saves without asking.
      await grant.getByTestId('grant-通用').getByLabel('首页').check();
      await form.getByRole('button', { name: /^保\s*存$/ }).click();
      await page.waitForURL(/\/system\/role-management$/);
      await shot();
    },
  },
  {
    name: 'fm-org-duplicate',
    title: 'a duplicate organisation name is reported once, under the field',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      await page.goto(`${base}/website/system/organization-list`);
      await page.locator('tbody tr.ant-table-row', { hasText: '华东大区' }).first().waitFor();
      await page.getByRole('button', { name: /新增组织/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('组织名称').fill('华东大区');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      const fieldError = dialog.locator('.ant-form-item-explain-error');
      await fieldError.first().waitFor();
      const said = await fieldError.allInnerTexts();
      assert(said.length === 1 && said[0].includes('同名组织'), `the field says ${JSON.stringify(said)}`);
      await page.waitForTimeout(800);
      assert((await toasts(page, '同名组织').count()) === 0, 'the duplicate is reported twice (a toast as well)');
      await shot();
    },
  },
  {
    name: 'fm-role-select-width',
    title: 'the header role selector shows a long role name whole (spec §9: 14 px per unit, up to 300 px)',
    async run({ page, context, base, password, shot }) {
      const tag = suffix();
      // 20 characters, mixed like the name a tester typed ("UX角色0…" was cut).
      const roleName = `UX角色0123456789${tag.toUpperCase().padEnd(6, 'X').slice(0, 6)}`.slice(0, 20);
      const userName = `ux${tag}`;
      await signIn(page, base, 'admin', password);
      await createRole(page, base, roleName, [['通用', '首页']]);
      await createAccount(page, base, userName, roleName);

      const other = await context
        .browser()
        .newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
      try {
        const p2 = await other.newPage();
        await signIn(p2, base, userName, NEW_PASSWORD);
        await p2.getByTestId('role-select').waitFor();
        const m = await p2.evaluate(measureRoleSelect);
        assert(m.text === roleName, `the selector shows ${m.text}`);
        assert(!m.cut, `the role name is cut: ${m.textScroll}px of text in ${m.textClient}px (select ${m.selectWidth}px)`);
        assert(m.selectWidth <= 300 && m.selectWidth >= 50, `the select is ${m.selectWidth}px wide (spec: 50–300)`);
        await p2.screenshot({ path: extraShot('role-select') });
      } finally {
        await other.close();
      }
      await shot();
    },
  },
];
