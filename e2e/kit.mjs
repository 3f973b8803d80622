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
 * first, and back to it after signing in), signs in, waits for the side menu.
 */
export async function signIn(page, base, userName, password, from = '/login') {
  await page.goto(base + from);
  await page.waitForURL(/\/login/);
  await page.getByRole('textbox', { name: '账号' }).waitFor({ timeout: 15_000 });
  await page.getByRole('textbox', { name: '账号' }).fill(userName);
  await page.getByRole('textbox', { name: '密码' }).fill(password);
  await page.locator('form').getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.locator('.app-menu').waitFor();
}
