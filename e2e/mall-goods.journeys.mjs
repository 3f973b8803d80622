import { execFileSync } from 'node:child_process';
import { artifacts, assert, pickLeafCategory, shotPath, signIn } from './kit.mjs';

/**
 * Journeys of the wholesale mall's goods (issue 12 item 5): the operator applies for a new mall product with
 * tiered wholesale prices; the admin (holder of 商城新品审核) approves it; it shows in the mall SKU list with
 * its tiers; 销售管理 puts it on sale; the application's PDF (preview page and download) prints the tiers.
 */

const shot = shotPath('mall-goods');

function ean13(body12) {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return body12 + String((10 - (sum % 10)) % 10);
}

const okButton = (page) => page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ });
/**
 * Confirms the open confirm dialog: clicks its OK again if a click landing during the zoom-in left it open (not while
 * the OK is busy with the request it started).
 */
async function confirmDialog(page) {
  const dialog = page.locator('.ant-modal-confirm');
  const closedWithin = (timeout) =>
    dialog.waitFor({ state: 'detached', timeout }).then(
      () => true,
      () => false,
    );
  for (let attempt = 1; ; attempt += 1) {
    await okButton(page).click();
    if (await closedWithin(5_000)) return;
    const busy = (
      (await okButton(page)
        .getAttribute('class')
        .catch(() => '')) ?? ''
    ).includes('ant-btn-loading');
    if (busy || attempt === 3) return void (await closedWithin(30_000));
  }
}

