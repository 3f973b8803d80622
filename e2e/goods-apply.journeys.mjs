import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { artifacts, assert, pickLeafCategory, shotPath, signIn } from './kit.mjs';

/**
 * Journeys of new-product applications (issue 12 part 3): the operator applies for a new product and submits
 * it; the admin (a reviewer) opens it, reads its history, rejects it with a reason and downloads the printable
 * PDF; the review shows in 审核记录. A second application is approved: it names
 * what it created (links), its PDF says 已通过, the goods list and the library find it, 审核记录 shows the trail. Each ends with screenshots of what it checked.
 */

const shot = shotPath('goods-apply');

/** A valid EAN-13 in the in-store range (20…), apart from the demo library's barcodes. */
function ean13(body12) {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return body12 + String((10 - (sum % 10)) % 10);
}

export const goodsApplyJourneys = [
  {
    name: 'goods-apply-review',
    title: 'operator applies for a new product and submits it; admin sees the history, rejects it with a reason and downloads the PDF',
    async run({ page, context, base, password }) {
      const stamp = String(Date.now()).slice(-6);
      const name = `三得利 乌龙茶 无糖 E2E${stamp}`;
      const barcode = ean13(`20${stamp}0000`);

      // ---- the operator applies
      await signIn(page, base, 'operator', password, '/website/goods/new-products-list');
      await page.waitForURL(/new-products-list/);
      await page.getByRole('button', { name: /新增申请/ }).click();
      await page.waitForURL(/add-new-products\/add$/);
      await page.waitForFunction(() => globalThis.document.title.startsWith('新增申请'));
      await page.locator('#name').fill(name);
      await page.locator('#barcode').fill(barcode);
      await page.locator('#brand').fill('三得利');
      await pickLeafCategory(page, page.locator('#categoryId'), '饮用水');
      await page.locator('#spec').fill('500ml');
      await page.locator('#unit').fill('瓶');
      await page.locator('#shelfLifeDays').fill('270');
      await page.locator('#guidePrice').fill('5.5');
      await page.locator('#basePrice').fill('4.8');
      await page.screenshot({ path: shot('form') });
      await page.getByRole('button', { name: '提交审核' }).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await page.waitForURL(/add-new-products\/view\/XP\d{10}$/);
      const code = page.url().split('/').pop();
      await page.getByTestId('approval-title').filter({ hasText: name }).waitFor();
      await page.locator('.ant-tag').filter({ hasText: '待审核' }).first().waitFor();
      const opButtons = await page.locator('.ant-card-extra').first().innerText();
      assert(opButtons.includes('撤回') && !opButtons.includes('驳回'), `operator's actions: ${opButtons}`);
      await page.screenshot({ path: shot('submitted'), fullPage: true });

      // ---- the admin reviews
      const adminContext = await context.browser().newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      const admin = await adminContext.newPage();
      try {
        await signIn(admin, base, 'admin', password, '/website/goods/new-products-list');
        await admin.waitForURL(/new-products-list/);
        const row = admin.locator('.ant-table-row').filter({ hasText: code });
        await row.waitFor();
        const total = await admin.locator('.ant-pagination-total-text').first().innerText();
        assert(/共 \d{2,} 条/.test(total), `the list pages the demo applications: ${total}`);
        await admin.screenshot({ path: shot('list') });
        // the demo list is larger than the e2e's direct-export limit: narrow it to this application, then export
        await admin.getByLabel('申请单号').fill(code);
        await admin.getByRole('button', { name: /查\s*询/ }).click();
        await admin.locator('.ant-pagination-total-text').filter({ hasText: '共 1 条' }).waitFor();
        const exportButton = admin.getByRole('button', { name: /导\s*出/ });
        await admin.waitForFunction(() => {
          const b = [...globalThis.document.querySelectorAll('button')].find((x) => /导\s*出/.test(x.textContent ?? ''));
          return b && !b.disabled;
        });
        const [xlsx] = await Promise.all([admin.waitForEvent('download'), exportButton.click()]);
        assert(xlsx.suggestedFilename().endsWith('.xlsx'), `export file ${xlsx.suggestedFilename()}`);
        await row.getByRole('link', { name: '审核' }).click();
        await admin.waitForURL(new RegExp(`add-new-products/review/${code}/1$`));
        await admin.waitForFunction(() => globalThis.document.title.startsWith('审核申请'));
        const history = admin.locator('.ant-table-tbody').last();
        await history.getByText('提交审核').first().waitFor();
        assert((await history.innerText()).includes('operator'), 'history names the applicant');
        await admin.getByRole('button', { name: /驳\s*回/ }).click();
        const dialog = admin.locator('.ant-modal').filter({ hasText: '驳回申请' });
        await dialog.getByRole('button', { name: '确认驳回' }).click();
        await dialog.getByText('驳回原因至少2个字').waitFor();
        await dialog.locator('textarea').fill('包装图片缺少配料表，请补充后重新提交');
        await dialog.getByRole('button', { name: '确认驳回' }).click();
        await admin.locator('.ant-descriptions').getByText('包装图片缺少配料表，请补充后重新提交').waitFor();
        await admin.locator('.ant-tag').filter({ hasText: '已驳回' }).first().waitFor();
        await history.getByText('审核驳回').first().waitFor();
        await admin.screenshot({ path: shot('rejected'), fullPage: true });

        const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: /下载PDF/ }).click()]);
        assert(download.suggestedFilename() === `新品申请_${code}.pdf`, `file name ${download.suggestedFilename()}`);
        const pdfPath = `${artifacts}/goods-apply-${code}.pdf`;
        await download.saveAs(pdfPath);
        const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
        for (const word of [code, name, '已驳回', '包装图片缺少配料表', '4.80元']) assert(text.includes(word), `PDF lacks ${word}`);
        fs.writeFileSync(`${artifacts}/goods-apply-pdf.txt`, text);

        // ---- 审核记录
        await admin.goto(`${base}/website/merchant-goods-management/record-list`);
        const records = admin.locator('.ant-table-tbody');
        await records.getByText(code).first().waitFor();
        const recText = await records.innerText();
        assert(recText.includes('审核驳回') && recText.includes('提交审核'), `records: ${recText.slice(0, 300)}`);
        await admin.screenshot({ path: shot('records') });
      } finally {
        await adminContext.close();
      }

      // ---- the applicant sees the reason and may edit again
      await page.reload();
      await page.locator('.ant-tag').filter({ hasText: '已驳回' }).first().waitFor();
      await page.getByRole('button', { name: /编\s*辑/ }).click();
      await page.waitForURL(new RegExp(`add-new-products/edit/${code}$`));
      await page.waitForFunction((n) => globalThis.document.querySelector('#name')?.value === n, name);
      assert((await page.locator('#basePrice').inputValue()) === '4.80', 'edit form shows the price in 元');
      await page.screenshot({ path: shot('edit-again') });
    },
  },
  {
    name: 'goods-apply-approve',
    title: 'operator submits a new-product application; admin approves it and it shows as 已通过 with what it created',
    async run({ page, context, base, password }) {
      const stamp = String(Date.now()).slice(-6);
      const name = `元气森林 白桃气泡水 E2E${stamp}`;
      await signIn(page, base, 'operator', password, '/website/goods/add-new-products/add');
      await page.waitForURL(/add-new-products\/add$/);
      await page.locator('#name').fill(name);
      await page.locator('#barcode').fill(ean13(`21${stamp}0000`));
      await page.locator('#brand').fill('元气森林');
      await pickLeafCategory(page, page.locator('#categoryId'), '饮用水');
      await page.locator('#spec').fill('480ml');
      await page.locator('#shelfLifeDays').fill('240');
      await page.locator('#guidePrice').fill('6');
      await page.locator('#basePrice').fill('5.5');
      await page.getByRole('button', { name: '提交审核' }).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await page.waitForURL(/add-new-products\/view\/XP\d{10}$/);
      const code = page.url().split('/').pop();

      const adminContext = await context.browser().newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      const admin = await adminContext.newPage();
      try {
        await signIn(admin, base, 'admin', password, `/website/goods/add-new-products/view/${code}`);
        await admin.getByTestId('approval-title').filter({ hasText: name }).waitFor();
        await admin.getByRole('button', { name: /通\s*过/ }).click();
        await admin
          .locator('.ant-modal-confirm')
          .getByRole('button', { name: /确\s*定|OK/ })
          .click();
        await admin.locator('.ant-tag').filter({ hasText: '已通过' }).first().waitFor();
        const info = await admin.locator('.ant-descriptions').first().innerText();
        const goodsNo = info.match(/标准商品 (SP\d{8})/)?.[1];
        const goodsCode = info.match(/商品 (G\d{8})/)?.[1];
        const skuCode = info.match(/SKU (K\d{8})/)?.[1];
        assert(goodsNo && goodsCode && skuCode, `审核结果 names no codes: ${info}`);
        await admin.locator('.ant-table-tbody').last().getByText('审核通过').first().waitFor();
        const actions = await admin.locator('.ant-card-extra').first().innerText();
        assert(!/驳\s*回|通\s*过|编\s*辑/.test(actions), `an approved application offers ${actions}`);
        await admin.screenshot({ path: shot('approved'), fullPage: true });

        // ---- its PDF says 已通过
        const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: /下载PDF/ }).click()]);
        const pdfPath = `${artifacts}/goods-apply-approved-${code}.pdf`;
        await download.saveAs(pdfPath);
        const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
        for (const word of [code, name, '已通过', '5.50元']) assert(text.includes(word), `approved PDF lacks ${word}`);

        // ---- it is in goods: the code opens the goods it created, and the goods list finds it
        await admin.getByRole('link', { name: goodsCode }).click();
        await admin.waitForURL(/\/website\/goods\/add-goods\/\d+\/view$/);
        await admin.getByText(name).first().waitFor();
        await admin.getByText(skuCode).first().waitFor();
        await admin.screenshot({ path: shot('approved-goods'), fullPage: true });
        await admin.goto(`${base}/website/goods/goods-management-list`);
        await admin.getByLabel('关键词').fill(goodsCode);
        await admin.getByRole('button', { name: /查\s*询/ }).click();
        await admin.locator('.ant-pagination-total-text').filter({ hasText: '共 1 条' }).waitFor();
        await admin.locator('.ant-table-row').filter({ hasText: name }).waitFor();
        await admin.goto(`${base}/website/goods/standard-product-list`);
        await admin.getByLabel('关键字').fill(goodsNo);
        await admin.getByRole('button', { name: /查\s*询/ }).click();
        await admin.locator('.ant-table-row').filter({ hasText: name }).waitFor();

        // ---- and in 审核记录
        await admin.goto(`${base}/website/merchant-goods-management/record-list`);
        await admin.getByLabel('申请单号').fill(code);
        await admin.getByRole('button', { name: /查\s*询/ }).click();
        const records = admin.locator('.ant-table-tbody');
        await records.getByText('审核通过').first().waitFor();
        const recText = await records.innerText();
        assert(recText.includes('提交审核') && recText.includes('创建申请'), `records: ${recText.slice(0, 300)}`);
        await admin.screenshot({ path: shot('approved-records') });
      } finally {
        await adminContext.close();
      }
    },
  },
];
