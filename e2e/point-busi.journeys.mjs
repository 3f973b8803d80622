/* global document, window, PopStateEvent -- used inside page.evaluate and waitForFunction callbacks, which run in the browser */
import {
  assert,
  bindDevice,
  fillLocationForm,
  newPersonContext,
  pickSearched,
  registerDevice,
  saveNewLocation,
  selectOption,
  shotPath,
  signIn,
} from './kit.mjs';

/**
 * Journeys of 点位公告 and 撤点管理 (issue 13): the admin sets up a point of its own with a cabinet bound, publishes a
 * bulletin for it and sees it on point-detail (a stale detail link is corrected to the record's type and dates); the
 * operator (运营) applies to withdraw the point; the admin approves and executes: the point is 已撤点 and the cabinet
 * 未绑定. Works on its own point and cabinet (other journeys' rows are left alone).
 */
const shot = shotPath('point-busi');
const confirm = (page) =>
  page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK|发\s*布|执行撤点/ })
    .last();

export const pointBusiJourneys = [
  {
    name: 'point-busi-bulletin-withdrawal',
    title:
      'admin publishes a bulletin for a point (seen on point-detail); 运营 applies to withdraw it; admin approves and executes → 已撤点, device 未绑定',
    async run({ page, context, base, password }) {
      const tag = String(Date.now()).slice(-5);
      const pointName = `E2E撤点${tag}`;
      const deviceName = `E2E撤点柜${tag}`;
      const title = `E2E公告${tag}`;

      // ---- a cabinet and a point of our own, the cabinet bound there
      await signIn(page, base, 'admin', password, '/website/device-management/device-list');
      await page.waitForURL(/device-list/);
      const { code } = await registerDevice(page, deviceName, '单门常温柜');

      await page.goto(`${base}/website/device-management/location-detail/add`);
      await page.locator('.ant-card-head-title').filter({ hasText: '新增位置' }).waitFor();
      await fillLocationForm(page, {
        name: pointName,
        region: ['上海市', '上海市', '徐汇区'],
        address: '宜山路800号E2E大厦',
        lng: '121.43',
        lat: '31.18',
        contactName: '赵测试',
        contactPhone: '13812345678',
      });
      const pointId = await saveNewLocation(page);
      await bindDevice(page, base, pointId, code);

      // ---- 点位公告: a draft for this point, published
      await page.goto(`${base}/website/point-busi/point-manage-bulletin`);
      await page.locator('.ant-table-row').nth(5).waitFor();
      await page.screenshot({ path: shot('bulletin-list'), fullPage: true });
      await page.getByRole('button', { name: /新增公告/ }).click();
      await page.locator('#bulletin-form_title').fill(title);
      await selectOption(page, 'bulletin-form_bulletinType', '停机维护');
      await page.locator('#bulletin-form_content').fill('本点位智能柜将于今晚22:00-24:00停机维护，给您带来不便敬请谅解。');
      await page.getByLabel('指定点位').check();
      await pickSearched(page, 'bulletin-form_pointIds', pointName);
      await page.keyboard.press('Escape');
      await page.screenshot({ path: shot('bulletin-form') });
      await page.getByRole('button', { name: '保存草稿' }).click();
      await page.waitForURL(/bulletin-detail\/\d+\/maintenance\/\d{4}-\d{2}-\d{2}$/);
      const bulletinUrl = new URL(page.url()).pathname;
      const bulletinId = bulletinUrl.split('/')[4];
      await page.locator('.ant-card-head .ant-tag').filter({ hasText: '草稿' }).waitFor();
      await page.getByRole('button', { name: /发\s*布/ }).click();
      await confirm(page).click();
      await page.locator('.ant-card-head .ant-tag').filter({ hasText: '已发布' }).waitFor();
      const actions = (await page.locator('.ant-card-extra').first().innerText()).replace(/\s+/g, '');
      assert(actions.includes('撤回') && !actions.includes('编辑') && !actions.includes('发布'), `published actions: ${actions}`);
      await page.screenshot({ path: shot('bulletin-detail'), fullPage: true });

      // a stale link (another type and dates) shows the record and corrects the URL, in one tab
      const tabs = page.locator('.app-tabs .ant-tabs-tab');
      const tabsBefore = await tabs.count();
      const oneDetailTab = async (n, after) => {
        const settled = await page
          .waitForFunction(
            (n) => {
              const all = [...document.querySelectorAll('.app-tabs .ant-tabs-tab')];
              return all.length === n && all.filter((t) => t.textContent.includes('公告详情')).length === 1;
            },
            n,
            { timeout: 5000 },
          )
          .then(
            () => true,
            () => false,
          );
        assert(settled, `one 公告详情 tab after ${after}: ${(await tabs.allInnerTexts()).join(' | ')}`);
      };
      await page.goto(`${base}/website/point-busi/bulletin-detail/${bulletinId}/promotion/2020-01-01/2020-01-31`);
      await page.waitForURL((u) => u.pathname === bulletinUrl);
      await page.locator('.ant-card-head-title').filter({ hasText: title }).waitFor();
      await page.locator('.app-tabs .ant-tabs-tab-active').filter({ hasText: '公告详情' }).waitFor();
      await oneDetailTab(tabsBefore, 'the stale link');
      // the same from inside the app (a link followed without a reload)
      await page.evaluate((p) => {
        window.history.pushState({ usr: null, key: 'stale', idx: window.history.length }, '', p);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, `/website/point-busi/bulletin-detail/${bulletinId}/notice/2021-02-01`);
      await page.waitForURL((u) => u.pathname === bulletinUrl);
      await page.locator('.ant-card-head-title').filter({ hasText: title }).waitFor();
      await oneDetailTab(tabsBefore, 'an in-app stale link');
      await page.screenshot({ path: shot('bulletin-detail-stale-link') });

      // seen on point-detail
      await page.goto(`${base}/website/point-busi/point-detail/${pointId}`);
      await page.getByTestId('current-bulletins').filter({ hasText: title }).waitFor();
      const pointActions = (await page.locator('.ant-card-extra').first().innerText()).replace(/\s+/g, '');
      assert(pointActions.includes('申请撤点'), `point actions: ${pointActions}`);
      assert((await page.getByRole('button', { name: /^撤\s*点$/ }).count()) === 0, 'no direct 撤点 on point-detail');
      await page.screenshot({ path: shot('point-detail'), fullPage: true });

      // ---- 撤点管理: the operator applies
      const opContext = await newPersonContext(context);
      const op = await opContext.newPage();
      let applyCode = '';
      try {
        await signIn(op, base, 'operator', password, `/website/point-busi/back-point-add?pointId=${pointId}`);
        await op.waitForURL(/back-point-add/);
        await op.locator('.ant-alert').filter({ hasText: '绑定着1台设备' }).waitFor();
        await op.locator('#withdrawal-form_reason').fill('物业收回场地，要求本周内撤柜');
        await op.screenshot({ path: shot('withdrawal-add') });
        await op.getByRole('button', { name: '提交申请' }).click();
        await op.waitForURL(/back-point-detail\/CD\d{10}$/);
        applyCode = op.url().split('/').pop();
        await op.locator('.ant-card-head .ant-tag').filter({ hasText: '待审核' }).waitFor();
        const opButtons = (await op.locator('.ant-card-extra').first().innerText()).replace(/\s+/g, '');
        assert(opButtons.includes('撤回') && !opButtons.includes('审核通过'), `operator's actions: ${opButtons}`);
      } finally {
        await opContext.close();
      }

      // ---- the admin approves and executes
      await page.goto(`${base}/website/point-busi/back-point-detail/${applyCode}`);
      await page.getByRole('button', { name: '审核通过' }).click();
      await confirm(page).click();
      await page.locator('.ant-card-head .ant-tag').filter({ hasText: '已通过' }).waitFor();
      await page.getByRole('button', { name: '执行撤点' }).click();
      await confirm(page).click();
      await page.locator('.ant-card-head .ant-tag').filter({ hasText: '已完成' }).waitFor();
      await page.locator('.record-history-changes').filter({ hasText: '已完成' }).first().waitFor();
      await page.screenshot({ path: shot('withdrawal-done'), fullPage: true });

      await page.goto(`${base}/website/point-busi/point-detail/${pointId}`);
      await page.locator('.ant-card-head .ant-tag').filter({ hasText: '已撤点' }).first().waitFor();
      await page.getByText('还没有绑定设备').waitFor();

      await page.goto(`${base}/website/device-management/device-list`);
      await page.locator('#deviceCode').fill(code);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.locator('.ant-table-row').filter({ hasText: code }).getByText('未绑定').waitFor();

      await page.goto(`${base}/website/point-busi/back-point-management`);
      await page.locator('.ant-table-row').nth(5).waitFor();
      await page.screenshot({ path: shot('withdrawal-list'), fullPage: true });
    },
  },
];
