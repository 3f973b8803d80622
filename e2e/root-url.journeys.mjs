/**
 * The address the server prints (issue 10 item 9): http://host:port/ serves the app, which redirects
 * to /website/home (spec §2) — and, without a session, on to /login.
 */
import { assert } from './kit.mjs';

export const rootUrlJourneys = [
  {
    name: 'root-url',
    title: 'the printed address / (with or without a query) opens the app: /login signed out, /website/home signed in',
    async run({ page, base, password, shot }) {
      for (const url of [`${base}/`, `${base}/?a=1`]) {
        const res = await page.goto(url);
        assert(res?.status() === 200, `${url} answered HTTP ${res?.status()}`);
        assert((res.headers()['content-type'] ?? '').includes('text/html'), `${url} is not the app: ${res.headers()['content-type']}`);
        await page.waitForURL(/\/login(\?|$)/);
        await page.getByText('欢迎登录').waitFor();
      }
      await page.getByRole('textbox', { name: '账号' }).fill('admin');
      await page.getByRole('textbox', { name: '密码' }).fill(password);
      await page
        .locator('form')
        .getByRole('button', { name: /登\s*录/ })
        .click();
      await page.waitForURL(/\/website\/home/);
      const res = await page.goto(`${base}/`);
      assert(res?.status() === 200, `/ answered HTTP ${res?.status()} when signed in`);
      await page.waitForURL(/\/website\/home$/);
      await page.locator('.home').waitFor();
      await page.locator('.app-menu').waitFor();
      await shot();
    },
  },
];
