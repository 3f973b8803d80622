import { approveActivation, assert, newPersonContext, pickSearched, registerDevice, shotPath, signIn } from './kit.mjs';

/**
 * Journeys of device activation (issue 13, 激活申请): the operator registers a cabinet (新增设备), applies to activate it
 * against a contract of another cabinet model and is refused with the 20001 message, applies against the contract of
 * its model; the admin (a reviewer) approves it and the device is 已激活.
 */
const shot = shotPath('device-activation');

export const deviceActivationJourneys = [
  {
    name: 'device-activation-apply-review',
    title: 'operator adds a device, applies against a contract of another model (20001), then the right one; admin approves → 已激活',
    async run({ page, context, base, password }) {
      await signIn(page, base, 'operator', password, '/website/device-management/device-list');
      await page.waitForURL(/device-list/);
      const name = `E2E激活柜${String(Date.now()).slice(-5)}`;
      const { code } = await registerDevice(page, name, '双门冷藏柜');

      // ---- apply: first against a contract of another model
      await page.goto(`${base}/website/device-management/device-active-application`);
      await page.locator('.ant-table-row').first().waitFor();
      await page.screenshot({ path: shot('list') });
      await page.getByRole('button', { name: /新增激活申请/ }).click();
      await page.waitForURL(/application-add$/);
      await page.waitForFunction(() => globalThis.document.title.startsWith('新增激活申请'));
      await pickSearched(page, 'contractId', '徐汇片区单门常温柜投放合同');
      await pickSearched(page, 'deviceCodes', code);
      await page.keyboard.press('Escape');
      await page.getByText('的型号与合同柜型不一致').waitFor();
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.locator('.ant-message').getByText('合同柜型与设备型号需一致才能激活设备').waitFor();
      await page.screenshot({ path: shot('model-mismatch') });

      // ---- then against the contract of its model
      await pickSearched(page, 'contractId', '地铁站双门冷藏柜投放合同');
      await page.getByText('合同柜型：双门冷藏柜').waitFor();
      await page.locator('#remark').fill('地铁站B口新装冷藏柜，已调试完毕');
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.waitForURL(/application-detail\/JH\d{10}$/);
      const applyCode = page.url().split('/').pop();
      await page.locator('.ant-card-head .ant-tag').filter({ hasText: '待审核' }).waitFor();
      const opButtons = (await page.locator('.ant-card-extra').first().innerText()).replace(/\s+/g, '');
      assert(opButtons.includes('撤回') && !opButtons.includes('审核通过'), `operator's actions: ${opButtons}`);

      // ---- the admin reviews
      const adminContext = await newPersonContext(context);
      const admin = await adminContext.newPage();
      try {
        await approveActivation(admin, base, 'admin', password, applyCode);
        await admin.locator('.ant-card-head .ant-tag').filter({ hasText: '已通过' }).waitFor();
        await admin.locator('.record-history-changes').filter({ hasText: '已通过' }).first().waitFor();
        const deviceRow = admin.locator('.ant-table-row').filter({ hasText: code });
        await deviceRow.getByText('已激活').waitFor();
        const buttons = (await admin.locator('.ant-card-extra').first().innerText()).replace(/\s+/g, '');
        assert(!buttons.includes('审核通过') && !buttons.includes('驳回'), `actions after approval: ${buttons}`);
        await admin.screenshot({ path: shot('approved'), fullPage: true });

        await admin.goto(`${base}/website/device-management/device-list`);
        await admin.locator('#deviceCode').fill(code);
        await admin.getByRole('button', { name: /查\s*询/ }).click();
        await admin.locator('.ant-table-row').filter({ hasText: code }).getByText('已激活').waitFor();
      } finally {
        await adminContext.close();
      }
    },
  },
  {
    name: 'device-activation-reject',
    title: 'admin rejects the demo’s 待审核 activation application: an empty reason is refused by the form, a reason → 已驳回',
    async run({ page, base, password }) {
      await signIn(page, base, 'admin', password, '/website/device-management/device-active-application');
      await page.waitForURL(/device-active-application/);
      await page.locator('#deviceCode').fill('D2611000021');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.getByRole('link', { name: '处理' }).first().click();
      await page.waitForURL(/application-detail\/JH\d{10}$/);
      await page.locator('.ant-card-head .ant-tag').filter({ hasText: '待审核' }).waitFor();
      await page
        .locator('.ant-card-extra')
        .getByRole('button', { name: /驳\s*回/ })
        .click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '驳回激活申请' });
      await dialog.getByRole('button', { name: /驳\s*回/ }).click();
      await dialog.getByText('驳回原因至少2个字').waitFor();
      await page.screenshot({ path: shot('reject-reason') });
      await dialog.locator('#reason').fill('点位照片不清晰，请补充后重新提交');
      await dialog.getByRole('button', { name: /驳\s*回/ }).click();
      await page.locator('.ant-card-head .ant-tag').filter({ hasText: '已驳回' }).waitFor();
      await page.locator('.record-history-changes').filter({ hasText: '已驳回' }).first().waitFor();
      const buttons = (await page.locator('.ant-card-extra').first().innerText()).replace(/\s+/g, '');
      assert(!buttons.includes('审核通过') && !buttons.includes('驳回'), `actions after rejection: ${buttons}`);
      assert((await page.locator('.ant-descriptions').first().innerText()).includes('点位照片不清晰'), 'the reason is not shown');
      await page.screenshot({ path: shot('rejected'), fullPage: true });
    },
  },
];
