import { assert, openPage, phone, pickCascader, shotPath, signIn, suffix, waitForTitle } from './kit.mjs';

/**
 * Journeys of the front warehouses (issue 15, section 123 前置仓 › 仓主管理): the admin adds a front warehouse with its
 * region and owner, finds it in the list (the owner's phone masked, 查看 shows it), edits it (the history tells
 * what changed), disables it after confirming, sees 停用 and the 停用 in its history.
 */
const extraShot = shotPath('front-warehouse');
const rowsOf = (scope) => scope.locator('tbody tr.ant-table-row');
const confirmModal = async (page, button = /确\s*定|OK/) => {
  const modal = page.locator('.ant-modal-confirm').last();
  await modal.waitFor();
  await modal.getByRole('button', { name: button }).click();
  await modal.waitFor({ state: 'detached' });
};

export const frontWarehouseJourneys = [
  {
    name: 'front-warehouse-owner',
    title:
      'a front warehouse: added with region and owner, listed (phone masked), edited, disabled after confirming, 停用 in the list and the history',
    async run({ page, base, password, shot }) {
      const name = `端到端前置仓${suffix()}`;
      const ownerPhone = phone();
      await signIn(page, base, 'admin', password);
      await openPage(page, '前置仓', '仓主管理', /\/website\/entrepot\/entrepot-owner-list/);
      await waitForTitle(page, '仓主管理');
      const list = page.getByTestId('front-warehouse-list');

      // ---- 新增前置仓: an empty save names the fields, then the form filled
      await page.getByRole('button', { name: /新增前置仓/ }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '新增前置仓' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.getByText('请输入前置仓名称').waitFor();
      await dialog.getByText('请选择所在地区（省 / 市 / 区县）').waitFor();
      await page.locator('#front-warehouse-form_name').fill(name);
      await page.locator('#front-warehouse-form_area').fill('260');
      await page.locator('#front-warehouse-form_ownerName').fill('端到端仓主');
      await page.locator('#front-warehouse-form_ownerPhone').fill(ownerPhone);
      await page.locator('#front-warehouse-form_contactTel').fill('021-62481135');
      await pickCascader(page, '#front-warehouse-form_region', ['上海市', '上海市', '静安区']);
      await page.locator('#front-warehouse-form_address').fill('愚园路172号环球世界大厦B1层');
      await page.screenshot({ path: extraShot('add') });
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.waitFor({ state: 'detached' });

      // ---- in the list: code QZ…, the owner's phone masked, 启用
      await list.locator('#keyword').fill(name);
      await list.getByRole('button', { name: /查\s*询/ }).click();
      const row = rowsOf(list).filter({ hasText: name }).first();
      await row.waitFor();
      let text = await row.innerText();
      const masked = `${ownerPhone.slice(0, 3)}****${ownerPhone.slice(-4)}`;
      assert(/QZ\d{8}/.test(text), `no warehouse code: ${text}`);
      assert(text.includes(masked) && !text.includes(ownerPhone), `phone not masked: ${text}`);
      assert(text.includes('上海市 静安区') && text.includes('启用'), `row: ${text}`);
      await row.getByRole('button', { name: '查看完整号码' }).click();
      await row.getByText(ownerPhone).waitFor();
      await shot();

      // ---- 编辑: owner changed, the masked phone left as it is
      await row.getByRole('button', { name: '编辑' }).click();
      const edit = page.locator('.ant-modal').filter({ hasText: '编辑前置仓' });
      await edit.waitFor();
      assert((await page.locator('#front-warehouse-form_ownerPhone').inputValue()) === masked, 'the edit form shows the masked phone');
      await page.locator('#front-warehouse-form_ownerName').fill('端到端新仓主');
      await page.locator('#front-warehouse-form_remark').fill('夜间 22:00 后收货');
      await edit.getByRole('button', { name: /保\s*存/ }).click();
      await edit.waitFor({ state: 'detached' });
      await row.getByText('端到端新仓主').waitFor();

      // ---- 停用 after confirming
      await row.getByRole('button', { name: '停用' }).click();
      await page
        .locator('.ant-modal-confirm')
        .locator('.ant-modal-confirm-title', { hasText: `确认停用前置仓“${name}”？` })
        .waitFor();
      await page.screenshot({ path: extraShot('disable-confirm') });
      await confirmModal(page);
      await row.getByRole('button', { name: '启用' }).waitFor();
      text = await row.innerText();
      assert(text.includes('停用'), `row after 停用: ${text}`);
      await page.screenshot({ path: extraShot('disabled') });

      // ---- 历史: 停用, 编辑 (the owner before → after), 新增
      await row.getByRole('button', { name: '历史' }).click();
      const drawer = page.getByTestId('front-warehouse-history');
      await drawer.getByText('停用').first().waitFor();
      const history = await drawer.innerText();
      assert(history.includes('编辑') && history.includes('新增'), `history: ${history.slice(0, 400)}`);
      assert(history.includes('端到端仓主') && history.includes('端到端新仓主'), `history changes: ${history.slice(0, 400)}`);
      await page.waitForTimeout(500); // the drawer's opening animation
      await page.screenshot({ path: extraShot('history') });
    },
  },
];
