import { activateOnDetail, assert, connectCabinet, pickSearched, registerDevice, selectOption, shotPath, signIn } from './kit.mjs';

/**
 * Journeys of 语音提醒 (issue 13, section 126): the admin registers and activates a cabinet, which connects over the
 * real MQTT link; creates a voice prompt for that cabinet (试听 answers with a clear message when the browser has no
 * Chinese voice), pushes it, and sees the cabinet's push 已确认 after it acknowledged the 同步语音 command.
 */
const shot = shotPath('voice');

export const voiceJourneys = [
  {
    name: 'voice-service-push',
    title: 'admin creates a voice prompt for a connected cabinet, pushes it and sees the cabinet’s push 已确认',
    async run({ page, base, password }) {
      // ---- a cabinet of our own, activated and on the link
      await signIn(page, base, 'admin', password, '/website/device-management/device-list');
      const name = `E2E语音柜${String(Date.now()).slice(-5)}`;
      const { code, secret } = await registerDevice(page, name, '单门冷冻柜');
      await page.goto(`${base}/website/device-management/device-detail/${code}`);
      await activateOnDetail(page);

      const cabinet = await connectCabinet(code, secret, { ackMessage: (cmd) => `已同步语音${cmd.data?.prompts?.length ?? 0}条` });
      const { received } = cabinet;
      try {
        // ---- the prompt
        await page.goto(`${base}/website/appreciation-service/voice-service`);
        await page.waitForFunction(() => globalThis.document.title.startsWith('语音提醒'));
        await page.locator('.ant-table-row').first().waitFor();
        await page.screenshot({ path: shot('list') });
        await page.getByRole('button', { name: /新增语音/ }).click();
        const voiceName = `${name}关门提醒`.slice(0, 30);
        await page.locator('#voice-form_name').fill(voiceName);
        await page.locator('#voice-form_content').fill('请关好柜门，谢谢您的配合。');
        await selectOption(page, 'voice-form_voiceType', '关门提醒');
        // the end date of the validity
        await page.locator('.ant-modal .ant-picker-range').nth(1).locator('input').nth(1).click();
        // a day of the next month (the range picker's second panel)
        await page
          .locator('.ant-picker-dropdown:visible .ant-picker-date-panel')
          .nth(1)
          .locator('td.ant-picker-cell-in-view')
          .nth(19)
          .click();
        await page.locator('.ant-modal').getByText('指定设备', { exact: true }).click();
        await pickSearched(page, 'voice-form_deviceCodes', code);
        await page.keyboard.press('Escape');
        // 试听: plays with a zh-CN voice, or says clearly that the browser has none
        await page.getByRole('button', { name: /试\s*听/ }).click();
        await page.waitForTimeout(2000);
        const notices = await page.locator('.ant-message').allInnerTexts();
        assert(
          notices.every((t) => !t.trim() || t.includes('中文') || t.includes('语音合成')),
          `试听 said: ${notices.join(' | ')}`,
        );
        await page.screenshot({ path: shot('form') });
        await page.getByRole('button', { name: /保\s*存/ }).click();
        await page.locator('.ant-message').getByText('语音提醒已创建').waitFor();

        // ---- push it and watch the cabinet's status
        await page.locator('#name').fill(voiceName);
        await page.getByRole('button', { name: /查\s*询/ }).click();
        const row = page.locator('.ant-table-row').filter({ hasText: voiceName });
        await row.waitFor();
        await row.getByText('推送', { exact: true }).click();
        await page
          .locator('.ant-modal-confirm')
          .getByRole('button', { name: /确\s*定|OK/ })
          .click();
        await page.locator('.ant-message').getByText('已推送到1台设备').waitFor();
        const drawer = page.locator('.ant-drawer-body');
        const push = drawer
          .locator('tr')
          .filter({ hasText: code })
          .filter({ hasText: /已发送|已确认|超时/ });
        await push.getByText('已确认').waitFor({ timeout: 20_000 });
        assert((await push.innerText()).includes('已同步语音'), `push row: ${await push.innerText()}`);
        await drawer.getByText('同步语音指令发送到1台设备').waitFor();
        await page.screenshot({ path: shot('pushed'), fullPage: true });
        const cmd = received[0];
        assert(cmd?.type === 'voice-sync' && cmd.data?.voiceVersion === 1, `the cabinet got ${JSON.stringify(cmd)}`);
        assert(
          cmd.data.prompts.some((p) => p.text === '请关好柜门，谢谢您的配合。'),
          'the prompt is in the sync',
        );
      } finally {
        await cabinet.close();
      }
    },
  },
];
