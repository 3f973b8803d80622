/**
 * Journeys of issue 10 items 11 and 12. A contract entered in a browser set to UTC shows the same
 * 签订日期 and 有效期 in a browser in Asia/Shanghai (business dates are calendar dates, not instants),
 * and a timestamp reads the same in both (shown on the business clock, not the browser's). Phones
 * arrive masked on 商户信息 and 门店详情; the 查看 eye asks the server for the full number.
 * Same shape as ./journeys.mjs ({ name, title, run({ page, context, base, password, shot }) }).
 */
import path from 'node:path';
import { artifacts, assert, signIn } from './kit.mjs';

/**
 * Types a date into an antd picker input and confirms it; types it again while the input does not
 * hold it (under load the picker's popup can open after the first keys and take them).
 */
async function typeDate(page, input, value) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await input.click();
    await input.press('ControlOrMeta+a');
    await input.pressSequentially(value);
    await input.press('Enter');
    if ((await input.inputValue()) === value) return;
  }
  assert(false, `the date picker does not hold ${value} but ${await input.inputValue()}`);
}

/** One column of every row on the table's first page. */
async function columnTexts(page, header) {
  const table = page.locator('.ant-table').first();
  await table.locator('tbody tr.ant-table-row').first().waitFor();
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const i = headers.indexOf(header);
  assert(i >= 0, `no column ${header} in ${headers.join('|')}`);
  return table.locator(`tbody tr.ant-table-row > td:nth-child(${i + 1})`).allInnerTexts();
}

/** The cells of the table row holding `text`, keyed by the column header. */
async function rowCells(page, text) {
  const table = page.locator('.ant-table').first();
  const row = table.locator('tbody tr.ant-table-row', { hasText: text }).first();
  await row.waitFor();
  const headers = await table.locator('thead th').allInnerTexts();
  const cells = await row.locator('td').allInnerTexts();
  return Object.fromEntries(headers.map((h, i) => [h.trim(), (cells[i] ?? '').trim()]));
}

const CONTRACT = '陆家嘴店时区验证合同';

/** The input of a form item by its label (the list's search form has inputs with the same ids). */
const field = (scope, label) =>
  scope
    .locator('.ant-form-item', { has: scope.page().locator(`label[title="${label}"]`) })
    .locator('input')
    .first();

