/**
 * What every journey file shares: a failing check, a screenshot path beside the journey's own, and
 * signing in through the login page. Not a journey file itself (run.mjs discovers *journeys.mjs).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

/** A screenshot path for an extra shot of a journey group: `e2e/artifacts/<prefix>-<name>.png`. */
export const shotPath = (prefix) => (name) => path.join(artifacts, `${prefix}-${name}.png`);

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}

/**
 * Signs in through the login page (account + password): opens `from` (a deep link is sent to /login
 * first, and back to it after signing in), signs in, waits for the side menu. When the login page does not
 * appear or the sign-in does not go through, the error says what the page showed (and a screenshot is kept).
 */
export async function signIn(page, base, userName, password, from = '/login') {
  await page.goto(base + from);
  try {
    await page.waitForURL(/\/login/);
    await page.getByRole('textbox', { name: '账号' }).waitFor({ timeout: 15_000 });
  } catch {
    await page.screenshot({ path: path.join(artifacts, `signin-no-login-page-${userName}.png`) }).catch(() => undefined);
    const html = await page.content().catch(() => '');
    throw new Error(`the login page did not appear for ${userName} (${page.url()}): ${html.slice(0, 400)}`);
  }
  await page.getByRole('textbox', { name: '账号' }).fill(userName);
  await page.getByRole('textbox', { name: '密码' }).fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  try {
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.locator('.app-menu').waitFor();
  } catch (err) {
    const notice = await page
      .locator('.ant-alert, .ant-message')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`${userName} could not sign in (${page.url()}): ${notice.join(' | ') || err.message}`);
  }
}

/** Picks a level-3 goods category in a leaf-only category picker (LeafCategorySelect): types its name, clicks it. */
export async function pickLeafCategory(page, trigger, title) {
  await trigger.click();
  await page.keyboard.type(title);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: new RegExp(`^${title}$`) })
    .first()
    .click();
}

/**
 * Picks a cabinet model in the 新增设备 form. The dropdown may still be opening (or the model list loading) when the
 * option is clicked, so it picks until the select shows the model.
 */
export async function pickDeviceModel(page, modelName) {
  const select = page.locator('.ant-select').filter({ has: page.locator('#device-form_modelCode') });
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.locator('#device-form_modelCode').click();
    await page.locator('.ant-select-item-option:visible').filter({ hasText: modelName }).first().click();
    if ((await select.innerText()).includes(modelName)) return;
    await page.keyboard.press('Escape');
    await page.waitForTimeout(500);
  }
  throw new Error(`柜型「${modelName}」 could not be picked`);
}
