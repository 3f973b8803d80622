import path from 'node:path';
import {
  approveActivation,
  artifacts,
  assert,
  bindDevice,
  fillLocationForm,
  newPersonContext,
  pickSearched,
  registerDevice,
  saveNewLocation,
  shotPath,
  signIn,
  startSimulator,
  stopSimulator,
} from './kit.mjs';

/**
 * The device lifecycle of issue 13, end to end: the operator registers a cabinet and applies to activate it, once
 * against a contract of another model (the 20001 message) and then the right one; the admin approves it, binds it to
 * a new location, starts the cabinet simulator for that one device (npm run simulate -- --device D…), watches it turn
 * 在线 on the device list, stops the simulator and watches it turn 离线 (the e2e server's DEVICE_OFFLINE_SECONDS is
 * 10 s; the journey only waits for the page to show the state, with a time-out). The simulator finds the broker in
 * DATA_DIR/mqtt-address, as `npm run simulate` does next to `npm start`.
 */
const shot = shotPath('device-lifecycle');

/** The device list filtered by code, searched again (查询) until its row shows `text`, for at most `ms`. */
async function waitForRow(page, code, text, ms) {
  const until = Date.now() + ms;
  for (;;) {
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-tbody tr').filter({ hasText: code }).first();
    await row.waitFor();
    if ((await row.innerText()).includes(text)) return row;
    if (Date.now() > until) throw new Error(`the device list never showed ${code} ${text}: ${await row.innerText()}`);
    await page.waitForTimeout(1000);
  }
}

export const deviceLifecycleJourneys = [
  {
    name: 'device-lifecycle-simulator',
    title: 'register a device, activate it (wrong model → 20001 first), bind it to a location, simulator on → 在线, off → 离线',
    async run({ page, context, base, password, dataDir }) {
      assert(dataDir, 'the e2e runner passes no dataDir');
      const tag = String(Date.now()).slice(-5);
      const name = `E2E生命周期柜${tag}`;
      const pointName = `E2E生命周期点位${tag}`;

      // ---- the operator registers the cabinet and applies to activate it
      await signIn(page, base, 'operator', password, '/website/device-management/device-list');
      await page.waitForURL(/device-list/);
      const { code } = await registerDevice(page, name, '单门冷藏柜');

      await page.goto(`${base}/website/device-management/application-add`);
      await page.waitForFunction(() => globalThis.document.title.startsWith('新增激活申请'));
      await pickSearched(page, 'contractId', '园区单门冷冻柜投放合同');
      await pickSearched(page, 'deviceCodes', code);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.locator('.ant-message').getByText('合同柜型与设备型号需一致才能激活设备').waitFor();
      await page.screenshot({ path: shot('20001') });
      await pickSearched(page, 'contractId', '写字楼单门冷藏柜投放合同');
      await page.getByText('合同柜型：单门冷藏柜').waitFor();
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.waitForURL(/application-detail\/JH\d{10}$/);
      const applyCode = page.url().split('/').pop();

      const adminContext = await newPersonContext(context);
      const admin = await adminContext.newPage();
      let simulator;
      try {
        // ---- the admin approves it
        await approveActivation(admin, base, 'admin', password, applyCode);
        await admin.locator('.ant-table-row').filter({ hasText: code }).getByText('已激活').waitFor();

        // ---- a location of its own, and the cabinet bound to it
        await admin.goto(`${base}/website/device-management/location-detail/add`);
        await fillLocationForm(admin, {
          name: pointName,
          region: ['上海市', '上海市', '浦东新区'],
          address: '张江路88号E2E生命周期大厦1楼大堂',
          lng: '121.59',
          lat: '31.20',
          contactName: '钱测试',
          contactPhone: '13912345678',
        });
        const pointId = await saveNewLocation(admin);
        await bindDevice(admin, base, pointId, code);

        // ---- on the device list: 已激活, bound, 离线 (it never connected)
        await admin.goto(`${base}/website/device-management/device-list`);
        await admin.locator('#deviceCode').fill(code);
        let row = await waitForRow(admin, code, '离线', 5_000);
        let text = await row.innerText();
        assert(text.includes('已激活') && text.includes(pointName), `row before the simulator: ${text}`);

        // ---- the simulator for this one cabinet: 在线
        simulator = await startSimulator(dataDir, [code], { log: 'device-lifecycle-simulator' });
        row = await waitForRow(admin, code, '在线', 30_000);
        text = await row.innerText();
        assert(/°C/.test(text) && text.includes('sim-1.0.0'), `row with the simulator: ${text}`);
        await admin.screenshot({ path: shot('online') });

        // ---- stopped: 离线 once the server has heard nothing for DEVICE_OFFLINE_SECONDS
        await stopSimulator(simulator);
        row = await waitForRow(admin, code, '离线', 45_000);
        await admin.screenshot({ path: shot('offline') });

        // ---- the detail page's 上下线记录 has both changes
        await row.getByRole('link', { name: code }).click();
        await admin.waitForURL(new RegExp(`device-detail/${code}$`));
        const linkLog = admin.locator('[data-testid="device-link-log"]');
        await linkLog.getByText('上线').first().waitFor();
        await linkLog.getByText('离线').first().waitFor();
        await admin.screenshot({ path: path.join(artifacts, 'device-lifecycle-detail.png'), fullPage: true });
      } finally {
        await stopSimulator(simulator);
        await adminContext.close();
      }
    },
  },
];
