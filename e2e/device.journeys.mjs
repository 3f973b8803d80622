import path from 'node:path';
import { activateOnDetail, artifacts, assert, connectCabinet, shotPath, signIn, pickDeviceModel } from './kit.mjs';

/**
 * Journeys of devices (issue 13, section 120): register a cabinet (its secret shown once), see it 离线, connect
 * it over the real MQTT link with that secret, see it 在线 with its temperature, and send it a command it
 * acknowledges. The server's embedded broker runs on a free port (MQTT_PORT=0); its start banner in
 * server.log names it.
 */
const shot = shotPath('device');

/** The list filtered by a device name, searched again until `text` shows in its row. */
async function rowShows(page, name, text) {
  for (let i = 0; i < 10; i++) {
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-tbody tr').filter({ hasText: name }).first();
    await row.waitFor();
    if ((await row.innerText()).includes(text)) return row;
    await page.waitForTimeout(500);
  }
  throw new Error(`the row of ${name} never showed ${text}`);
}

export const deviceJourneys = [
  {
    name: 'device-register-online',
    title: 'admin adds a device (secret shown once), sees it 离线, the cabinet connects over MQTT → 在线, a 开门 command is 已确认',
    async run({ page, base, password }) {
      await signIn(page, base, 'admin', password, '/website/device-management/device-list');
      await page.waitForURL(/device-list/);
      await page.getByRole('button', { name: /新增设备/ }).click();
      const name = `E2E测试柜${String(Date.now()).slice(-5)}`;
      await page.locator('#device-form_name').fill(name);
      await pickDeviceModel(page, '双门冷藏柜');
      await page.getByRole('button', { name: /保\s*存/ }).click();

      const secretEl = page.getByTestId('device-secret');
      await secretEl.waitFor();
      const secret = (await secretEl.innerText()).trim();
      const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '设备已创建' });
      const code = /D\d{10}/.exec(await dialog.innerText())?.[0];
      assert(code && secret.length === 24, `no code or secret in the dialog: ${code} ${secret}`);
      await page.screenshot({ path: shot('secret-once') });
      await page.getByRole('button', { name: '我已保存密钥' }).click();

      await page.locator('#name').fill(name);
      let row = await rowShows(page, name, '离线');
      assert((await row.innerText()).includes('未激活'), 'a new device is 未激活');
      await page.screenshot({ path: shot('offline') });

      // activate it on its detail page
      await row.getByRole('link', { name: code }).click();
      await page.waitForURL(new RegExp(`device-detail/${code}$`));
      await activateOnDetail(page);

      // the cabinet connects with its real credentials
      const cabinet = await connectCabinet(code, secret, { firmware: 'v2.3.1', ackMessage: () => '门已打开' });
      try {
        await cabinet.client.publishAsync(`dev/${code}/up/telemetry`, JSON.stringify({ v: 1, temperature: 4.5, door: 'closed' }), {
          qos: 1,
        });

        await page.goto(`${base}/website/device-management/device-list`);
        await page.locator('#name').fill(name);
        row = await rowShows(page, name, '在线');
        const text = await row.innerText();
        assert(text.includes('4.5°C') && text.includes('已激活') && text.includes('v2.3.1'), `row after heartbeat: ${text}`);
        await page.screenshot({ path: shot('online') });

        await row.getByRole('link', { name: code }).click();
        await page.waitForURL(new RegExp(`device-detail/${code}$`));
        await page.getByRole('button', { name: /发送指令/ }).hover();
        await page.locator('.ant-dropdown-menu-item').filter({ hasText: '开门' }).click();
        await page.locator('.ant-table-tbody').getByText('已确认').first().waitFor({ timeout: 15_000 });
        await page.locator('.ant-table-tbody').getByText('门已打开').first().waitFor();
        await page.screenshot({ path: path.join(artifacts, 'device-detail.png'), fullPage: true });
      } finally {
        await cabinet.close();
      }
    },
  },
];
