/* global document -- used inside page.waitForFunction callbacks, which run in the browser */
/**
 * Journeys of issue 6, the export center: a small list (角色管理) exports straight to an .xlsx
 * download; a larger one (账号管理, ~30 demo accounts above the run's EXPORT_SYNC_MAX_ROWS=20)
 * becomes a background task that finishes on 导出文件, downloads there and is deleted with a
 * confirmation. Same shape as ./journeys.mjs ({ name, title, run({ page, context, base, password, shot }) }).
 */
import { assert, downloadFrom, menu, openPage, shotPath, signIn } from './kit.mjs';

const extraShot = shotPath('export');

const exportButton = (list) => list.getByRole('button', { name: /导\s*出/ });

export const journeys = [
  {
    name: 'export-direct',
    title: 'a small list (角色管理) exports straight to an .xlsx download',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      await openPage(page, '用户管理', '角色管理', /\/system\/role-management$/);
      const list = page.getByTestId('role-list');
      await list.locator('tbody tr.ant-table-row').first().waitFor();
      const button = exportButton(list);
      assert(await button.isEnabled(), '导出 is disabled on a list with rows');

      const file = await downloadFrom(page, button);
      assert(/^角色列表_\d{14}\.xlsx$/.test(file.name), `the download is named ${file.name}`);
      assert(file.magic === 'PK', `the download is not an .xlsx (zip) file: starts with ${JSON.stringify(file.magic)}`);
      assert(file.size > 1000, `the .xlsx is only ${file.size} bytes`);
      await page.locator('.ant-message-notice', { hasText: '已导出' }).waitFor();
      await page.waitForTimeout(300);
      await shot();

      // A search that matches nothing leaves nothing to export.
      await list.getByLabel('角色名称').fill('没有这个角色zz');
      await list.getByRole('button', { name: /查\s*询/ }).click();
      await list.getByText('暂无角色').waitFor();
      assert(await button.isDisabled(), '导出 is enabled on an empty list');
    },
  },
  {
    name: 'export-task',
    title: 'a larger list (账号管理) becomes a task: 导出文件 shows it finish, it downloads and is deleted',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      // 导出文件 is a real page now (not greyed as 建设中).
      const fileFolder = menu(page).locator('.ant-menu-submenu-title', { hasText: '文件管理' });
      await fileFolder.click();
      const item = menu(page).locator('.ant-menu-item', { hasText: '导出文件' });
      await item.waitFor();
      assert(!(await item.innerText()).includes('建设中'), '导出文件 is still greyed as 建设中');
      assert(!(await item.getAttribute('class')).includes('ant-menu-item-disabled'), '导出文件 is disabled in the menu');

      await openPage(page, '用户管理', '账号管理', /\/system\/account-list$/);
      const list = page.getByTestId('account-list');
      await list.locator('tbody tr.ant-table-row').first().waitFor();
      const total = Number((await list.locator('.ant-pagination-total-text').innerText()).replace(/\D/g, ''));
      assert(total > 20, `the account list has only ${total} rows, not above the run's sync limit of 20`);

      await exportButton(list).click();
      const note = page.getByTestId('export-queued');
      await note.waitFor();
      const text = await note.innerText();
      assert(text.includes('已转为后台导出') && text.includes(`${total}条`), `the message says: ${text}`);
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('queued-message') });

      await note.getByText('查看导出文件').click();
      await page.waitForURL(/\/website\/fileManage\/export-file$/);
      await page.waitForFunction(() => document.title.startsWith('导出文件'), null, { timeout: 10_000 });
      const tasks = page.getByTestId('export-file-list');
      const row = tasks.locator('tbody tr.ant-table-row', { hasText: '账号列表_' }).first();
      await row.waitFor();
      // The page polls every 2 s until the task is done.
      await row.locator('.ant-tag', { hasText: '已完成' }).waitFor({ timeout: 60_000 });
      const rowText = await row.innerText();
      assert(rowText.includes('账号列表'), `the row does not name its source page: ${rowText}`);
      assert(rowText.includes(String(total)), `the row does not show ${total} rows: ${rowText}`);
      assert(/\d+(\.\d)? KB/.test(rowText), `the row does not show a file size: ${rowText}`);
      // The breadcrumb names the client's own section.
      const crumbs = await page.locator('.ant-breadcrumb').innerText();
      assert(crumbs.includes('文件管理') && crumbs.includes('导出文件'), `the breadcrumb is ${crumbs}`);
      await page.waitForTimeout(600); // the table's loading veil fades out
      await page.screenshot({ path: extraShot('task-done') });
      // The times are further right: scrolled into view they are filled in.
      await tasks
        .locator('.ant-table-content, .ant-table-body')
        .first()
        .evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      const times = (await row.innerText()).match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/g) ?? [];
      assert(times.length === 3, `the row shows ${times.length} of 创建时间 / 完成时间 / 过期时间`);
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('task-done-times') });

      const fileName = (await row.locator('td').first().innerText()).trim();
      const file = await downloadFrom(page, row.getByRole('button', { name: /下\s*载/ }));
      assert(file.name === fileName, `the download is named ${file.name}, the row says ${fileName}`);
      assert(/^账号列表_\d{14}\.xlsx$/.test(file.name), `the download is named ${file.name}`);
      assert(file.magic === 'PK', `the download is not an .xlsx (zip) file: starts with ${JSON.stringify(file.magic)}`);

      // Delete, with a confirmation first.
      await row.getByRole('button', { name: /删\s*除/ }).click();
      const pop = page.locator('.ant-popover:not(.ant-popover-hidden)', { hasText: '删除后文件不可恢复' });
      await pop.waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('delete-confirm') });
      await pop.getByRole('button', { name: /删\s*除/ }).click();
      await page.locator('.ant-message-notice', { hasText: '导出文件已删除' }).waitFor();
      await tasks.locator('tbody tr.ant-table-row', { hasText: fileName }).waitFor({ state: 'detached' });
      await page.waitForTimeout(300);
      await shot();
    },
  },
];
