import { assert, shotPath, signIn } from './kit.mjs';

/**
 * Journeys of the price pages' later additions (docs/prices.md): (1) a second channel's 变更记录 — 停用 then 启用 on
 * the 渠道价格 tab, both in its 历史 drawer there and in 变更记录 on the channel's own sheet; (2) 调整柜价 for every
 * cabinet matching 商品柜价's filter: the adjustment form opens with the cabinets the server found (as many as the
 * 商品柜价 list shows for the SKU).
 */
const extraShot = shotPath('price-gaps');
const rowsOf = (scope) => scope.locator('tbody tr.ant-table-row');
const confirmModal = async (page) => {
  const modal = page.locator('.ant-modal-confirm').last();
  await modal.waitFor();
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await modal.waitFor({ state: 'detached' });
};
const drawerTitled = (page, title) => page.locator('.ant-drawer.ant-drawer-open').filter({ hasText: title });

export const priceGapJourneys = [
  {
    name: 'price-channel-history',
    title: 'a second channel disabled and enabled again: both steps in its 历史 drawer and in 变更记录 on its sheet',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password, '/website/goods/price-adjustment?tab=channels');
      const list = page.getByTestId('price-channel-list');
      await rowsOf(list).first().waitFor();
      // an enabled channel of 智能柜
      const row = rowsOf(list)
        .filter({ has: page.getByRole('button', { name: '停用', exact: true }) })
        .first();
      const name = (await row.locator('td a').first().innerText()).trim();
      const theRow = () =>
        rowsOf(list)
          .filter({ has: page.getByRole('link', { name, exact: true }) })
          .first();
      await theRow().getByRole('button', { name: '停用', exact: true }).click();
      await confirmModal(page);
      await theRow().getByRole('button', { name: '启用', exact: true }).waitFor();
      await theRow().getByRole('button', { name: '启用', exact: true }).click();
      await confirmModal(page);
      await theRow().getByRole('button', { name: '停用', exact: true }).waitFor();

      await theRow().getByRole('button', { name: '历史', exact: true }).click();
      const drawer = drawerTitled(page, `变更记录：${name}`);
      await rowsOf(drawer).nth(1).waitFor();
      const texts = await rowsOf(drawer).allInnerTexts();
      assert(/启用/.test(texts[0]) && /停用\s*→\s*启用/.test(texts[0]), `the newest entry is 启用: ${texts[0]}`);
      assert(/停用/.test(texts[1]) && /启用\s*→\s*停用/.test(texts[1]), `the one before is 停用: ${texts[1]}`);
      assert(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(texts[0]), `a time on the business clock: ${texts[0]}`);
      await page.waitForTimeout(500); // the drawer's slide-in
      await page.screenshot({ path: extraShot('list-drawer') });
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });

      // the channel's own sheet: 变更记录
      await theRow().getByRole('link', { name, exact: true }).click();
      await page.waitForURL(/price-adjustment-h\//);
      await page.getByRole('button', { name: '变更记录' }).click();
      const again = drawerTitled(page, `变更记录：${name}`);
      await rowsOf(again).nth(1).waitFor();
      const sheetTexts = await rowsOf(again).allInnerTexts();
      assert(sheetTexts[0] === texts[0] && sheetTexts[1] === texts[1], 'the sheet shows the same trail');
      await page.waitForTimeout(500); // the drawer's slide-in
      await shot();
    },
  },
  {
    name: 'price-matching-cabinets',
    title: '调整柜价 for every cabinet matching 商品柜价: the form opens with the cabinets the server found',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password, '/website/merchant-goods-management/containerPrice-commodity');
      await page.getByRole('link', { name: '各柜价格' }).first().click();
      await page.waitForURL(/containerPrice-commodity-price\/[\d,]+\//);
      const skuIds = new URL(page.url()).pathname.split('/containerPrice-commodity-price/')[1].split('/')[0];
      assert(/^\d+$/.test(skuIds), `one SKU: ${skuIds}`);
      // one SKU: one row per cabinet carrying it (the list of this page: it has 设备编号)
      await page.getByRole('columnheader', { name: '设备编号' }).waitFor();
      await rowsOf(page.locator('.query-list')).first().waitFor();
      const total = Number((await page.locator('.ant-pagination-total-text').first().innerText()).match(/\d+/)?.[0] ?? 'NaN');
      assert(total > 0, 'the SKU is on some cabinet');

      const listUrl = page.url();
      // one row ticked: 调整柜价 opens the form with that row's cabinet
      const first = rowsOf(page.locator('.query-list')).first();
      const firstCabinet = (await first.locator('td').nth(1).innerText()).trim();
      await first.locator('.ant-checkbox-input').check();
      await page.getByRole('button', { name: /调整柜价（已选 1 台）/ }).click();
      await page.waitForURL(/price-adjustment-detail\?/);
      assert(new URL(page.url()).searchParams.get('scopeKeys') === firstCabinet, `the ticked cabinet: ${page.url()} vs ${firstCabinet}`);
      await page.locator('.ant-form-item', { hasText: '调价对象' }).getByText(firstCabinet).first().waitFor();

      // nothing ticked: every cabinet matching the filter, found by the server
      await page.goto(listUrl);
      await rowsOf(page.locator('.query-list')).first().waitFor();
      await page.getByRole('button', { name: /调整柜价（全部符合条件的柜）/ }).click();
      await page.waitForURL(/cabinets=matching/);
      await page.getByText(new RegExp(`已按筛选条件选中 ${total} 台智能柜`)).waitFor();
      await rowsOf(page.getByTestId('adjustment-lines')).first().waitFor();
      await page.screenshot({ path: extraShot('matching-form') });

      // a filter no cabinet's name holds: said, no form
      await page.goto(
        `${base}/website/goods/price-adjustment-detail?scopeType=cabinet&skuIds=${skuIds}&cabinets=matching&deviceName=${encodeURIComponent('没有这样的柜')}`,
      );
      await page.getByText('没有符合条件的智能柜').waitFor();
      await shot();
    },
  },
];
