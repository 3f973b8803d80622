/* global document, window, requestAnimationFrame -- used inside page.evaluate callbacks, which run in the browser */
/**
 * Journeys of issue 10 item 10: every list keeps every column reachable on a 1366×768 screen —
 * the table scrolls sideways (its scroll bar stuck to the bottom of the window), the key column
 * stays fixed on the left and the actions on the right, and 列设置 hides and moves columns (kept
 * per account in this browser). Same shape as ./journeys.mjs.
 */
import { assert, shotPath, signIn } from './kit.mjs';

const extraShot = shotPath('list-layout');

/** Every list page that exists today (system, merchant basic settings, audit logs, export file). */
export const LIST_PAGES = [
  { path: 'system/organization-list', title: '组织管理' },
  { path: 'system/role-management', title: '角色管理' },
  { path: 'system/account-list', title: '账号管理' },
  { path: 'stock-management/account', title: '用户账号' },
  // The logs have no row actions (操作 of the operation log is the operation's name).
  { path: 'system/operation-log', title: '操作日志', noActions: true },
  { path: 'system/login-log', title: '登录日志', noActions: true },
  { path: 'fileManage/export-file', title: '导出文件' },
  { path: 'basic/apply-record', title: '申请记录' },
  { path: 'basic/change-view', title: '信息变更' },
  { path: 'basic/contract-list', title: '合同管理' },
  { path: 'basic/shop-management-list', title: '门店管理' },
  { path: 'basic/user-list', title: '门店员工' },
];

/** Opens a list page and waits until its table shows rows (or its empty state). */
async function openList(page, base, listPath) {
  await page.goto(`${base}/website/${listPath}`);
  const table = page.locator('.ant-table-wrapper').first();
  await table.waitFor();
  await table.locator('tbody tr.ant-table-row, .ant-empty').first().waitFor();
  await page.waitForTimeout(400); // the loading veil fades out
  return table;
}

/**
 * In the browser: scrolls the first table's body so each header cell in turn comes into view and
 * reports the ones that stay hidden — clipped by the table, covered by the fixed columns, or
 * outside the window — plus what the fixed columns and the scroll bar look like.
 */