export const journeys = [
  {
    name: 'business-dates-utc-browser',
    title: 'a contract entered in a UTC browser shows the same 签订日期 in Asia/Shanghai, and times read the same in both',
    async run({ page, context, base, password, shot }) {
      const utcContext = await context.browser().newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'UTC' });
      try {
        const utc = await utcContext.newPage();
        utc.setDefaultTimeout(20_000);
        await signIn(utc, base, 'admin', password, '/website/basic/contract-list');
        assert((await utc.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)) === 'UTC', 'the second browser is not in UTC');
        await utc.waitForURL(/\/basic\/contract-list$/);

        // enter a contract in the UTC browser: the dates are the days picked
        await utc.getByRole('button', { name: /新增合同/ }).click();
        const dialog = utc.getByRole('dialog');
        await field(dialog, '合同名称').fill(CONTRACT);
        await field(dialog, '合同类型').click();
        await utc.locator('.ant-select-item-option:visible', { hasText: '场地租赁合同' }).click();
        await field(dialog, '签约方').fill('上海陆家嘴物业管理有限公司');
        await field(dialog, '合同金额（元）').fill('120000');
        await typeDate(utc, field(dialog, '签订日期'), '2025-12-08');
        await typeDate(utc, dialog.getByPlaceholder('开始日期'), '2025-12-08');
        await typeDate(utc, dialog.getByPlaceholder('结束日期'), '2026-12-07');
        await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
        // saved: the dialog closes (a refused form would keep it open with its errors)
        await dialog.waitFor({ state: 'hidden' }).catch(async () => {
          const errors = await dialog.locator('.ant-form-item-explain-error').allInnerTexts();
          assert(false, `the contract form stays open: ${errors.join('；') || '(no field error)'}`);
        });
        const inUtc = await rowCells(utc, CONTRACT);
        const signDatesUtc = await columnTexts(utc, '签订日期');
        assert(inUtc['签订日期'] === '2025-12-08', `UTC browser shows 签订日期 ${inUtc['签订日期']}`);
        assert(inUtc['有效期'] === '2025-12-08 至 2026-12-07', `UTC browser shows 有效期 ${inUtc['有效期']}`);

        // a timestamp: the newest store's 创建时间 in the UTC browser
        await utc.goto(`${base}/website/basic/shop-management-list`);
        const storeUtc = await utc.locator('.ant-table tbody tr.ant-table-row').first().innerText();

        // the same rows in the Asia/Shanghai browser
        await signIn(page, base, 'admin', password, '/website/basic/contract-list');
        assert(
          (await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)) === 'Asia/Shanghai',
          'the first browser is not in Asia/Shanghai',
        );
        const inShanghai = await rowCells(page, CONTRACT);
        // the demo contracts (entered on the Shanghai calendar) read the same too
        const signDatesShanghai = await columnTexts(page, '签订日期');
        assert(
          signDatesShanghai.length > 5 && JSON.stringify(signDatesShanghai) === JSON.stringify(signDatesUtc),
          `签订日期 differ: ${signDatesShanghai} vs ${signDatesUtc} (UTC)`,
        );
        for (const col of ['签订日期', '有效期', '到期日期', '状态']) {
          assert(inShanghai[col] === inUtc[col], `${col}: ${inShanghai[col]} in Asia/Shanghai, ${inUtc[col]} in UTC`);
        }
        await page.goto(`${base}/website/basic/shop-management-list`);
        const storeShanghai = await page.locator('.ant-table tbody tr.ant-table-row').first().innerText();
        const time = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/;
        assert(
          time.test(storeUtc) && storeUtc.match(time)[0] === storeShanghai.match(time)?.[0],
          `创建时间 differs: ${storeUtc.match(time)?.[0]} (UTC) vs ${storeShanghai.match(time)?.[0]}`,
        );
        // the screenshots: wide enough for every column, the contract's row in both browsers
        for (const p of [page, utc]) {
          await p.setViewportSize({ width: 2200, height: 900 });
          await p.goto(`${base}/website/basic/contract-list`);
          await p.locator('.ant-table tbody tr.ant-table-row', { hasText: CONTRACT }).waitFor();
        }
        await utc.screenshot({ path: path.join(artifacts, 'business-dates-utc-browser-utc.png') });
        await shot();
      } catch (err) {
        for (const p of utcContext.pages())
          await p.screenshot({ path: path.join(artifacts, 'business-dates-utc-browser-failed-utc.png') }).catch(() => undefined);
        throw err;
      } finally {
        await utcContext.close();
      }
    },
  },
  {
    name: 'phones-masked-reveal',
    title: '商户信息 and 门店详情 show masked phones; 查看 reveals the full number (an audited call)',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password, '/website/basic/information-detail');
      const phone = page.getByTestId('phone-text').first();
      await phone.waitFor();
      assert((await phone.innerText()) === '139****2451', `商户信息 shows ${await phone.innerText()}`);
      await page.screenshot({ path: path.join(artifacts, 'phones-masked-information-detail.png') });
      await page.getByRole('button', { name: '查看完整号码' }).first().click();
      await page.getByTestId('phone-text').filter({ hasText: '13916882451' }).waitFor();

      await page.goto(`${base}/website/basic/shop-management-list`);
      await page.locator('.ant-table tbody tr.ant-table-row').first().getByRole('link', { name: '详情' }).click();
      await page.waitForURL(/shop-management-edit\//);
      const storePhone = page.getByTestId('phone-text');
      await storePhone.waitFor();
      const masked = await storePhone.innerText();
      assert(/^\d{3}\*+\d{4}$/.test(masked), `门店详情 shows ${masked}`);
      await page.getByRole('button', { name: '查看完整号码' }).click();
      await page.getByRole('button', { name: '隐藏完整号码' }).waitFor();
      const full = await storePhone.innerText();
      assert(
        /^[\d-]{8,}$/.test(full) && full.slice(0, 3) === masked.slice(0, 3) && full.slice(-4) === masked.slice(-4),
        `revealed ${full} for ${masked}`,
      );
      await shot();
    },
  },
];
