import { assert, openPage, shotPath, signIn } from './kit.mjs';

/**
 * Journey of the coupons (issue 18, docs/marketing.md): a 满减 batch scoped to one city is made and submitted from its
 * form, approved on its 详情, issued to three phones on 发券 (one repeated, one malformed and fixed), and its coupons
 * are found on 券明细 from the 发券单; 发券记录 lists the 发券单.
 */
const extraShot = shotPath('marketing');
const rowsOf = (scope) => scope.locator('tbody tr.ant-table-row');

export const marketingJourneys = [
  {
    name: 'marketing-coupon-batch-provide',
    title: '优惠券: a 满减 batch for one city made, submitted and approved; issued to phones on 发券; its coupons on 券明细',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      await openPage(page, '营销管理', '优惠券批次', /\/website\/marketing\/coupon-batch-list/);
      const list = page.getByTestId('coupon-batch-list');
      await rowsOf(list).first().waitFor();
      await list.getByRole('button', { name: /新增批次/ }).click();
      await page.waitForURL(/coupon-apply\/add/);

      const form = page.getByTestId('coupon-batch-form');
      const name = `端到端满减券${Date.now().toString(36).slice(-4)}`;
      await form.getByLabel('批次名称').fill(name);
      await form.getByLabel('使用门槛（元）').fill('30');
      await form.getByLabel('优惠金额（元）').fill('5');
      await page.getByTestId('rule-preview').filter({ hasText: '满30.00减5.00' }).waitFor();
      await form.getByText('领取后N天', { exact: true }).click();
      await form.getByLabel('有效天数').fill('7');
      await form.getByLabel('发行总量').fill('100');
      await form.getByLabel('每人限领').fill('1');
      // one city of the merchant's points
      await form.getByLabel('适用城市').click();
      const city = page.locator('.ant-select-dropdown .ant-select-item-option').first();
      await city.waitFor();
      const cityName = (await city.innerText()).trim();
      await city.click();
      await page.keyboard.press('Escape');
      await shot(extraShot('batch-form'));
      await form.getByRole('button', { name: /保存并提交审核/ }).click();

      // its 详情: 待审核; the admin approves it
      await page.waitForURL(/coupon-apply\/view\/QP\d{10}/);
      const batchCode = /QP\d{10}/.exec(page.url())[0];
      await page.getByTestId('batch-status').filter({ hasText: '待审核' }).first().waitFor();
      await page.getByTestId('batch-cities').getByText(cityName).waitFor();
      await page
        .getByRole('button', { name: /审核通过/ })
        .first()
        .click();
      const review = page.getByRole('dialog').filter({ hasText: '审核通过' });
      await review
        .getByRole('button', { name: /确\s*定|通\s*过|审核通过/ })
        .last()
        .click();
      await page.getByTestId('batch-status').filter({ hasText: '已生效' }).first().waitFor();
      await shot(extraShot('batch-view'));

      // 发券: three phones, one of them twice; a malformed line is refused before anything is sent
      await page
        .getByRole('button', { name: /^发\s*券$/ })
        .first()
        .click();
      await page.waitForURL(new RegExp(`coupon-provide\\?batchCode=${batchCode}`));
      const phones = page.getByLabel('手机号');
      await phones.fill('13812340001\n13812340002，13812340001\n1381234');
      await page.getByTestId('phone-invalid').waitFor();
      await phones.fill('13812340001\n13812340002，13812340001\n13812340003');
      await page.getByTestId('phone-summary').filter({ hasText: '3' }).waitFor();
      await page.getByRole('button', { name: /确认发券/ }).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /发\s*券/ })
        .click();
      const result = page.getByTestId('provide-result');
      await result.waitFor();
      const results = page.getByTestId('provide-results');
      assert((await rowsOf(results).filter({ hasText: '成功' }).count()) === 3, 'three coupons issued');
      await page.getByTestId('provide-summary').filter({ hasText: '成功 3 张' }).waitFor();
      const provideNo = /FQ\d{10}/.exec(await result.innerText())?.[0];
      assert(provideNo, 'the 发券单 number is shown');
      await shot(extraShot('provide'));

      // 券明细 of the 发券单: three 未使用 coupons of the batch
      await page.goto(`${base}/website/marketing/coupon-detail-list?provideNo=${provideNo}`);
      const coupons = page.getByTestId('coupon-list');
      await rowsOf(coupons).filter({ hasText: batchCode }).first().waitFor();
      assert((await rowsOf(coupons).filter({ hasText: '未使用' }).count()) === 3, 'three 未使用 coupons listed');
      await shot(extraShot('coupons'));

      // 发券记录 lists it
      await openPage(page, '营销管理', '发券记录', /\/website\/marketing\/coupon-provide-record/);
      await rowsOf(page.getByTestId('coupon-provide-records')).filter({ hasText: provideNo }).waitFor();
      await shot();
    },
  },
];
