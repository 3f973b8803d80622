import { assert, shotPath, signIn } from './kit.mjs';

/**
 * Journeys of the supply-chain goods (issue 12, section 113): in 供应链商品 admin creates a supplier (供应商管理
 * drawer), a supply SPU on a leaf category, and a SKU through supply-sku-add (titled 创建Sku), then views it
 * (titled 查看Sku, read-only, with its history).
 */
const extraShot = shotPath('supply-goods');

/** A valid EAN-13 from 12 leading digits. */
function ean13(body) {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

const waitTitle = async (page, prefix) => {
  for (let i = 0; i < 50 && !(await page.title()).startsWith(prefix); i++) await page.waitForTimeout(100);
  assert((await page.title()).startsWith(prefix), `document title ${await page.title()}, expected ${prefix}`);
};

export const supplyGoodsJourneys = [
  {
    name: 'supply-goods-create-view',
    title: 'admin creates a supplier, a supply SPU and a SKU (创建Sku), then views the SKU read-only (查看Sku)',
    async run({ page, base, password, shot }) {
      const stamp = String(Date.now()).slice(-6);
      const supplierName = `闽南副食批发${stamp}`;
      await signIn(page, base, 'admin', password, '/website/supply/supply-goods-list');
      await page.waitForURL(/supply-goods-list/);
      const list = page.getByTestId('supply-goods-list');
      await list.locator('tbody tr.ant-table-row').first().waitFor();
      await waitTitle(page, '供应链商品');
      const firstRows = await list.locator('tbody tr.ant-table-row').allInnerTexts();
      assert(
        firstRows.some((r) => r.includes('华东食品供应链有限公司') || r.includes('粤海饮品批发')),
        `seeded supply goods: ${firstRows.slice(0, 2).join(' | ')}`,
      );
      await page.screenshot({ path: extraShot('list') });

      // 供应商管理 → 新增供应商
      await page.getByRole('button', { name: /供应商管理/ }).click();
      const suppliers = page.getByTestId('supplier-list');
      await suppliers.locator('tbody tr.ant-table-row').first().waitFor();
      await page.getByRole('button', { name: /新增供应商/ }).click();
      const modal = page.locator('.ant-modal', { hasText: '新增供应商' });
      await modal.getByLabel('供应商名称').fill(supplierName);
      await modal.getByLabel('联系人').fill('黄志强');
      await modal.getByLabel('联系电话').fill('13959201234');
      await modal.getByRole('button', { name: /保\s*存/ }).click();
      await page.locator('.ant-message-notice', { hasText: '供应商已新增' }).waitFor();
      await suppliers.locator('tbody tr', { hasText: supplierName }).waitFor();
      const row = await suppliers.locator('tbody tr', { hasText: supplierName }).innerText();
      assert(row.includes('139****1234') && row.includes('启用'), `supplier row: ${row}`);
      await page.waitForTimeout(300);
      await page.screenshot({ path: extraShot('suppliers') });
      await page.locator('.ant-drawer-close').click();
      await page.locator('.ant-drawer-content').waitFor({ state: 'hidden' });

      // 新增商品 (supply-goods-edit without an id)
      await page.getByRole('button', { name: /新增商品/ }).click();
      await page.waitForURL(/supply-goods-edit$/);
      await waitTitle(page, '新增供应链商品');
      const form = page.locator('form[aria-label="新增供应链商品"]');
      await form.getByLabel('供应商').click();
      await page.keyboard.type(supplierName);
      await page.locator('.ant-select-item-option', { hasText: supplierName }).click();
      await form.getByLabel('商品名称').fill(`闽南花生牛轧糖${stamp}`);
      await form.getByLabel('品牌').fill('闽南');
      await form.getByLabel('商品分类').click();
      await page.keyboard.type('饮用水');
      await page
        .locator('.ant-select-tree-node-content-wrapper:visible', { hasText: /^饮用水$/ })
        .first()
        .click();
      await form.getByLabel('单位').fill('袋');
      await form.getByRole('button', { name: /保\s*存/ }).click();
      await page.locator('.ant-message-notice', { hasText: '商品已新增' }).waitFor();
      await page.waitForURL(/supply-goods-edit\/\d+$/);
      const spuId = page.url().split('/').pop();
      await waitTitle(page, '编辑供应链商品');
      await page.locator('.ant-card', { hasText: '操作记录' }).getByText('新增供应链商品').waitFor();

      // 创建SKU from the SPU page: supply-sku-add/add/0/{spuId}
      await page
        .locator('.ant-card', { hasText: '暂无SKU' })
        .getByRole('button', { name: /创建SKU/ })
        .click();
      await page.waitForURL(new RegExp(`supply-sku-add/add/0/${spuId}$`));
      await waitTitle(page, '创建Sku');
      assert((await page.getByTestId('supply-sku-title').innerText()) === '创建Sku', 'form title');
      const barcode = ean13(`693${stamp}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`);
      await page.locator('form').getByText(`闽南花生牛轧糖${stamp}（GS`).first().waitFor();
      await page.locator('#barcode').fill(barcode);
      await page.locator('#purchasePriceYuan').fill('8.50');
      await page.locator('#moq').fill('24');
      await page.locator('#leadTimeDays').fill('5');
      await page.getByRole('button', { name: '添加规格（最多3项）' }).click();
      await page.locator('#specValues_0_name').fill('规格');
      await page.locator('#specValues_0_value').fill('500g');
      await page.screenshot({ path: extraShot('sku-form') });
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.locator('.ant-message-notice', { hasText: 'SKU已创建' }).waitFor();

      // 查看Sku: read-only details and the history
      await page.waitForURL(/supply-sku-add\/view\/\d+$/);
      await waitTitle(page, '查看Sku');
      assert((await page.getByTestId('supply-sku-title').innerText()) === '查看Sku', 'view title');
      const detail = await page.getByTestId('supply-sku-detail').innerText();
      for (const want of [barcode, '8.50', '24', '5天', supplierName, '规格：500g', '饮用水'])
        assert(detail.includes(want), `detail lacks ${want}: ${detail}`);
      const main = page.locator('.ant-card').first();
      assert((await main.locator('input, textarea').count()) === 0, 'the view page shows form fields');
      await page.locator('.ant-card', { hasText: '操作记录' }).getByText('创建SKU').waitFor();
      const crumb = await page.locator('.ant-breadcrumb').innerText();
      assert(crumb.includes('查看Sku'), `breadcrumb ${crumb}`);
      await page.waitForTimeout(300);
      await shot();

      // the SKU list finds it by barcode
      await page.goto(`${base}/website/supply/supply-sku-list`);
      const skus = page.getByTestId('supply-sku-list');
      await skus.locator('tbody tr.ant-table-row').first().waitFor();
      await skus.getByPlaceholder('SKU名称、编码或条码').fill(barcode);
      await skus.getByRole('button', { name: /查\s*询/ }).click();
      await skus.locator('tbody tr.ant-table-row', { hasText: barcode }).waitFor();
      await page.screenshot({ path: extraShot('sku-list') });
    },
  },
];