function measureReach() {
  const wrapper = document.querySelector('.ant-table-wrapper');
  const body = wrapper.querySelector('.ant-table-body') ?? wrapper.querySelector('.ant-table-content');
  const header = wrapper.querySelector('.ant-table-header') ?? body;
  const ths = [...header.querySelectorAll('thead > tr:first-child > th')].filter(
    (th) => !th.classList.contains('ant-table-cell-scrollbar') && th.innerText.trim() !== '',
  );
  const nextFrame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const rect = (el) => el.getBoundingClientRect();
  const fixedStart = () => ths.filter((th) => th.className.includes('fix-start'));
  const fixedEnd = () => ths.filter((th) => th.className.includes('fix-end'));
  return (async () => {
    const hidden = [];
    const scrollable = body.scrollWidth > body.clientWidth + 1;
    const visibleIn = (th) => {
      const r = rect(th);
      const box = rect(body);
      const left = Math.max(
        box.left,
        0,
        ...fixedStart()
          .filter((f) => f !== th)
          .map((f) => rect(f).right),
      );
      const right = Math.min(
        box.right,
        window.innerWidth,
        ...fixedEnd()
          .filter((f) => f !== th)
          .map((f) => rect(f).left),
      );
      return r.width > 0 && r.left >= left - 1 && r.right <= right + 1;
    };
    for (const th of ths) {
      if (!visibleIn(th)) {
        // Scroll so the cell starts just right of the fixed-left columns.
        const fixedWidth = fixedStart().reduce((w, f) => w + rect(f).width, 0);
        body.scrollLeft = Math.max(0, th.offsetLeft - fixedWidth);
        body.dispatchEvent(new Event('scroll'));
        await nextFrame();
      }
      if (!visibleIn(th)) hidden.push(`${th.innerText.trim()} (${Math.round(rect(th).left)}–${Math.round(rect(th).right)})`);
    }
    // The fixed columns at both ends of the scroll range.
    const inWindow = (el) => rect(el).left >= 0 && rect(el).right <= window.innerWidth + 1 && rect(el).width > 0;
    const ends = [];
    for (const x of [0, body.scrollWidth]) {
      body.scrollLeft = x;
      body.dispatchEvent(new Event('scroll'));
      await nextFrame();
      ends.push({
        start: fixedStart().map((th) => [th.innerText.trim(), inWindow(th)]),
        end: fixedEnd().map((th) => [th.innerText.trim(), inWindow(th)]),
      });
    }
    body.scrollLeft = 0;
    body.dispatchEvent(new Event('scroll'));
    await nextFrame();
    // How a person scrolls: the table's own bar when its bottom is on screen, else the sticky bar.
    const sticky = wrapper.querySelector('.ant-table-sticky-scroll');
    const stickyOnScreen = !!sticky && rect(sticky).height > 0 && rect(sticky).bottom <= window.innerHeight + 1 && rect(sticky).top >= 0;
    const bodyBottomOnScreen = rect(body).bottom <= window.innerHeight;
    return {
      headers: ths.map((th) => th.innerText.trim()),
      hidden,
      ends,
      scrollable,
      barReachable: !scrollable || stickyOnScreen || bodyBottomOnScreen,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  })();
}

export const journeys = [
  {
    name: 'list-columns-1366',
    title: 'at 1366×768 every column of every list is reachable, the key column and the actions stay fixed',
    async run({ page, base, password, shot }) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, base, 'admin', password);
      // A background export (the account list is above the run's sync limit) so 导出文件 has a row.
      await openList(page, base, 'system/account-list');
      await page
        .getByTestId('account-list')
        .getByRole('button', { name: /导\s*出/ })
        .click();
      await page.getByTestId('export-queued').waitFor();
      const problems = [];
      for (const { path: listPath, title, noActions } of LIST_PAGES) {
        await openList(page, base, listPath);
        const m = await page.evaluate(measureReach);
        const where = `${title} (${listPath})`;
        if (m.headers.length < 3) problems.push(`${where}: only ${m.headers.length} header cells found`);
        if (m.hidden.length) problems.push(`${where}: columns not reachable: ${m.hidden.join(', ')}`);
        if (m.pageOverflow > 0) problems.push(`${where}: the page itself is ${m.pageOverflow}px wider than the window`);
        if (!m.barReachable) problems.push(`${where}: the table scrolls sideways but no scroll bar is on screen`);
        for (const end of m.ends) {
          if (end.start.length !== 1 || end.start[0][0] !== m.headers[0])
            problems.push(`${where}: the key column ${m.headers[0]} is not fixed on the left (${JSON.stringify(end.start)})`);
          for (const [name, on] of [...end.start, ...end.end]) if (!on) problems.push(`${where}: the fixed column ${name} is off screen`);
        }
        if (!noActions && m.headers.at(-1) !== '操作') problems.push(`${where}: the last column is ${m.headers.at(-1)}, not 操作`);
        if (!noActions && !m.ends.every((e) => e.end.some(([name, on]) => name === '操作' && on))) {
          problems.push(`${where}: the actions column is not fixed on the right and visible`);
        }
        if (['shop-management-list', 'export-file', 'contract-list', 'apply-record'].some((p) => listPath.endsWith(p))) {
          await page.screenshot({ path: extraShot(`1366-${listPath.split('/').pop()}`) });
        }
      }
      for (const p of problems) console.log(`      · ${p}`);
      assert(problems.length === 0, `${problems.length} layout problems (listed above)`);
      await openList(page, base, 'basic/shop-management-list');
      // Scrolled to the far right: the key column and the actions are still there.
      await page
        .locator('.ant-table-body')
        .first()
        .evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await page.waitForTimeout(300);
      await shot();
    },
  },
  {
    name: 'list-columns-1920',
    title: 'at 1920×1080 a wide list shows its columns with the actions fixed',
    async run({ page, base, password, shot }) {
      await page.setViewportSize({ width: 1920, height: 1080 });
      await signIn(page, base, 'admin', password);
      for (const listPath of ['basic/shop-management-list', 'fileManage/export-file', 'system/organization-list']) {
        await openList(page, base, listPath);
        const m = await page.evaluate(measureReach);
        assert(m.hidden.length === 0, `${listPath}: columns not reachable at 1920×1080: ${m.hidden.join(', ')}`);
        assert(m.pageOverflow <= 0, `${listPath}: the page is wider than the window`);
        await page.screenshot({ path: extraShot(`1920-${listPath.split('/').pop()}`) });
      }
      await openList(page, base, 'basic/shop-management-list');
      await shot();
    },
  },
  {
    name: 'list-column-settings',
    title: '列设置 hides and moves columns, kept per account across reloads, 重置 restores',
    async run({ page, base, password, shot }) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, base, 'admin', password);
      const table = await openList(page, base, 'basic/shop-management-list');
      const headers = () =>
        table
          .locator('.ant-table-header thead > tr:first-child > th, .ant-table-content thead > tr:first-child > th')
          .evaluateAll((ths) => ths.map((th) => th.innerText.trim()).filter(Boolean));
      const before = await headers();
      assert(before[0] === '门店编号' && before.at(-1) === '操作', `the columns are ${before.join(',')}`);

      await page.getByRole('button', { name: '列设置' }).click();
      const panel = page.getByTestId('column-settings');
      await panel.waitFor();
      // The key column and the actions are pinned: shown, not movable.
      assert(await panel.getByRole('checkbox', { name: '门店编号' }).isDisabled(), 'the key column can be hidden');
      assert(await panel.getByRole('checkbox', { name: '操作' }).isDisabled(), 'the actions column can be hidden');
      await panel.getByRole('checkbox', { name: '详细地址' }).uncheck();
      await panel.getByRole('button', { name: '上移创建时间' }).click();
      await panel.getByRole('button', { name: '上移创建时间' }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('settings-panel') });
      const after = await headers();
      assert(!after.includes('详细地址'), `详细地址 is still shown: ${after.join(',')}`);
      assert(after.indexOf('创建时间') === after.indexOf('联系电话') - 1, `创建时间 did not move up twice: ${after.join(',')}`);

      // Kept across a reload (same account).
      await page.keyboard.press('Escape');
      await page.reload();
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      const reloaded = await headers();
      assert(
        JSON.stringify(reloaded) === JSON.stringify(after),
        `after a reload the columns are ${reloaded.join(',')}, expected ${after.join(',')}`,
      );
      const reach = await page.evaluate(measureReach);
      assert(reach.hidden.length === 0, `columns not reachable after the settings: ${reach.hidden.join(', ')}`);
      await shot();

      // Stored per account (merchant and user id) and list.
      const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('listColumns:')));
      assert(
        keys.length === 1 && /^listColumns:\d+:\d+:merchant\.stores$/.test(keys[0]),
        `the settings are stored under ${JSON.stringify(keys)}`,
      );

      // 重置 restores the definition's columns.
      await page.getByRole('button', { name: '列设置' }).click();
      await page
        .getByTestId('column-settings')
        .getByRole('button', { name: /重\s*置/ })
        .click();
      await page.waitForTimeout(300);
      const reset = await headers();
      assert(JSON.stringify(reset) === JSON.stringify(before), `重置 left ${reset.join(',')}`);
    },
  },
];
