import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { artifacts, assert, signIn } from './kit.mjs';

/**
 * Journeys of merchant basic settings (issue 5, section 100): create a store and edit it (the title
 * follows the type), and run a settle application through to approval. Same shape as journeys.mjs:
 * each runs in a fresh browser context and ends with a screenshot of what it checked.
 */

/** Picks an option of an antd Select / Cascader opened by clicking `trigger`. */
async function pick(page, trigger, ...labels) {
  await trigger.click();
  for (const label of labels) {
    await page
      .locator('.ant-select-item-option:visible, .ant-cascader-menu-item:visible')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .first()
      .click();
  }
  await page.keyboard.press('Escape');
}

/** A real 64×40 PNG (a licence scan stand-in) for the upload. */
function licencePng() {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const w = 64;
  const h = 40;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc(h * (1 + w * 3));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * (1 + w * 3) + 1 + x * 3;
      const border = x < 3 || y < 3 || x >= w - 3 || y >= h - 3;
      raw[o] = border ? 200 : 250;
      raw[o + 1] = border ? 40 : 245;
      raw[o + 2] = border ? 40 : 235;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const expectTitle = async (page, text) => {
  await page.getByTestId('store-form-title').filter({ hasText: text }).waitFor();
  const title = await page.title();
  assert(title.startsWith(text), `document title is "${title}", expected ${text}`);
  const crumb = await page.locator('.ant-breadcrumb').innerText();
  assert(crumb.includes(text), `breadcrumb "${crumb}" lacks ${text}`);
};

export const merchantJourneys = [
  {
    name: 'store-create-edit',
    title: 'admin creates a store (新增门店) and edits it (编辑门店); the change record keeps before and after',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password, '/website/basic/shop-management-list');
      await page.waitForURL(/shop-management-list/);
      await page.getByRole('button', { name: /新增门店/ }).click();
      await page.waitForURL(/shop-management-add\/add$/);
      await expectTitle(page, '新增门店');

      const stamp = String(Date.now()).slice(-5);
      const name = `鲜速达·E2E测试店${stamp}`;
      await page.locator('#name').fill(name);
      await pick(page, page.locator('#category'), '零售门店', '便利店');
      await pick(page, page.locator('#tagCodes'), '到店自提', '配送到家');
      await page.locator('#contactName').fill('周晓东');
      await page.locator('#contactPhone').fill('13761234567');
      await page.locator('#province').fill('上海市');
      await page.locator('#city').fill('上海市');
      await page.locator('#district').fill('徐汇区');
      await page.locator('#address').fill('宜山路700号B1层');
      await page.locator('#lng').fill('121.4265');
      await page.locator('#lat').fill('31.1733');
      await page.getByRole('button', { name: '创建门店' }).click();

      await page.waitForURL(/shop-management-edit\/MD\d{10}$/);
      const storeCode = page.url().split('/').pop();
      await page.getByText(name).first().waitFor();
      assert((await page.title()).startsWith('门店详情'), 'detail page title');

      await page.getByRole('button', { name: /编辑门店/ }).click();
      await page.waitForURL(new RegExp(`shop-management-add/edit/${storeCode}$`));
      await expectTitle(page, '编辑门店');
      await page.locator('#name').fill(`${name}（旗舰）`);
      await page.locator('#contactName').fill('周晓南');
      await page.getByRole('button', { name: '保存修改' }).click();

      await page.waitForURL(new RegExp(`shop-management-edit/${storeCode}$`));
      const records = page.locator('.ant-table-tbody');
      await records.getByText('修改信息').waitFor();
      const text = await records.innerText();
      assert(
        text.includes(`${name}（旗舰）`) && text.includes('周晓东') && text.includes('周晓南'),
        `change record lacks before/after: ${text}`,
      );
      assert(text.includes('新建门店'), 'creation record missing');
      await shot();
    },
  },
  {
    name: 'settle-apply-approval',
    title: 'admin runs a settle application (subject with licence upload, business line, submit) and approves it in apply-record',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password, '/website/basic/settle-apply');
      await page.waitForURL(/\/basic\/settle-apply$/);
      await page.getByRole('button', { name: /新的入驻申请|继续填写/ }).click();
      await page.waitForURL(/settle-apply-person-bus$/);

      // step 1: the subject (prefilled from the last application) with a fresh licence image
      await page.locator('#subjectName').waitFor();
      await page.getByText('企业', { exact: true }).click();
      await page.locator('input[type=file]').setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: licencePng() });
      await page.getByText('营业执照.png', { exact: true }).waitFor();
      // the uploader sees its fresh upload (read by its random id) before anything refers to it
      await page.locator('.ant-image img[src^="blob:"]').first().waitFor();
      await shot(path.join(artifacts, 'settle-licence-preview.png'));
      await page.getByRole('button', { name: '保存并下一步' }).click();

      // step 2: business line
      await page.waitForURL(/\/bus-line$/);
      await page.getByRole('checkbox', { name: /社区团购/ }).check();
      await page.locator('#remark').fill('计划在徐汇、闵行开设12个社区团购自提点');
      await page.getByRole('button', { name: '保存并下一步' }).click();

      // step 3: confirm and submit
      await page.waitForURL(/\/submit-apply$/);
      const applyCode = (await page.locator('.ant-card-head-title').first().innerText()).replace('入驻申请', '').trim();
      assert(/^RZ\d{10}$/.test(applyCode), `apply code ${applyCode}`);
      await page.getByText('社区团购', { exact: true }).waitFor();
      await page.getByRole('checkbox', { name: /我确认以上信息/ }).check();
      await page.getByRole('button', { name: '提交申请' }).click();

      // step 4: waiting for review
      await page.waitForURL(/\/apply-result$/);
      await page.getByTestId('apply-result-title').filter({ hasText: '等待管理员审核' }).waitFor();

      // the administrator reviews it in apply-record
      await page.getByRole('button', { name: '申请记录' }).click();
      await page.waitForURL(/\/apply-record$/);
      const row = page.locator('.ant-table-row', { hasText: applyCode });
      await row.getByText('待审核').waitFor();
      await row.getByText('审核', { exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`审核入驻申请 ${applyCode}`).waitFor();
      await dialog.locator('textarea').fill('资质齐全，同意开通社区团购');
      await dialog.getByRole('button', { name: '审核通过' }).click();
      await row.getByText('已通过').waitFor();

      await page.goto(`${base}/website/basic/apply-result`);
      await page.getByTestId('apply-result-title').filter({ hasText: '审核通过，入驻成功' }).waitFor();
      await page.getByText('审核意见：资质齐全，同意开通社区团购').waitFor();
      await shot();

      // 商户信息 shows the approved subject's licence image
      await page.goto(`${base}/website/basic/information-detail`);
      const licence = page.locator('.ant-descriptions-item', { hasText: '证件照片' });
      await licence.getByText('营业执照.png', { exact: true }).waitFor();
      await licence.locator('img[src^="blob:"]').waitFor();
      await shot(path.join(artifacts, 'settle-licence-information-detail.png'));
    },
  },
  {
    name: 'contract-attachment',
    title: 'admin attaches a scanned contract in 合同管理: the form previews the fresh upload, the list shows it',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password, '/website/basic/contract-list');
      await page.waitForURL(/\/basic\/contract-list$/);
      const row = page.locator('.ant-table-row', { has: page.getByText('编辑', { exact: true }) }).first();
      const contractNo = (await row.locator('td').first().innerText()).trim();
      assert(/^HT\d+/.test(contractNo), `first contract number ${contractNo}`);
      await row.getByText('编辑', { exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`编辑合同 ${contractNo}`).waitFor();
      await dialog.locator('input[type=file]').setInputFiles({ name: '租赁合同扫描件.png', mimeType: 'image/png', buffer: licencePng() });
      await dialog.getByText('租赁合同扫描件.png', { exact: true }).waitFor();
      await dialog.locator('img[src^="blob:"]').waitFor();
      await shot(path.join(artifacts, 'contract-attachment-form.png'));
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.waitFor({ state: 'detached' });

      const saved = page.locator('.ant-table-row', { hasText: contractNo });
      await saved.getByText('租赁合同扫描件.png', { exact: true }).waitFor();
      const thumb = saved.locator('img[src^="blob:"]');
      await thumb.waitFor();
      await thumb.scrollIntoViewIfNeeded();
      await shot();
    },
  },
];
