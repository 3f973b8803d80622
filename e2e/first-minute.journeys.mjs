/* global document, window -- used inside page.evaluate callbacks, which run in the browser */
/**
 * Journeys of issue 10 items 13 and 14, the first-minute defects a new user meets: a record or a
 * page that does not exist, a menu page not built yet, the role selector's width, a role saved
 * without menus, a duplicate organisation name, and the settle application's business lines.
 * Same shape as ./journeys.mjs. Names are unique per run.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
const extraShot = (name) => path.join(artifacts, `first-minute-${name}.png`);

function assert(cond, message) {
  if (!cond) throw new Error(message);
}

const suffix = () => Date.now().toString(36).slice(-4) + Math.floor(Math.random() * 36).toString(36);
const phone = () => `138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const NEW_PASSWORD = 'Passw0rd2026';

async function signIn(page, base, userName, password) {
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: '账号' }).waitFor({ timeout: 15_000 });
  await page.getByRole('textbox', { name: '账号' }).fill(userName);
  await page.getByRole('textbox', { name: '密码' }).fill(password);
  await page.locator('form').getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/website\/home/);
  await page.locator('.app-menu').waitFor();
}

async function waitForTitle(page, prefix) {
  await page.waitForFunction((p) => document.title.startsWith(p), prefix, { timeout: 10_000 }).catch(() => undefined);
  const title = await page.title();
  assert(title.startsWith(prefix), `page title is ${title}, expected ${prefix}…`);
}

/** Picks a node of an open TreeSelect dropdown by its exact title. */
async function pickTreeNode(page, title) {
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: new RegExp(`^${title}$`) }).first().click();
}

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
  const form = page.getByTestId('account-form');
  await form.getByLabel('账号', { exact: true }).fill(userName);
  await form.getByLabel('手机号').fill(phone());
  await form.getByLabel('登录密码').fill(NEW_PASSWORD);
  await form.getByLabel('确认密码').fill(NEW_PASSWORD);
  await form.getByLabel('第1行组织').click();
  await pickTreeNode(page, '总部');
  await form.getByLabel('第1行角色').fill(roleName);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: roleName }).first().click();
  await page.waitForTimeout(200);
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

export const journeys = [
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

      const other = await context.browser().newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
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