export const mallGoodsJourneys = [
  {
    name: 'mall-goods-apply-approve-sell',
    title:
      'operator applies for a mall product with price tiers; admin approves; it shows in SKU管理 with its tiers, goes on sale in 销售管理; the PDF prints the tiers',
    async run({ page, context, base, password }) {
      const stamp = String(Date.now()).slice(-6);
      const name = `农夫山泉 茶π 西柚茉莉 E2E${stamp}`;
      const barcode = ean13(`24${stamp}0000`);

      // ---- the operator applies
      await signIn(page, base, 'operator', password, '/website/mall/mall-add-new-product');
      await page.waitForURL(/mall-add-new-product/);
      await page.locator('.ant-table-row').first().waitFor();
      await page.screenshot({ path: shot('apply-list') });
      await page.getByRole('button', { name: /新品申请/ }).click();
      await page.waitForURL(/mall-apply-detail$/);
      await page.waitForFunction(() => globalThis.document.title.startsWith('商城新品申请'));
      await page.locator('#name').fill(name);
      await page.locator('#barcode').fill(barcode);
      await page.locator('#brand').fill('农夫山泉');
      await pickLeafCategory(page, page.locator('#categoryId'), '饮用水');
      await page.locator('#spec').fill('500ml');
      await page.locator('#shelfLifeDays').fill('270');
      await page.locator('#guidePrice').fill('5');
      await page.locator('#saleUnit').fill('箱');
      await page.locator('#piecesPerUnit').fill('15');
      await page.getByLabel('第1档起批数量').fill('2');
      await page.getByLabel('第1档批发价').fill('48');
      await page.getByRole('button', { name: /添加一档/ }).click();
      await page.getByLabel('第2档起批数量').fill('10');
      // a price above the previous break is refused by the shared rule, naming the break
      await page.getByLabel('第2档批发价').fill('50');
      await page.getByRole('button', { name: '保存草稿' }).click();
      await page.getByText('第2档批发价不能高于第1档（48.00元）').waitFor();
      await page.screenshot({ path: shot('tier-rule') });
      await page.getByLabel('第2档批发价').fill('45.6');
      await page.getByRole('button', { name: '提交审核' }).click();
      await okButton(page).click();
      await page.waitForURL(/mall-apply-detail\/MP\d{10}\/detail$/);
      const code = page.url().split('/').slice(-2)[0];
      await page.getByTestId('approval-title').filter({ hasText: name }).waitFor();
      await page.locator('.ant-tag').filter({ hasText: '待审核' }).first().waitFor();
      const opButtons = await page.locator('.ant-card-extra').first().innerText();
      assert(opButtons.includes('撤回') && !opButtons.includes('通过'), `operator's actions: ${opButtons}`);
      await page.screenshot({ path: shot('submitted'), fullPage: true });

      const adminContext = await context
        .browser()
        .newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', acceptDownloads: true });
      const admin = await adminContext.newPage();
      try {
        // ---- the admin approves
        await signIn(admin, base, 'admin', password, `/website/mall/mall-apply-detail/${code}/detail`);
        await admin.getByTestId('approval-title').filter({ hasText: name }).waitFor();
        await admin.getByRole('button', { name: /通\s*过/ }).click();
        await confirmDialog(admin);
        await admin.locator('.ant-tag').filter({ hasText: '已通过' }).first().waitFor();
        await admin.locator('.ant-table-tbody').last().getByText('审核通过').first().waitFor();
        await admin.screenshot({ path: shot('approved'), fullPage: true });

        // ---- SKU管理 shows it with its tiers (keyset pager)
        await admin.goto(`${base}/website/mall/mall-sku-list`);
        await admin.locator('.ant-table-row').first().waitFor();
        await admin.getByLabel('关键词').fill(barcode);
        await admin.getByRole('button', { name: /查\s*询/ }).click();
        const skuRow = admin.locator('.ant-table-row').filter({ hasText: barcode });
        await skuRow.waitFor();
        const skuText = await skuRow.innerText();
        assert(
          skuText.includes('2箱起') && skuText.includes('¥48.00') && skuText.includes('10箱起') && skuText.includes('¥45.60'),
          `tiers: ${skuText}`,
        );
        assert(skuText.includes('下架'), `a new mall SKU starts 下架: ${skuText}`);
        await admin.screenshot({ path: shot('sku-list') });
        // its page (wholesale-add-sku/view/…): the breaks and the history
        await skuRow.getByRole('button', { name: /查\s*看/ }).click();
        await admin.waitForURL(/wholesale-add-sku\/view\/\d+\/\d+\/\d+$/);
        await admin.waitForFunction(() => globalThis.document.title.startsWith('查看批发价'));
        await admin.getByText('SKU与批发价').waitFor();
        await admin.locator('.ant-descriptions').getByTestId('tier-list').getByText('10箱起').waitFor();
        await admin.locator('.ant-card').filter({ hasText: '操作记录' }).getByText('创建商城SKU').waitFor();
        await admin.screenshot({ path: shot('sku-view'), fullPage: true });
        await admin.goBack();

        // ---- 销售管理 puts it on sale
        await admin.goto(`${base}/website/mall/mall-salesmanagement-list`);
        await admin.locator('.ant-table-row').first().waitFor();
        await admin.getByLabel('关键词').fill(barcode);
        await admin.getByRole('button', { name: /查\s*询/ }).click();
        const saleRow = admin.locator('.ant-table-row').filter({ hasText: barcode });
        await saleRow.waitFor();
        await saleRow.getByRole('button', { name: /上\s*架/ }).click();
        await okButton(admin).click();
        await saleRow.locator('.ant-tag').filter({ hasText: '上架' }).waitFor();
        await saleRow.getByRole('button', { name: /下\s*架/ }).waitFor();
        await saleRow.getByRole('button', { name: '操作记录' }).click();
        await admin.locator('.ant-drawer').getByText('上架').first().waitFor();
        await admin.screenshot({ path: shot('on-sale') });
        await admin.keyboard.press('Escape');

        // ---- 标准商品: the mall SPU it created, and its edit page with SKUs and history
        await admin.goto(`${base}/website/mall/mall-standard-product-list`);
        await admin.locator('.ant-table-row').first().waitFor();
        const total = await admin.locator('.ant-pagination-total-text').first().innerText();
        assert(/共 \d{2,} 条/.test(total), `the mall SPU list pages the demo: ${total}`);
        await admin.getByLabel('关键词').fill(barcode);
        await admin.getByRole('button', { name: /查\s*询/ }).click();
        const spuRow = admin.locator('.ant-table-row').filter({ hasText: barcode });
        await spuRow.waitFor();
        await admin.screenshot({ path: shot('spu-list') });
        await spuRow.getByRole('button', { name: /编\s*辑/ }).click();
        await admin.waitForURL(/\/website\/mall\/edit\/\d+$/);
        await admin.locator('.ant-card').filter({ hasText: '商城SKU' }).getByText('10箱起').waitFor();
        await admin.screenshot({ path: shot('spu-edit'), fullPage: true });

        // ---- the PDF: preview page and download
        await admin.goto(`${base}/website/mall/mall-apply-detail-pdf?approvalCode=${code}`);
        await admin.getByTestId('pdf-title').filter({ hasText: code }).waitFor();
        const preview = await admin.locator('.ant-card-body').first().innerText();
        assert(preview.includes('第2档') && preview.includes('10箱起') && preview.includes('45.60'), `preview: ${preview.slice(0, 300)}`);
        await admin.locator('.ant-table-tbody').last().getByText('审核通过').first().waitFor();
        await admin.screenshot({ path: shot('pdf-page') });
        const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: /下载PDF/ }).click()]);
        assert(download.suggestedFilename() === `商城新品申请_${code}.pdf`, `file name ${download.suggestedFilename()}`);
        const pdfPath = `${artifacts}/mall-goods-${code}.pdf`;
        await download.saveAs(pdfPath);
        const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
        for (const word of [code, name, '已通过', '批发阶梯价', '2箱起', '48.00元', '10箱起', '45.60元'])
          assert(text.includes(word), `PDF lacks ${word}`);
      } finally {
        await adminContext.close();
      }
    },
  },
];
